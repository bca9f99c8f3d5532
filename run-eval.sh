#!/usr/bin/env bash
# Routing-quality evaluation of any catalog and gold-question file (format: routing-eval/README.md),
# with router-core, the ranking and routing code router-service runs. Needs only JDK 17+.
#   ./run-eval.sh --catalog FILE --questions FILE [--strategy keyword|semantic|hybrid|all] [--k 8]
set -euo pipefail
caller=$PWD
cd "$(dirname "$0")"
if ! command -v java >/dev/null 2>&1; then
  echo "error: Java 17 or newer is required, and 'java' is not on the PATH" >&2
  exit 2
fi
launcher=routing-eval/target/routing-eval.jar
if [ ! -f "$launcher" ] || [ -n "$(find contracts router-core routing-eval -name target -prune -o -type f \
    \( -path '*/src/main/*' -o -name pom.xml \) -newer "$launcher" -print -quit)" ]; then
  log=$(mktemp "${TMPDIR:-/tmp}/capplanner-build-XXXXXX.log")
  echo "Building the evaluation command (log: $log) ..." >&2
  if ! ./mvnw -B -DskipTests package -pl routing-eval -am >"$log" 2>&1; then
    tail -n 40 "$log" >&2
    echo "error: the build failed; see $log" >&2
    exit 1
  fi
  rm -f "$log"
fi
# File arguments are relative to the caller's directory, not to this one.
args=()
previous=""
for arg in "$@"; do
  case "$previous" in
    --catalog|--questions) [ "${arg:0:1}" = "/" ] || arg="$caller/$arg" ;;
  esac
  args+=("$arg")
  previous=$arg
done
exec java -jar "$launcher" ${args[@]+"${args[@]}"}
