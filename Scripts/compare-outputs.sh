#!/usr/bin/env bash
# Renders every gallery example in every format with the panekit of BASE_REF and with the working tree's, and
# compares the results byte for byte; exits 1 on any difference. For refactors that must not change an output.
#
# Usage: Scripts/compare-outputs.sh [BASE_REF]      (default: main)
#   BASE_REF's binary is built once in a temporary worktree and kept in $COMPARE_CACHE (default
#   ${TMPDIR:-/tmp}/panekit-compare/COMMIT), so a second run against the same commit builds only the working tree.
#   COMPARE_EXAMPLES="Examples/a.json Examples/b.json" limits the run to those examples.
#
# Compared: standard output, standard error and exit status of each run, and every file it writes, for json,
# ascii (with and without colour), svg, sheet (also --tiles and --onion), animated-svg, cast, html, css (with
# --html), lottie and png (first frames) of every example; gif and mp4 of three examples; the render help and
# the usage errors that list the formats.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

base_ref=${1:-main}
commit=$(git rev-parse --verify "$base_ref^{commit}")
cache=${COMPARE_CACHE:-${TMPDIR:-/tmp}/panekit-compare/$commit}
start=$(date +%s)

# The base binary: built in a temporary worktree, kept in the cache.
if [ ! -x "$cache/panekit" ]; then
    mkdir -p "$cache"
    tree=$(mktemp -d "${TMPDIR:-/tmp}/panekit-base.XXXXXX")
    git worktree add --detach --quiet "$tree/src" "$commit"
    echo "compare-outputs: building panekit of $base_ref (${commit:0:12})" >&2
    (cd "$tree/src" && swift build --product panekit >&2 && cp "$(swift build --show-bin-path)/panekit" "$cache/panekit")
    git worktree remove --force "$tree/src"
    rm -rf "$tree"
fi
echo "compare-outputs: building panekit of the working tree" >&2
swift build --product panekit >&2
new="$(swift build --show-bin-path)/panekit"
old="$cache/panekit"

work=$(mktemp -d "${TMPDIR:-/tmp}/panekit-compare-run.XXXXXX")
trap 'rm -rf "$work"' EXIT
examples=${COMPARE_EXAMPLES:-$(ls Examples/*.json)}
# shellcheck disable=SC2206
examples=($examples)
videos=("${examples[@]:0:3}")

# run_out NAME ARGS...: runs both binaries; @OUT@ in ARGS becomes each side's folder $work/{old,new}/NAME/out.
run_out() {
    local name=$1
    shift
    for side in old new; do
        local dir="$work/$side/$name"
        mkdir -p "$dir/out"
        local binary=$old
        [ "$side" = new ] && binary=$new
        local args=()
        for a in "$@"; do args+=("${a//@OUT@/$dir/out}"); done
        set +e
        "$binary" "${args[@]}" >"$dir/stdout" 2>"$dir/stderr" </dev/null
        echo $? >"$dir/status"
        set -e
        # Messages name the output folder; make them comparable.
        sed -i "s#$dir#@DIR@#g" "$dir/stdout" "$dir/stderr"
        # Scenarios rendered in parallel warn in the order they happen to run: compare their lines sorted.
        if [[ " $* " == *" --jobs "* ]]; then LC_ALL=C sort -o "$dir/stderr" "$dir/stderr"; fi
    done
}

for format in json ascii svg sheet animated-svg cast html css lottie; do
    run_out "$format" render "${examples[@]}" --format "$format" --out @OUT@/ --jobs 2
done
run_out ascii-color render "${examples[@]}" --format ascii --color always --out @OUT@/ --jobs 2
run_out cast-color render "${examples[@]}" --format cast --color always --grid 60x20 --out @OUT@/ --jobs 2
run_out css-html render "${examples[@]}" --format css --html --out @OUT@/ --jobs 2
run_out sheet-tiles render "${examples[@]}" --format sheet --tiles 6 --columns 3 --out @OUT@/ --jobs 2
run_out sheet-onion render "${examples[@]}" --format sheet --every 4 --onion --out @OUT@/ --jobs 2
run_out png render "${examples[@]}" --format png --frames 0..1 --out @OUT@/ --jobs 2
run_out gif render "${videos[@]}" --format gif --frames 0..12 --out @OUT@/ --jobs 2
run_out mp4 render "${videos[@]}" --format mp4 --frames 0..12 --scale 0.5 --out @OUT@/ --jobs 2
# Single files and standard output.
first=${examples[0]}
for format in json ascii svg sheet animated-svg cast html css lottie; do
    run_out "stdout-$format" render "$first" --format "$format" --frames 0..0
done
run_out stdout-json-many render "${examples[@]:0:3}" --format json --frames 2..4
run_out stdout-ascii-many render "${examples[@]:0:3}" --format ascii --frames 2..3
run_out file-svg render "$first" --format svg --frames 3..3 --out @OUT@/one.svg
run_out file-png render "$first" --format png --frames 3..3 --out @OUT@/one.png
run_out file-lottie render "$first" --format lottie --out @OUT@/one.json
run_out file-css render "$first" --format css --html --out @OUT@/one.css
run_out file-cast render "$first" --format cast --out @OUT@/one.cast
run_out file-gif render "$first" --format gif --frames 0..5 --out @OUT@/one.gif
# Help and usage errors.
run_out help render --help
run_out bad-format render "$first" --format bogus
run_out png-stdout render "$first" --format png
run_out svg-many-stdout render "$first" --format svg
run_out cast-several-stdout render "${examples[@]:0:2}" --format cast
run_out gif-no-out render "$first" --format gif
run_out tiles-not-sheet render "$first" --format svg --tiles 3

# Compare every file of the two sides.
differences=0
while IFS= read -r file; do
    rel=${file#"$work/old/"}
    if [ ! -e "$work/new/$rel" ]; then
        echo "only in $base_ref: $rel"
        differences=$((differences + 1))
    elif ! cmp -s "$file" "$work/new/$rel"; then
        echo "differs: $rel"
        diff <(head -c 2000 "$file") <(head -c 2000 "$work/new/$rel") | head -8 || true
        differences=$((differences + 1))
    fi
done < <(find "$work/old" -type f | sort)
while IFS= read -r file; do
    rel=${file#"$work/new/"}
    if [ ! -e "$work/old/$rel" ]; then
        echo "only in the working tree: $rel"
        differences=$((differences + 1))
    fi
done < <(find "$work/new" -type f | sort)

count=$(find "$work/old" -type f | wc -l)
elapsed=$(($(date +%s) - start))
if [ "$differences" -gt 0 ]; then
    echo "compare-outputs: $differences of $count files differ from $base_ref (${elapsed}s)"
    exit 1
fi
echo "compare-outputs: all $count files identical to $base_ref (${commit:0:12}), ${#examples[@]} examples (${elapsed}s)"
