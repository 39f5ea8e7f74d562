#!/usr/bin/env bash
# Installs what PaneKit needs when it is missing: Lua 5.4's headers and pkg-config, git (panekit add, install and
# update fetch plugins with it) (and, for the tests,
# rsvg-convert, which turns the SVGs the tests write into PNGs, and python3, whose pty module drives the player in
# a pseudo-terminal, on Linux nm, which checks that the shipped binary defines no malloc, and headless Chromium with
# its driver and Selenium, which run the studio page's browser tests; the stock lua5.4 interpreter, which the
# sandbox tests compare against, and luacheck; ffmpeg and the Python packages lottie, rlottie-python and
# thorvg-python, with numpy and jsonschema, which check the exports). Says what it installs.
set -euo pipefail

want_tests=${1:-}
missing=()
pkg-config --exists lua5.4 2>/dev/null || missing+=(lua)
command -v git >/dev/null 2>&1 || missing+=(git)
if [ "$want_tests" = "--tests" ] && ! command -v rsvg-convert >/dev/null 2>&1; then missing+=(rsvg); fi
if [ "$want_tests" = "--tests" ] && ! command -v python3 >/dev/null 2>&1; then missing+=(python); fi
if [ "$want_tests" = "--tests" ] && [ "$(uname -s)" = Linux ] && ! command -v nm >/dev/null 2>&1; then missing+=(nm); fi
if [ "$want_tests" = "--tests" ] && { ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; }; then
    missing+=(chromium)
fi
if [ "$want_tests" = "--tests" ] && ! /usr/bin/python3 -c "import selenium" >/dev/null 2>&1; then missing+=(selenium); fi
# The sandbox tests: the stock interpreter they compare the sandbox with, and luacheck.
if [ "$want_tests" = "--tests" ] && ! command -v lua5.4 >/dev/null 2>&1; then missing+=(lua54); fi
if [ "$want_tests" = "--tests" ] && ! command -v luacheck >/dev/null 2>&1; then missing+=(luacheck); fi
# The export tests: ffmpeg (GIF, MP4, ffprobe) and the Python packages that parse and draw the Lottie output.
if [ "$want_tests" = "--tests" ] && ! command -v ffmpeg >/dev/null 2>&1; then missing+=(ffmpeg); fi
# Each Python package as "module:pip-name", installed with pip when python3 cannot import it.
python_packages=(lottie:lottie rlottie_python:rlottie-python thorvg_python:thorvg-python numpy:numpy jsonschema:jsonschema)
install_python_packages() {
    [ "$want_tests" = "--tests" ] || return 0
    local entry module name
    for entry in "${python_packages[@]}"; do
        module=${entry%%:*}
        name=${entry#*:}
        python3 -c "import $module" 2>/dev/null && continue
        echo "PaneKit: installing the Python package $name with pip (for the Lottie export tests)..."
        python3 -m pip install --quiet "$name" 2>/dev/null || python3 -m pip install --quiet --break-system-packages "$name"
        echo "PaneKit: installed $name."
    done
}
if [ ${#missing[@]} -eq 0 ]; then
    install_python_packages
    exit 0
fi

case "$(uname -s)" in
Linux)
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "PaneKit needs Lua 5.4 (headers and library), pkg-config and git; install them with your package manager." >&2
        exit 1
    fi
    packages=()
    for m in "${missing[@]}"; do
        case "$m" in
        lua) packages+=(liblua5.4-dev pkg-config) ;;
        git) packages+=(git) ;;
        rsvg) packages+=(librsvg2-bin) ;;
        python) packages+=(python3 python3-pip) ;;
        ffmpeg) packages+=(ffmpeg) ;;
        nm) packages+=(binutils) ;;
        chromium) packages+=(chromium chromium-driver) ;;
        selenium) packages+=(python3-selenium) ;;
        lua54) packages+=(lua5.4) ;;
        luacheck) packages+=(lua-check) ;;
        esac
    done
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    echo "PaneKit: installing ${packages[*]} with apt-get (missing on this machine)..."
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${packages[@]}" >/dev/null
    echo "PaneKit: installed ${packages[*]}."
    ;;
Darwin)
    formulas=()
    for m in "${missing[@]}"; do
        case "$m" in
        lua) formulas+=(lua pkg-config) ;;
        git) formulas+=(git) ;;
        rsvg) formulas+=(librsvg) ;;
        python) formulas+=(python) ;;
        chromium) formulas+=(--cask chromium chromedriver) ;;
        selenium) echo "PaneKit: the browser tests need Selenium: pip3 install selenium" >&2 ;;
        ffmpeg) formulas+=(ffmpeg) ;;
        lua54) formulas+=(lua) ;;
        luacheck) formulas+=(luacheck) ;;
        esac
    done
    echo "PaneKit: installing ${formulas[*]} with Homebrew (missing on this machine)..."
    brew install "${formulas[@]}"
    ;;
*)
    echo "PaneKit needs Lua 5.4 and pkg-config; install them for $(uname -s)." >&2
    exit 1
    ;;
esac
install_python_packages
