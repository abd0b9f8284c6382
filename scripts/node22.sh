# Sourced by scripts/bootstrap.sh and .ci/run: puts Node 22 LTS first on PATH.
# The machine's own Node may be older (20 is end of life); Node 22 then comes from the npm
# registry as the platform's node-<os>-<arch> package (scripts/node-package.sh), which ships
# the binary and its headers, so native addons build against it (npm_config_nodedir).
KURA_NODE_VERSION=22.23.3
_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=scripts/node-package.sh
source "$_root/scripts/node-package.sh"
if ! node --version 2>/dev/null | grep -q '^v22\.'; then
  read -r _pkg _bin <<<"$(kura_node_package "$(uname -s)" "$(uname -m)")"
  if [ -z "${_pkg:-}" ]; then
    echo "kura: no Node 22 package for $(uname -sm) in the npm registry; install Node 22 and run again" >&2
    return 1 2>/dev/null || exit 1
  fi
  _tools="$_root/.tools"
  _node_pkg="$_tools/node_modules/$_pkg"
  if [ ! -x "$_node_pkg/$_bin" ] || [ "$("$_node_pkg/$_bin" --version)" != "v$KURA_NODE_VERSION" ]; then
    mkdir -p "$_tools"
    npm install --prefix "$_tools" --no-save --no-audit --no-fund "$_pkg@$KURA_NODE_VERSION" >/dev/null
  fi
  export PATH="$(dirname "$_node_pkg/$_bin"):$PATH"
  # Headers for native addons, where the package has them.
  if [ -d "$_node_pkg/include/node" ]; then export npm_config_nodedir="$_node_pkg"; fi
  unset _tools _node_pkg _pkg _bin
fi
unset _root
