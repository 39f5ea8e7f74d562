# Sourced by doc-coverage.sh and build-docs.sh: reads their arguments, [--no-build] [MODULE...], into $build (1 or
# 0) and $modules (the library modules by default); --help prints the calling script's header comment.
build=1
modules=()
for arg in "$@"; do
    case "$arg" in
        --no-build) build=0 ;;
        -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
        -*) echo "$(basename "$0" .sh): unknown option $arg (expected --no-build or module names)" >&2; exit 2 ;;
        *) modules+=("$arg") ;;
    esac
done
if [ ${#modules[@]} -eq 0 ]; then modules=(PaneKit PaneKitScenario PaneKitLua PaneKitRender PaneKitStudio); fi
