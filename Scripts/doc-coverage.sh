#!/usr/bin/env bash
# Doc-comment coverage of the libraries' public API, and its size, from their symbol graphs; exits 1 under 100 %
# or when a library has more public symbols than its budget.
#
# Usage: Scripts/doc-coverage.sh [--no-build] [--graphs DIR] [MODULE...]
#   MODULE defaults to PaneKit PaneKitScenario PaneKitLua PaneKitRender PaneKitStudio.
#   --no-build reads the symbol graphs a previous run (or Scripts/build-docs.sh) left in
#   .build/symbol-graphs/ instead of building and dumping them again; --graphs DIR reads them from DIR.
#
# For each module it prints `public symbols: MODULE N`: the public and open symbols declared in our sources, as
# counted below (each once, none synthesised, none underscored). Public is what an app calls or configures; the
# descriptors, scenario readers, adapters and the tools' helpers are `package`. A budget is raised on purpose,
# in `budgets` below, never to make a change fit.
#
# A public or open symbol counts as documented when its declaration carries a `///` comment, or when it
# implements a requirement of a protocol and inherits that requirement's comment (what Quick Help shows).
# Symbols the compiler synthesises without a declaration in our sources (Equatable's `!=`, Codable's
# `init(from:)`, default implementations from another module) are not ours to document and are skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

source Scripts/docs-arguments.sh "$@"

# The most public symbols each library may have, each its count now (a budget only comes down). PaneKit's: 2,230
# before issue 35, counted as below; 1,209 once the navigation stack and the pager were added; 1,089 with every
# family within issue 35's target of 1,100 (the scenario model's parts, the field tables, the pose axis, the
# actions' scenario words, the CSS reader and writer of timing curves and duplicate conveniences made `package`).
# PaneKitScenario's and PaneKitRender's came down with it (`DemoScenario`, `CurvePlot`; `SheetFeel`, now the sheet's
# own). The others are their counts once the designer's loop (issue 37) added what an app calls (`CallCost`,
# `StudioMeter`, the video writers).
budgets="PaneKit=1089 PaneKitScenario=46 PaneKitLua=204 PaneKitRender=267 PaneKitStudio=98"

if [ "$build" = 1 ]; then
    # dump-symbol-graph builds the package (debug, the same build `swift build` makes) and extracts every
    # module's graph into the build folder; keep only the library modules' files. It exits non-zero because it
    # cannot load the synthesised test-bundle modules (PaneKitPackageTests), so its status is not the verdict:
    # a missing graph for one of our modules is.
    out=$(swift package dump-symbol-graph --minimum-access-level public 2>&1) || true
    dir=$(printf '%s\n' "$out" | sed -n 's/^Files written to //p' | tail -1)
    if [ -z "$dir" ] || [ ! -d "$dir" ]; then
        echo "doc-coverage: swift package dump-symbol-graph did not say where it wrote the graphs:" >&2
        echo "$out" >&2
        exit 1
    fi
    rm -rf "$graphs.tmp"; mkdir -p "$graphs.tmp"
    for m in "${modules[@]}"; do
        cp "$dir/$m.symbols.json" "$graphs.tmp/" 2>/dev/null || { echo "doc-coverage: no symbol graph for $m in $dir" >&2; exit 1; }
        for extension in "$dir/$m@"*.symbols.json; do [ -e "$extension" ] && cp "$extension" "$graphs.tmp/"; done
    done
    rm -rf "$graphs"; mv "$graphs.tmp" "$graphs"
fi

python3 - "$PWD" "$graphs" "$budgets" "${modules[@]}" <<'PY'
import json, os, sys
from urllib.parse import unquote, urlparse

root, graphs, modules = sys.argv[1], sys.argv[2], sys.argv[4:]
budgets = {name: int(limit) for name, limit in (item.split("=") for item in sys.argv[3].split())}
sources = os.path.join(root, "Sources") + os.sep
over = []

def path_of(uri):
    return unquote(urlparse(uri).path)

total_missing = 0
for module in modules:
    files = [f for f in sorted(os.listdir(graphs))
             if f == module + ".symbols.json" or (f.startswith(module + "@") and f.endswith(".symbols.json"))]
    if not files:
        print(f"doc-coverage: no symbol graph for {module} in {graphs}", file=sys.stderr)
        sys.exit(1)
    seen, documented, missing = set(), 0, []
    for name in files:
        with open(os.path.join(graphs, name), encoding="utf-8") as f:
            graph = json.load(f)
        # Members that satisfy a protocol requirement inherit the requirement's comment.
        requirements = {r["source"] for r in graph.get("relationships", [])
                        if r["kind"] in ("requirementOf", "optionalRequirementOf")}
        implements = {r["source"] for r in graph.get("relationships", []) if r["kind"] == "overrides"}
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            location = symbol.get("location")
            if not location or "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
                # Synthesised: no declaration of ours, or a copy, per conforming type, of a protocol extension's
                # member, which is counted once where it is declared.
                continue
            path = path_of(location["uri"])
            if not path.startswith(sources):
                continue
            key = (symbol["identifier"]["precise"], path, location["position"]["line"])
            if key in seen:
                continue
            seen.add(key)
            names = symbol.get("pathComponents", [])
            if names and names[-1].startswith("_"):
                continue  # underscored: not public API (README, Definition of public API)
            doc = symbol.get("docComment")
            own = doc and path_of(doc.get("uri", location["uri"])) == path and any(
                line["text"].strip() for line in doc.get("lines", []))
            inherited = doc and not own and (symbol["identifier"]["precise"] in implements or doc.get("module"))
            if own or inherited:
                documented += 1
            else:
                kind = symbol["kind"]["displayName"].lower()
                title = ".".join(names) or symbol["names"]["title"]
                rel = os.path.relpath(path, root)
                missing.append((rel, location["position"]["line"] + 1, kind, title))
    count = documented + len(missing)
    share = 100.0 * documented / count if count else 100.0
    print(f"{module}: {documented}/{count} public symbols documented ({share:.1f} %)")
    for rel, line, kind, title in sorted(missing):
        print(f"  {rel}:{line}: {kind} {title}")
    print(f"public symbols: {module} {count}")
    if module in budgets and count > budgets[module]:
        over.append(f"doc-coverage: {module} has {count} public symbols, above its budget of {budgets[module]} "
                    f"(make what an app does not call or configure `package`, or raise the budget in "
                    f"Scripts/doc-coverage.sh on purpose)")
    total_missing += len(missing)

if total_missing:
    print(f"doc-coverage: {total_missing} public symbols lack a doc comment", file=sys.stderr)
for message in over:
    print(message, file=sys.stderr)
if total_missing or over:
    sys.exit(1)
PY
