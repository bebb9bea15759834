#!/usr/bin/env bash
# The production build on its own migrated and seeded state, for the e2e suite and budgets.
# Usage: serve-e2e.sh PORT   (the build must exist: npm run build)
set -euo pipefail
cd "$(dirname "$0")/.."
export STATE_DIR=.wrangler/e2e
npm run --silent db:migrate >/dev/null
npm run --silent db:seed
exec vite preview --port "$1" --strictPort
