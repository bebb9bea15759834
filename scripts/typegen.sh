#!/usr/bin/env bash
# Generates binding and runtime types for each worker with `wrangler types` (one file per
# worker, each read only by its own tsconfig), and route types with `react-router typegen`.
set -euo pipefail
cd "$(dirname "$0")/.."
wrangler types worker-configuration.d.ts -c wrangler.jsonc --strict-vars false >/dev/null
wrangler types workers/api/worker-configuration.d.ts -c workers/api/wrangler.jsonc \
  --include-main-module false --env-interface ApiEnv --strict-vars false >/dev/null
react-router typegen
