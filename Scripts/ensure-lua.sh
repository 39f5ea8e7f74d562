# Sourced by the Scripts: installs Lua 5.4 and pkg-config when they are missing, and says so.
if ! pkg-config --exists lua5.4 2>/dev/null; then
  if command -v apt-get >/dev/null 2>&1; then
    echo "PaneKit needs Lua 5.4 and pkg-config: installing liblua5.4-dev and pkg-config with apt-get..." >&2
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq && $SUDO apt-get install -y -qq liblua5.4-dev pkg-config >&2
  elif command -v brew >/dev/null 2>&1; then
    echo "PaneKit needs Lua 5.4 and pkg-config: installing lua and pkg-config with Homebrew..." >&2
    brew install lua pkg-config >&2
  else
    echo "PaneKit needs Lua 5.4 and pkg-config; install liblua5.4-dev and pkg-config (apt) or lua and pkg-config (brew)" >&2
    exit 1
  fi
fi
