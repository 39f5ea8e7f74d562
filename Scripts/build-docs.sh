#!/usr/bin/env bash
# Builds the DocC archives of the library modules into .build/docs/, with warnings treated as errors.
#
# Usage: Scripts/build-docs.sh [--no-build] [--graphs DIR] [MODULE...]
#   MODULE defaults to PaneKit PaneKitScenario PaneKitLua PaneKitRender PaneKitStudio; each needs Sources/MODULE/MODULE.docc.
#   --no-build reuses the symbol graphs in .build/symbol-graphs/ (written by Scripts/doc-coverage.sh); --graphs DIR
#   reads them from DIR instead.
# Each archive is a static site: serve it (python3 -m http.server -d .build/docs/PaneKit.doccarchive) and open
# /documentation/panekit; the pages need an HTTP server, not file://.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

source Scripts/docs-arguments.sh "$@"

docc=$(command -v docc || true)
if [ -z "$docc" ]; then echo "build-docs: docc not found (it ships with the Swift toolchain, /opt/swift/usr/bin)" >&2; exit 1; fi

# The same symbol graphs the coverage check reads (one dump serves both).
if [ "$build" = 1 ]; then Scripts/doc-coverage.sh "${modules[@]}" >/dev/null || true; fi

mkdir -p .build/docs
for m in "${modules[@]}"; do
    catalog="Sources/$m/$m.docc"
    if [ ! -d "$catalog" ]; then echo "build-docs: no catalog $catalog" >&2; exit 1; fi
    staged=".build/docs/$m.symbol-graphs"
    rm -rf "$staged"; mkdir -p "$staged"
    if ! cp "$graphs/$m.symbols.json" "$staged/" 2>/dev/null; then
        echo "build-docs: no symbol graph for $m (run Scripts/doc-coverage.sh first or drop --no-build)" >&2; exit 1
    fi
    for extension in "$graphs/$m"@*.symbols.json; do [ -e "$extension" ] && cp "$extension" "$staged/"; done
    # Written beside and renamed, so an interrupted build leaves the last good archive.
    rm -rf ".build/docs/$m.doccarchive.tmp"
    "$docc" convert "$catalog" \
        --additional-symbol-graph-dir "$staged" \
        --fallback-display-name "$m" --fallback-bundle-identifier "org.panekit.$m" \
        --output-path ".build/docs/$m.doccarchive.tmp" \
        --warnings-as-errors --analyze >".build/docs/$m.log" 2>&1 || { cat ".build/docs/$m.log" >&2; echo "build-docs: $m failed" >&2; exit 1; }
    rm -rf ".build/docs/$m.doccarchive"; mv ".build/docs/$m.doccarchive.tmp" ".build/docs/$m.doccarchive"
    rm -rf "$staged"
    echo "build-docs: .build/docs/$m.doccarchive"
done
