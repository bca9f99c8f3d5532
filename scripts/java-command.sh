# Shared by ./run-eval.sh and ./run-import.sh (sourced, not run): builds a command's module when
# its jar is missing or older than the sources it is built from, then runs the jar, resolving the
# file options' values against the caller's directory.
#
#   run_java_command CALLER_DIR MODULE "SOURCE_DIRS" "FILE_OPTIONS" ARGS...

run_java_command() {
  local caller=$1 module=$2 sources=$3 file_options=$4
  shift 4
  if ! command -v java >/dev/null 2>&1; then
    echo "error: Java 17 or newer is required, and 'java' is not on the PATH" >&2
    exit 2
  fi
  local launcher="$module/target/$module.jar"
  # shellcheck disable=SC2086
  if [ ! -f "$launcher" ] || [ -n "$(find $sources -name target -prune -o -type f \
      \( -path '*/src/main/*' -o -name pom.xml \) -newer "$launcher" -print -quit)" ]; then
    local log
    log=$(mktemp "${TMPDIR:-/tmp}/capplanner-build-XXXXXX.log")
    echo "Building $module (log: $log) ..." >&2
    if ! ./mvnw -B -DskipTests package -pl "$module" -am >"$log" 2>&1; then
      tail -n 40 "$log" >&2
      echo "error: the build failed; see $log" >&2
      exit 1
    fi
    rm -f "$log"
    touch "$launcher"  # an unchanged jar keeps its old time, and would be rebuilt on every run
  fi
  local args=() previous="" arg
  for arg in "$@"; do
    if [[ " $file_options " == *" $previous "* ]]; then
      case "$arg" in /*|http://*|https://*) ;; *) arg="$caller/$arg" ;; esac
    fi
    args+=("$arg")
    previous=$arg
  done
  exec java -jar "$launcher" ${args[@]+"${args[@]}"}
}
