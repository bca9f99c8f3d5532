#!/usr/bin/env bash
# The main job: runs the whole suite on this machine (embedded Kafka and PostgreSQL, the demo API and
# the five services as separate processes), replays a conversation and summarizes it.
# Needs only JDK 17+; builds what it needs on first use. See README.md and ./run-local.sh --help.
set -euo pipefail
cd "$(dirname "$0")"
# shellcheck source=scripts/local-stack-build.sh
. scripts/local-stack-build.sh
ensure_local_stack_built

exec java -Dcapplanner.home="$PWD" -jar local-stack/target/local-stack.jar "$@"
