#!/usr/bin/env bash
# Rewrites the parts of Plugins/panekit.d.lua and docs/plugins.md generated from the styler contract
# (Sources/PaneKitLua/StylerContract*.swift): the role alias, the fields of ctx and of a node's edits, and the guide's
# tables. Run it after changing the contract; StylerContractTests fails while they are stale.
# Usage: Scripts/generate-contract.sh [--check]   (--check writes nothing and exits 1 when a file is stale)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "-h" ] || [ "${1:-}" = "--help" ]; then
    awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
    exit 0
fi
swift run --quiet panekit contract "$@" "$PWD"
