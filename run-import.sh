#!/usr/bin/env bash
# Imports a source's operations as capabilities, with the import code snapshot-service's registry uses:
#   ./run-import.sh --openapi FILE|URL [--out catalog.jsonl] [--connection NAME]
# Prints progress on stderr and, as the last stdout line,
#   {"source":"openapi","operations":N,"read_only":N,"excluded":N,"relationships":N,"ms":N}
# --out writes the catalog format ./run-eval.sh --catalog reads. Needs only JDK 17+.
set -euo pipefail
caller=$PWD
cd "$(dirname "$0")"
. scripts/java-command.sh
run_java_command "$caller" capability-import "capability-import" "--openapi --out" "$@"
