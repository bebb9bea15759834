/**
 * "Cancel contracts here" without logging in (issue 25, point 11): typing an address changes
 * nothing; the page says to check the mail whether or not the address has an account, and only
 * the link mailed to the account's address cancels, once. With JavaScript and without.
 */
import type { Page } from "@playwright/test";
import { expect, newMember, test } from "./support/fixtures";

// Members here sign up from their own visitor IP (the API allows 20 sign-ups per IP an hour).
test.use({ extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.25" } });

/** The newest link to `path` in the development mailbox's mail to `to`. */
async function mailedLink(page: Page, to: string, path: string): Promise<string> {
  await page.goto("/_dev/mailbox");
  const mail = page.getByRole("article").filter({ hasText: to }).filter({ hasText: path }).first();
  const link = await mail
    .getByRole("link", { name: new RegExp(path.replace(/[?#]/g, "\\$&")) })
    .first()
    .getAttribute("href");
  expect(link, `a mail to ${to} with a link to ${path}`).toBeTruthy();
  return link!;
}

test("a visitor's cancellation by address takes effect only through the link mailed to the account", async ({
  page,
  browser,
}, info) => {
  test.slow();
  const javaScriptEnabled = info.project.use.javaScriptEnabled ?? true;
  const stamp = `${info.project.name}-${Date.now()}`;
  const email = `e2e-cancel-${stamp}@example.com`;
  await newMember(page, email, `Pia ${stamp.slice(-5)}`);
  await page.goto("/premium?country=NL");
  await page.getByRole("radio", { name: /^1 month/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel(/I want premium to start right away/).check();
  await page.getByRole("button", { name: "Subscribe, payment due" }).click();
  await page.getByRole("button", { name: /^Pay/ }).click();
  await expect(page.getByText("Premium is active now. Enjoy it!")).toBeVisible();

  // A stranger types the member's address: "check your mail", and nothing is cancelled.
  const visitor = await browser.newContext({ javaScriptEnabled });
  const stranger = await visitor.newPage();
  await stranger.goto("/premium/cancel");
  await stranger.getByLabel("Email address of your account").fill(email);
  await stranger.getByRole("button", { name: "Cancel now" }).click();
  await expect(stranger.getByRole("heading", { name: "Check your mail" })).toBeVisible();
  await expect(stranger.getByText(/Nothing changes until the link is pressed/)).toBeVisible();
  // The same page for an address without an account.
  await stranger.goto("/premium/cancel");
  await stranger.getByLabel("Email address of your account").fill(`nobody-${stamp}@example.com`);
  await stranger.getByRole("button", { name: "Cancel now" }).click();
  await expect(stranger.getByRole("heading", { name: "Check your mail" })).toBeVisible();
  await visitor.close();
  await page.goto("/premium");
  await expect(page.getByText(/^You cancelled: premium ends on /)).toHaveCount(0);

  // The member opens the mailed link (no login needed): a page that asks, then the cancellation.
  const link = await mailedLink(page, email, "/premium/cancel?token=");
  const other = await browser.newContext({ javaScriptEnabled });
  const owner = await other.newPage();
  await owner.goto(link);
  await expect(owner.getByRole("heading", { name: "Confirm your cancellation" })).toBeVisible();
  await owner.getByRole("button", { name: "Cancel now" }).click();
  await expect(owner.getByRole("heading", { name: "Your cancellation was received" })).toBeVisible();
  await expect(owner.getByText(/Your cancellation is confirmed/)).toBeVisible();
  // Spent: a clear page, with the way to ask again.
  await owner.goto(link);
  await expect(owner.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  await other.close();

  await page.goto("/premium");
  await expect(page.getByText(/^You cancelled: premium ends on /)).toBeVisible();
});
