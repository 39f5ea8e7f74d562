#!/usr/bin/env bash
# Installs what PaneKit needs when it is missing: Lua 5.4's headers and pkg-config (and, for the tests,
# rsvg-convert, which turns the SVGs the tests write into PNGs, and python3, whose pty module drives the player in
# a pseudo-terminal, and on Linux nm, which checks that the shipped binary defines no malloc). Says what it installs.
set -euo pipefail

want_tests=${1:-}
missing=()
pkg-config --exists lua5.4 2>/dev/null || missing+=(lua)
if [ "$want_tests" = "--tests" ] && ! command -v rsvg-convert >/dev/null 2>&1; then missing+=(rsvg); fi
if [ "$want_tests" = "--tests" ] && ! command -v python3 >/dev/null 2>&1; then missing+=(python); fi
if [ "$want_tests" = "--tests" ] && [ "$(uname -s)" = Linux ] && ! command -v nm >/dev/null 2>&1; then missing+=(nm); fi
[ ${#missing[@]} -eq 0 ] && exit 0

case "$(uname -s)" in
Linux)
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "PaneKit needs Lua 5.4 (headers and library) and pkg-config; install them with your package manager." >&2
        exit 1
    fi
    packages=()
    for m in "${missing[@]}"; do
        case "$m" in
        lua) packages+=(liblua5.4-dev pkg-config) ;;
        rsvg) packages+=(librsvg2-bin) ;;
        python) packages+=(python3) ;;
        nm) packages+=(binutils) ;;
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
        rsvg) formulas+=(librsvg) ;;
        python) formulas+=(python) ;;
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
