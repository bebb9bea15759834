/**
 * The browsers of the e2e suite and of Lighthouse (scripts/budgets.ts; docs/decisions/064):
 * Debian's Chromium packages, as Playwright's own download does not work offline.
 */
import { existsSync } from "node:fs";

const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Most tests: chromium-headless-shell, Chromium's old headless mode without the browser's own UI,
 * which takes about a third less CPU a test on 2 cores than the full browser. Without it (or
 * with E2E_CHROMIUM_PATH), the full browser.
 */
export const E2E_BROWSER = {
  executablePath: process.env.E2E_CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM),
  args: ARGS,
};

/**
 * The full browser, for what the headless shell cannot do: web push (its notifications are always
 * "denied", so the app rightly offers no push there and sign-up skips step 1), installing the
 * app, the reference screenshots, and Lighthouse. A test tagged `@push` runs in it with JavaScript (the
 * "js-push" project, playwright.config.ts); a whole file asks for it with a top-level
 * `test.use({ launchOptions: FULL_BROWSER })`.
 */
export const FULL_BROWSER = { executablePath: FULL_CHROMIUM, args: ARGS };
