# Shared by ./run-local.sh and ./run-load.sh (sourced, not run): checks the JDK, then builds the demo
# API, the five services, the turn gateway and the local-stack launcher when any is missing or older than its sources.

ensure_local_stack_built() {
  if ! command -v java >/dev/null 2>&1; then
    echo "error: Java 17 or newer is required, and 'java' is not on the PATH" >&2
    exit 2
  fi
  local version major
  version=$(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = //p')
  major=${version%%.*}
  if [ "$major" = "1" ]; then major=$(echo "$version" | cut -d. -f2); fi
  if [ -z "$major" ] || [ "$major" -lt 17 ]; then
    echo "error: Java 17 or newer is required (found ${version:-an unknown version}); set JAVA_HOME or PATH to a newer JDK" >&2
    exit 2
  fi

  local apps="demo-api snapshot-service router-service planner-service executor-service shadow-report-service turn-gateway"
  local launcher=local-stack/target/local-stack.jar
  local needs_build=0 app
  [ -f "$launcher" ] || needs_build=1
  for app in $apps; do
    [ -f "$app/target/quarkus-app/quarkus-run.jar" ] || needs_build=1
  done
  if [ "$needs_build" = 0 ] && [ -n "$(find . -name target -prune -o -name .git -prune -o -type f \
      \( -path '*/src/main/*' -o -name pom.xml \) -newer "$launcher" -print -quit)" ]; then
    needs_build=1
  fi
  if [ "$needs_build" = 1 ]; then
    local log
    log=$(mktemp "${TMPDIR:-/tmp}/capplanner-build-XXXXXX.log")
    echo "Building the suite (the first build downloads dependencies and takes a few minutes; log: $log) ..." >&2
    if ! ./mvnw -B -DskipTests package >"$log" 2>&1; then
      tail -n 40 "$log" >&2
      echo "error: the build failed; see $log" >&2
      exit 1
    fi
    rm -f "$log"
    # Maven leaves a jar whose content did not change untouched; without this, a change in any other
    # module would rebuild on every start.
    touch "$launcher"
  fi
}
