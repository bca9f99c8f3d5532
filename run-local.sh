#!/usr/bin/env bash
# The main job: runs the whole suite on this machine (embedded Kafka and PostgreSQL, the demo API and
# the five services as separate processes), replays a conversation and summarizes it.
# Needs only JDK 17+; builds what it needs on first use. See README.md and ./run-local.sh --help.
set -euo pipefail
cd "$(dirname "$0")"

if ! command -v java >/dev/null 2>&1; then
  echo "error: Java 17 or newer is required, and 'java' is not on the PATH" >&2
  exit 2
fi
version=$(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = //p')
major=${version%%.*}
if [ "$major" = "1" ]; then major=$(echo "$version" | cut -d. -f2); fi
if [ -z "$major" ] || [ "$major" -lt 17 ]; then
  echo "error: Java 17 or newer is required (found ${version:-an unknown version}); set JAVA_HOME or PATH to a newer JDK" >&2
  exit 2
fi

apps="demo-api snapshot-service router-service planner-service executor-service shadow-report-service"
launcher=local-stack/target/local-stack.jar
needs_build=0
[ -f "$launcher" ] || needs_build=1
for app in $apps; do
  [ -f "$app/target/quarkus-app/quarkus-run.jar" ] || needs_build=1
done
if [ "$needs_build" = 0 ] && [ -n "$(find . -name target -prune -o -name .git -prune -o -type f \
    \( -path '*/src/main/*' -o -name pom.xml \) -newer "$launcher" -print -quit)" ]; then
  needs_build=1
fi
if [ "$needs_build" = 1 ]; then
  log=$(mktemp "${TMPDIR:-/tmp}/capplanner-build-XXXXXX.log")
  echo "Building the suite (the first build downloads dependencies and takes a few minutes; log: $log) ..."
  if ! ./mvnw -B -DskipTests package >"$log" 2>&1; then
    tail -n 40 "$log" >&2
    echo "error: the build failed; see $log" >&2
    exit 1
  fi
  rm -f "$log"
fi

exec java -Dcapplanner.home="$PWD" -jar "$launcher" "$@"
