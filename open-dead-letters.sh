#!/usr/bin/env bash
# Opens a service's encrypted dead letters for replay (docs/sre-runbook.md, "Dead letters"):
#   CAPPLANNER_DEAD_LETTERS_KEYS=keyId:base64secret[,...] ./open-dead-letters.sh --topic capplanner.<service>.dlq.v1 \
#     [--bootstrap-server host:port] [--command-config client.properties] [--partition N [--offset N]] [--max-records N]
# One JSON line per dead letter on stdout (the failed record's value and headers, or why it did not
# open). The keys are read from the environment only. Needs only JDK 17+. See ./open-dead-letters.sh --help.
set -euo pipefail
caller=$PWD
cd "$(dirname "$0")"
# shellcheck source=scripts/local-stack-build.sh
. scripts/local-stack-build.sh
ensure_local_stack_built

# shellcheck source=scripts/caller-files.sh
. scripts/caller-files.sh
caller_files "$caller" "--command-config" "$@"
exec java -cp local-stack/target/local-stack.jar dev.capplanner.localstack.deadletters.OpenDeadLettersMain \
  ${args[@]+"${args[@]}"}
