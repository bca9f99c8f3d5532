#!/usr/bin/env bash
# Routing-quality evaluation of any catalog and gold-question file (format: routing-eval/README.md),
# with router-core, the ranking and routing code router-service runs. Needs only JDK 17+.
#   ./run-eval.sh --catalog FILE --questions FILE [--strategy keyword|semantic|hybrid|all] [--k 8]
set -euo pipefail
caller=$PWD
cd "$(dirname "$0")"
. scripts/java-command.sh
run_java_command "$caller" routing-eval "contracts router-core capability-import routing-eval" "--catalog --questions --write-weights" "$@"
