#!/usr/bin/env bash
# The app over TLS on 127.0.0.1, graded like the MDN HTTP Observatory (docs/decisions/032-https-only.md):
# serves the production build (scripts/serve-e2e.sh) on APP_PORT, puts the TLS proxy
# (scripts/tls-proxy.ts: https and http on one port) in front on TLS_PORT, grades
# http(s)://127.0.0.1:TLS_PORT/ (scripts/observatory.ts, fails below A+) and stops both.
# Usage: observatory-local.sh [APP_PORT] [TLS_PORT]   (the build must exist: npm run build)
set -euo pipefail
cd "$(dirname "$0")/.."
APP_PORT="${1:-8795}"
TLS_PORT="${2:-8796}"
setsid bash scripts/serve-e2e.sh "$APP_PORT" >/dev/null 2>&1 &
APP_PID=$!
setsid tsx scripts/tls-proxy.ts "$TLS_PORT" "http://127.0.0.1:$APP_PORT" >/dev/null 2>&1 &
PROXY_PID=$!
stop() { kill -- "-$PROXY_PID" "-$APP_PID" 2>/dev/null || true; }
trap stop EXIT
for _ in $(seq 1 60); do
  if curl -sf -o /dev/null "http://127.0.0.1:$APP_PORT/robots.txt" && curl -skf -o /dev/null "https://127.0.0.1:$TLS_PORT/robots.txt"; then break; fi
  sleep 1
done
tsx scripts/observatory.ts "127.0.0.1:$TLS_PORT" "${OBSERVATORY_PATH:-/}"
