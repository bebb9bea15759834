/**
 * Demo staff sign in (password, then the TOTP code computed here from the seeded secret;
 * workers/api/seed/staff.ts), in a context of their own with the project's JavaScript setting.
 * A code works once, and the other project (or an earlier run) may have used this step's and the
 * next one's: the server takes the current step and its neighbours, so after two refusals this
 * waits for the next step to begin.
 */
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
  const context = await browser.newContext({
    baseURL: info.project.use.baseURL,
    userAgent: info.project.use.userAgent,
    locale: "en-US",
    javaScriptEnabled: info.project.use.javaScriptEnabled !== false,
    serviceWorkers: "block",
    extraHTTPHeaders: { "cf-connecting-ip": clientIp },
  });
  const page = await context.newPage();
  await page.goto("/staff/login", { waitUntil: "networkidle" });
  await page.getByLabel("Email address").fill(account.email);
  await page.getByLabel("Password").fill(DEMO_STAFF_PASSWORD);
  await page.getByRole("button", { name: "Continue" }).click();
  const landed = landing(page);
  for (const [attempt, offset] of [0, 1, 1, 1].entries()) {
    if (attempt >= 2) await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
    await page.getByLabel("Code").fill(codeAt(Date.now() + offset * 30_000));
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForLoadState("networkidle");
    await expect(landed.or(page.getByRole("alert"))).toBeVisible();
    if (await landed.isVisible()) break;
  }
  await expect(landed).toBeVisible();
  return page;
}
