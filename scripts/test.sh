#!/usr/bin/env bash
# `npm test`: everything, in the order that fails fastest. Needs Debian's chromium
# (/usr/bin/chromium, or CHROMIUM_PATH) for Lighthouse, and uses its chromium-headless-shell
# for the e2e suite when installed (playwright.config.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
# Each step says when it starts, in minutes since the start, so a log shows where the time went.
started=$SECONDS
step() { printf '\n== %s (at %d:%02d)\n' "$1" $(((SECONDS - started) / 60)) $(((SECONDS - started) % 60)); }

# Two steps run in the background beside a foreground one (below). Whatever way the script ends,
# a background step is waited for and its log printed, so neither outlives `npm test` (a seed
# still writing .wrangler/e2e would meet the next run's) and a type error is never hidden behind a
# failed unit test.
checks_job="" state_job=""
checks_log=$(mktemp)
state_log=$(mktemp)
finish() {
  local status=$?
  if [ -n "$checks_job" ]; then
    wait "$checks_job" >/dev/null 2>&1 || true
    cat "$checks_log"
  fi
  if [ -n "$state_job" ]; then wait "$state_job" >/dev/null 2>&1 || cat "$state_log"; fi
  rm -f "$checks_log" "$state_log"
  exit "$status"
}
trap finish EXIT

step "unit tests, beside the typecheck (wrangler types, react-router typegen, tsc) and the lint (Biome)"
# Side by side they take about 30 s on a fresh clone, against about 40 s in a row; the
# typecheck's and Biome's findings are printed after the unit tests.
(npm run --silent typecheck && biome check .) >"$checks_log" 2>&1 &
checks_job=$!
vitest run --config vitest.unit.config.ts
checks_status=0
wait "$checks_job" || checks_status=$?
checks_job=""
step "typecheck and lint: their output"
cat "$checks_log"
if [ "$checks_status" -ne 0 ]; then
  echo "the typecheck or the lint failed (above)"
  exit 1
fi
step "API integration tests (workerd, real D1 migrations)"
# Meanwhile the state the budgets' and the e2e suite's servers run on is migrated and seeded
# (.wrangler/e2e, about 40 s on a fresh clone, which the budgets' step waited for). The API
# tests wait on D1 much of the time: side by side, both take about 15 s less than in a row
# (docs/decisions/064). scripts/serve-e2e.sh then finds the state done.
(STATE_DIR=.wrangler/e2e npm run --silent db:setup >"$state_log" 2>&1) &
state_job=$!
vitest run --config vitest.api.config.ts
step "production build"
react-router build
tsx scripts/check-api-bundle.ts
if ! wait "$state_job"; then
  state_job=""
  cat "$state_log"
  echo "migrating and seeding the e2e state (.wrangler/e2e) failed"
  exit 1
fi
state_job=""
# Budgets before e2e: Lighthouse's scores scale with how busy the machine is, and after the
# e2e suite its browsers and servers are still winding down (docs/architecture.md §6).
step "budgets (JavaScript weight, Lighthouse)"
tsx scripts/budgets.ts
step "e2e (Chromium, JavaScript on and off; axe on the pages tests check and the page each ends on)"
playwright test
step "done"
