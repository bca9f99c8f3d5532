#!/usr/bin/env bash
# Re-publishes opened dead letters to the topics they failed on (docs/sre-runbook.md, "Dead letters"):
#   ./open-dead-letters.sh --topic capplanner.<service>.dlq.v1 ... > opened.jsonl
#   ./replay-dead-letters.sh --opened opened.jsonl [--only P:O[,P:O...]] [--apply] \
#     [--bootstrap-server host:port] [--command-config client.properties]
# A dry run unless --apply. Needs only JDK 17+. See ./replay-dead-letters.sh --help.
set -euo pipefail
caller=$PWD
cd "$(dirname "$0")"
# shellcheck source=scripts/local-stack-build.sh
. scripts/local-stack-build.sh
ensure_local_stack_built

# shellcheck source=scripts/caller-files.sh
. scripts/caller-files.sh
caller_files "$caller" "--opened --command-config" "$@"
exec java -cp local-stack/target/local-stack.jar dev.capplanner.localstack.deadletters.ReplayDeadLettersMain \
  ${args[@]+"${args[@]}"}
