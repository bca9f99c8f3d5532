#!/usr/bin/env bash
# The scaling run: the same load on 1, 2 and 4 partitions per topic with as many processes of each
# service (one consumer each), one ./run-load.sh per configuration on a fresh stack, then one table:
# throughput and latency per configuration, CPU per turn and the memory it all took.
#
#   ./run-scaling.sh [--turns N] [--rate R] [--configurations "1 2 4"]
#
# Other options go to ./run-load.sh unchanged. Each run's stderr is kept in target/scaling/.
set -euo pipefail
cd "$(dirname "$0")"
configurations="1 2 4"
pass=()
while [ $# -gt 0 ]; do
  case "$1" in
    --configurations) configurations=$2; shift 2 ;;
    --partitions|--replicas|--attach|--fault)
      echo "error: $1 is what ./run-scaling.sh varies or cannot vary; give it to ./run-load.sh instead" >&2; exit 2 ;;
    -h|--help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) pass+=("$1"); shift ;;
  esac
done
if [ ${#pass[@]} -eq 0 ]; then
  pass=(--turns 400)
fi
mkdir -p target/scaling
rows=()
for n in $configurations; do
  log="target/scaling/partitions-$n.log"
  echo "partitions=$n replicas=$n: ./run-load.sh ${pass[*]} --partitions $n --replicas $n (stderr: $log)" >&2
  status=0
  line=$(./run-load.sh "${pass[@]}" --partitions "$n" --replicas "$n" 2>"$log" | tail -1) || status=$?
  if [ -z "$line" ]; then
    echo "error: the run with $n partitions printed no result (exit status $status); see $log" >&2
    exit 1
  fi
  cpu=$(sed -n 's/.*, \([0-9.]*\) ms per completed turn.*/\1/p' "$log" | tail -1)
  rss=$(sed -n 's/.*peak RSS (MiB)://p' "$log" | tail -1 | tr ' ' '\n' | awk -F= 'NF==2 {s+=$2} END {print s}')
  rows+=("$n $line ${cpu:-?} ${rss:-?}")
done
printf '%-11s %-9s %-10s %-8s %-9s %-9s %-14s %-13s %s\n' partitions completed lost p50_ms p95_ms p99_ms throughput_per_s cpu_ms_per_turn rss_mib_total
for row in "${rows[@]}"; do
  n=${row%% *}; rest=${row#* }
  json=${rest%% *}; rest=${rest#* }
  cpu=${rest%% *}; rss=${rest#* }
  field() { printf '%s' "$json" | sed -n "s/.*\"$1\":\([0-9.]*\).*/\1/p"; }
  printf '%-11s %-9s %-10s %-8s %-9s %-9s %-14s %-13s %s\n' "$n" "$(field completed)" "$(field lost)" \
    "$(field p50_ms)" "$(field p95_ms)" "$(field p99_ms)" "$(field throughput_per_s)" "$cpu" "$rss"
done
