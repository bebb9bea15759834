#!/usr/bin/env bash
# The production build on its own migrated and seeded state, for the e2e suite and budgets.
# Usage: serve-e2e.sh PORT   (the build must exist: npm run build)
set -euo pipefail
cd "$(dirname "$0")/.."
export STATE_DIR=.wrangler/e2e
npm run --silent db:migrate >/dev/null
npm run --silent db:seed
# Each run starts with empty rate-limit counters: the suite signs up and checks addresses from
# 127.0.0.1, and a second run within the hour would otherwise hit the per-IP sign-up limit.
wrangler d1 execute DB --local --yes -c workers/api/wrangler.jsonc --persist-to "$STATE_DIR" \
  --command "DELETE FROM rate_limits" >/dev/null
exec vite preview --port "$1" --strictPort
