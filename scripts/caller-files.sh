# Sourced by the operator scripts: the arguments with every relative file given to one of the named
# options made absolute from where the caller stands (the scripts run from the repository root).
#   caller_files "$PWD_OF_CALLER" "--opened --command-config" "$@"   # sets the array args
caller_files() {
  local caller=$1 options=" $2 " previous="" arg
  shift 2
  args=()
  for arg in "$@"; do
    if [[ "$options" == *" $previous "* && "$arg" != "-" && "$arg" != /* ]]; then
      arg="$caller/$arg"
    fi
    args+=("$arg")
    previous=$arg
  done
}
