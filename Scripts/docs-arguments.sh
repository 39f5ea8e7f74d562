# Sourced by doc-coverage.sh and build-docs.sh: reads their arguments, [--no-build] [--graphs DIR] [MODULE...], into
# $build (1 or 0), $graphs (the folder of symbol graphs: .build/symbol-graphs unless --graphs, which implies
# --no-build) and $modules (the library modules by default); --help prints the calling script's header comment.
build=1
graphs=.build/symbol-graphs
modules=()
while [ $# -gt 0 ]; do
    case "$1" in
        --no-build) build=0 ;;
        --graphs)
            if [ $# -lt 2 ]; then echo "$(basename "$0" .sh): --graphs needs a folder" >&2; exit 2; fi
            graphs=$2; build=0; shift ;;
        -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
        -*) echo "$(basename "$0" .sh): unknown option $1 (expected --no-build, --graphs DIR or module names)" >&2; exit 2 ;;
        *) modules+=("$1") ;;
    esac
    shift
done
if [ ${#modules[@]} -eq 0 ]; then modules=(PaneKit PaneKitScenario PaneKitLua PaneKitRender PaneKitStudio); fi
