#!/usr/bin/env bash
# `npm test`: typecheck, lint, the Electron security scan, unit + server suites (SQLite, and
# PostgreSQL when KURA_TEST_PG_URL is set), then the end-to-end suite in Chromium.
set -euo pipefail
if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "kura: installing Chromium for the end-to-end tests …" >&2
    apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "kura: the end-to-end tests need Chromium at /usr/bin/chromium (apt-get install chromium)" >&2
    exit 1
  fi
fi
if [ -z "${KURA_TEST_PG_URL:-}" ]; then
  echo "kura: KURA_TEST_PG_URL is not set: the PostgreSQL suites will be skipped (CI sets it)." >&2
fi
npm run typecheck
npm run lint
npm run scan:electron
npm run test:unit
npm run test:e2e
