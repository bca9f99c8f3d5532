#!/usr/bin/env bash
# The load driver: starts the local stack, publishes turns as a chat backend does (open-loop at
# --rate, or as fast as possible), optionally injects a fault, and prints per-stage times on stderr
# and one JSON line on stdout. Needs only JDK 17+. See README.md and ./run-load.sh --help.
set -euo pipefail
cd "$(dirname "$0")"
# shellcheck source=scripts/local-stack-build.sh
. scripts/local-stack-build.sh
ensure_local_stack_built

exec java -Dcapplanner.home="$PWD" -cp local-stack/target/local-stack.jar dev.capplanner.localstack.load.LoadMain "$@"
