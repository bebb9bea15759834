#!/usr/bin/env bash
# Generates binding types for both workers with `wrangler types`, and route types with
# `react-router typegen`. The API worker's file is cut down to its ApiEnv interface: the runtime
# types and the shared helper types already come with the app worker's file.
set -euo pipefail
cd "$(dirname "$0")/.."
wrangler types worker-configuration.d.ts -c wrangler.jsonc -c workers/api/wrangler.jsonc --strict-vars false >/dev/null
api=workers/api/worker-configuration.d.ts
wrangler types "$api" -c workers/api/wrangler.jsonc --include-runtime false \
  --include-main-module false --env-interface ApiEnv --strict-vars false >/dev/null
node -e '
const fs = require("fs");
const file = process.argv[1];
const text = fs.readFileSync(file, "utf8");
const base = text.match(/interface __BaseEnv_ApiEnv \{[\s\S]*?\n\}/)[0];
fs.writeFileSync(file, text.split("\n").slice(0, 2).join("\n") + "\n" + base + "\ninterface ApiEnv extends __BaseEnv_ApiEnv {}\n");
' "$api"
react-router typegen
