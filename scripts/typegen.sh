#!/usr/bin/env bash
# Generates types with `wrangler types`: the Workers runtime once (workers/runtime.d.ts), and each
# worker's bindings in its own file, read only by that worker's tsconfig (the app's
# worker-configuration.d.ts, the API's workers/api/worker-configuration.d.ts). Then the route
# types with `react-router typegen`.
set -euo pipefail
cd "$(dirname "$0")/.."
wrangler types workers/runtime.d.ts -c wrangler.jsonc --include-env false >/dev/null
wrangler types worker-configuration.d.ts -c wrangler.jsonc --include-runtime false --strict-vars false >/dev/null
wrangler types workers/api/worker-configuration.d.ts -c workers/api/wrangler.jsonc --include-runtime false \
  --include-main-module false --env-interface ApiEnv --strict-vars false >/dev/null
react-router typegen
