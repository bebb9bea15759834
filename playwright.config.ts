/**
 * E2E against the production build with the real API worker on migrated, seeded D1 (its own
 * state in .wrangler/e2e), in Debian's Chromium, twice: with JavaScript and without.
 * Both projects use a normal browser user agent: HeadlessChrome counts as a bot and would get
 * fully resolved pages no real visitor sees (docs/architecture.md §8).
 */
import { defineConfig } from "@playwright/test";
import { E2E_BROWSER, FULL_BROWSER } from "./tests/e2e/support/browsers";

// Other ports (E2E_PORT, API_DOWN_PORT) let two checkouts run the suite side by side.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8788);
export const API_DOWN_PORT = Number(process.env.API_DOWN_PORT ?? 8790);
const CHROME_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Safari/537.36";

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "tests/e2e/.results",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [[process.env.CI ? "line" : "list"], ["./tests/e2e/support/slowest-reporter.ts"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    userAgent: CHROME_UA,
    locale: "en-US",
    // Only tests/e2e/app.spec.ts runs with the app's service worker: elsewhere it would make
    // what a test measures depend on what an earlier test cached.
    serviceWorkers: "block",
    // Recording a trace costs a test a quarter of its time, so only a retry records one (CI
    // retries once); to trace a failure locally: `npx playwright test … --trace on` (ADR 064).
    trace: "on-first-retry",
    // chromium-headless-shell when installed; the full browser where it falls short (browsers.ts).
    launchOptions: E2E_BROWSER,
  },
  // Every test runs in both projects, except (tests/e2e/support/fixtures.ts): `@http` tests,
  // about HTTP answers that JavaScript in the browser cannot change, with JavaScript only;
  // `@no-script` tests, about pages that load no script at all, without JavaScript only.
  // `@push` tests need a browser that can do web push: with JavaScript they run in the full
  // browser ("js-push"), without it in the headless shell like the rest.
  projects: [
    { name: "js", use: { javaScriptEnabled: true }, grepInvert: /@no-script|@push/ },
    { name: "js-push", use: { javaScriptEnabled: true, launchOptions: FULL_BROWSER }, grep: /@push/, grepInvert: /@no-script/ },
    { name: "no-js", use: { javaScriptEnabled: false }, grepInvert: /@http/ },
  ],
  webServer: [
    {
      command: `bash scripts/serve-e2e.sh ${E2E_PORT}`,
      // A rendered page: static files answer before the workers are ready.
      url: `http://127.0.0.1:${E2E_PORT}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 240_000,
      stdout: "ignore",
    },
    {
      command: `bash scripts/serve-api-down.sh ${API_DOWN_PORT}`,
      url: `http://127.0.0.1:${API_DOWN_PORT}/robots.txt`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      stdout: "ignore",
    },
  ],
});
