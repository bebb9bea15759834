/**
 * Demo staff sign in (password, then the TOTP code computed here from the seeded secret;
 * workers/api/seed/staff.ts), in a context of their own with the project's JavaScript setting.
 * A code works once, and the other project (or an earlier run) may have used this step's and the
 * next one's: the server takes the current step and its neighbours, so after two refusals this
 * waits for the next step to begin.
 *
 * A signed-in session is kept for the run (a file per account in the project's output folder,
 * which Playwright empties at the start of a run) and used by the account's next test, in any
 * worker: each account signs in about once per run instead of once per test, so tests of the
 * same account no longer take each other's codes. A kept session that no longer opens the
 * console (a test logged out) is replaced by a new sign-in.
 */
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Locator, Page, TestInfo } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { DEMO_STAFF_PASSWORD } from "../../../workers/api/seed/staff";
import { expect } from "./fixtures";

export async function staffSignsIn(
  browser: Browser,
  info: TestInfo,
  account: { email: string; totpSecret: string },
  landing: (page: Page) => Locator,
  clientIp = "198.51.100.121",
): Promise<Page> {
  const codeAt = (timestamp: number) =>
    new TOTP({ secret: Secret.fromBase32(account.totpSecret), algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp });
  const options = {
    baseURL: info.project.use.baseURL,
    userAgent: info.project.use.userAgent,
    locale: "en-US",
    javaScriptEnabled: info.project.use.javaScriptEnabled !== false,
    serviceWorkers: "block" as const,
    extraHTTPHeaders: { "cf-connecting-ip": clientIp },
  };
  const kept = path.join(info.project.outputDir, ".staff-sessions", `${account.email}.json`);
  if (existsSync(kept)) {
    const context = await browser.newContext({ ...options, storageState: kept });
    const page = await context.newPage();
    await page.goto("/staff");
    if (await landing(page).isVisible()) return page;
    await context.close();
  }
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto("/staff/login");
  await page.getByLabel("Email address").fill(account.email);
  await page.getByLabel("Password").fill(DEMO_STAFF_PASSWORD);
  await page.getByRole("button", { name: "Continue" }).click();
  const landed = landing(page);
  for (const [attempt, offset] of [0, 1, 1, 1].entries()) {
    if (attempt >= 2) await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
    await page.getByLabel("Code").fill(codeAt(Date.now() + offset * 30_000));
    // Wait for the code's answer itself: right after the click the page still shows the last
    // attempt's alert, and "network idle" can be reached before the post has even started.
    const answered = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/staff/code"),
    );
    await page.getByRole("button", { name: "Sign in" }).click();
    // Accepted: a redirect to the console (a 3xx, or the data request's 2xx); refused: a 4xx.
    if ((await answered).status() < 400) {
      await expect(landed).toBeVisible({ timeout: 15_000 });
      break;
    }
    await expect(page.getByRole("alert")).toBeVisible();
  }
  await expect(landed).toBeVisible();
  // Written whole, then moved into place: another worker may be reading it.
  mkdirSync(path.dirname(kept), { recursive: true });
  const partial = `${kept}.${process.pid}.tmp`;
  writeFileSync(partial, JSON.stringify(await context.storageState()));
  renameSync(partial, kept);
  return page;
}
