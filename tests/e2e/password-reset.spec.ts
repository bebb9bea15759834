/**
 * Password reset through the local mailbox: the link works once, sets a new password, logs this
 * browser in and every other session out.
 */
import { expect, test } from "./support/fixtures";

test("a member resets a forgotten password from the mailbox link; other sessions end", async ({ page, browser }, info) => {
  test.slow();
  const email = `e2e-reset-${info.project.name}-${Date.now()}@example.com`;

  // An account, logged in in one browser (its session must end later).
  const other = await browser.newContext({ javaScriptEnabled: info.project.use.javaScriptEnabled ?? true });
  const old = await other.newPage();
  await old.goto("/signup", { waitUntil: "networkidle" });
  await old.getByLabel("Email address").fill(email);
  await old.getByLabel("Name").fill("Rosa");
  await old.getByLabel("Password").fill("the old password");
  const create = old.getByRole("button", { name: "Sign up for free" });
  await expect(create).toBeEnabled();
  await create.click();
  await expect(old).toHaveURL(/\/signup$/);
  await expect(old.getByRole("heading", { level: 1 })).not.toHaveText("Sign up for free");

  // Elsewhere: forgot the password.
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByText(`If ${email} belongs to an account`)).toBeVisible();

  // An address without an account gets the very same answer.
  await page.goto("/reset-password");
  await page.getByLabel("Email address").fill(`nobody-${Date.now()}@example.com`);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByText(/belongs to an account, a link to choose a new password is on its way/)).toBeVisible();

  await page.goto("/_dev/mailbox");
  const mail = page.getByRole("article").filter({ hasText: email }).filter({ hasText: "reset-password/do" }).first();
  const link = await mail.getByRole("link", { name: /reset-password\/do\?token=/ }).getAttribute("href");
  expect(link).toBeTruthy();
  await page.goto(link!);

  // Too short and not repeated the same: clear errors, nothing changes.
  await page.getByLabel("New password", { exact: true }).fill("short");
  await page.getByLabel("New password again").fill("short");
  await page.getByRole("button", { name: "Save my new password" }).click();
  await expect(page.getByText("This field should be at least 8 characters long")).toBeVisible();

  await page.getByLabel("New password", { exact: true }).fill("a brand new password");
  await page.getByLabel("New password again").fill("a brand new password");
  await page.getByRole("button", { name: "Save my new password" }).click();
  await expect(page).toHaveURL(/\/home$/);

  // The link is spent.
  await page.goto(link!);
  await expect(page.getByRole("heading", { name: "This link is invalid or has expired" })).toBeVisible();

  // The other browser was logged out.
  await old.goto("/home");
  await expect(old).toHaveURL(/\/login/);

  // The new password logs in; the old one does not.
  await old.getByLabel("Email address").fill(email);
  await old.getByLabel("Password").fill("the old password");
  await old.getByRole("button", { name: "Log in" }).click();
  await expect(old.getByText("The email address or password is wrong.")).toBeVisible();
  await old.getByLabel("Password").fill("a brand new password");
  await old.getByRole("button", { name: "Log in" }).click();
  await expect(old).toHaveURL(/\/home$/);
  await other.close();
});
