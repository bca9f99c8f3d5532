#!/usr/bin/env bash
# Planning-quality evaluation of an OpenAPI document and a gold-question file (format:
# planning-eval/README.md), with router-core and planner-core, the code router-service and
# planner-service run. Needs only JDK 17+.
#   ./run-plan-eval.sh --openapi FILE|URL --questions FILE [--connection NAME] [--hidden PARAM,...] [--strategy hybrid]
set -euo pipefail
caller=$PWD
cd "$(dirname "$0")"
. scripts/java-command.sh
run_java_command "$caller" planning-eval "contracts capability-import router-core planner-core planning-eval" \
  "--openapi --questions" "$@"
