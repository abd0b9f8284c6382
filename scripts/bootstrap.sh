#!/usr/bin/env bash
# Runs a command with Node 22 and the project's dependencies in place, installing them on a
# fresh machine first. `npm start` and `npm test` go through here, so a newcomer needs
# nothing but npm.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
# shellcheck source=scripts/node22.sh
source scripts/node22.sh

# Reinstall when package-lock.json changed since the last install.
stamp="node_modules/.kura-lock-hash"
want="$(node -e "process.stdout.write(require('node:crypto').createHash('sha256').update(require('node:fs').readFileSync('package-lock.json')).digest('hex'))")"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "kura: installing dependencies with Node $(node --version) …" >&2
  # The Electron binary cannot always be downloaded (and is not needed to build or test).
  ELECTRON_SKIP_BINARY_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error >&2
  echo "$want" > "$stamp"
fi
exec "$@"
