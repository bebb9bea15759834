#!/usr/bin/env bash
# The app worker alone, pointed (API_ORIGIN) at a port where nothing listens: how the e2e suite
# sees the error page when the API is down. It also proves the API_ORIGIN path works.
set -euo pipefail
cd "$(dirname "$0")/.."
exec wrangler dev -c build/server/wrangler.json --port "$1" --ip 127.0.0.1 \
  --var API_ORIGIN:http://127.0.0.1:9 --var API_TIMEOUT_MS:2000 \
  --persist-to .wrangler/api-down --log-level warn --show-interactive-dev-session=false
