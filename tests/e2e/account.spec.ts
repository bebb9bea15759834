/**
 * The account on /profile: changing the email address through the mailbox link, the data
 * export, the language, deleting the account and signing up again with the same address; with
 * JavaScript and without.
 */
import type { Page } from "@playwright/test";
import { expect, newMember, signUp, test } from "./support/fixtures";

// These tests sign up 10 members; the API allows 20 sign-ups per IP an hour, which the rest of
// the suite uses from 127.0.0.1. Locally the app takes the visitor's IP from cf-connecting-ip
// (on Cloudflare the edge sets it), so these visitors come from a documentation address.
test.use({ extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.4" } });

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

test("a member changes the email address through the link mailed to the new one", async ({ page, browser }, info) => {
  test.slow();
  const stamp = `${info.project.name}-${Date.now()}`;
  const oldEmail = `e2e-mail-old-${stamp}@example.com`;
  const newEmail = `e2e-mail-new-${stamp}@hotmail.com`;
  await newMember(page, oldEmail, "Robin", "robin password");
  await page.goto("/profile?part=account#email");
  const section = page.locator("#email");
  await expect(section.getByText(oldEmail)).toBeVisible();
  // With JavaScript, the live address check starts once the page's script runs (the form then turns
  // off the browser's own checks).
  if (info.project.use.javaScriptEnabled !== false)
    await expect(section.locator("form").first()).toHaveAttribute("novalidate", "");

  // A wrong password: the address typed stays, nothing is sent.
  await section.getByLabel("New email address").fill(newEmail);
  await section.getByLabel("Current password").fill("not my password");
  await section.getByRole("button", { name: "Send a confirmation link" }).click();
  await expect(section.getByText("Your current password is not right.")).toBeVisible();
  await expect(section.getByLabel("New email address")).toHaveValue(newEmail);

  // The address it has now.
  await section.getByLabel("New email address").fill(oldEmail);
  await section.getByLabel("Current password").fill("robin password");
  await section.getByRole("button", { name: "Send a confirmation link" }).click();
  await expect(section.getByText("This is already your email address.")).toBeVisible();

  // The demo member's address is taken.
  await section.getByLabel("New email address").fill("anna@example.com");
  await section.getByLabel("Current password").fill("robin password");
  const send = section.getByRole("button", { name: "Send a confirmation link" });
  if (info.project.use.javaScriptEnabled !== false) {
    // With JavaScript the address is checked as it is typed.
    await expect(section.getByText("There is already an account with this email address.")).toBeVisible();
    await expect(send).toBeDisabled();
  } else {
    await send.click();
    await expect(section.getByText("There is already an account with this email address.")).toBeVisible();
  }

  // A mistyped domain: the did-you-mean of sign-up, taken with one press.
  await section.getByLabel("New email address").fill(newEmail.replace("hotmail", "hotmaill"));
  await section.getByLabel("Current password").fill("robin password");
  if (info.project.use.javaScriptEnabled === false) {
    await send.click();
    await expect(section.getByText("Did you mean")).toBeVisible();
  }
  await section.getByRole("button", { name: newEmail }).click();
  await expect(section.getByLabel("New email address")).toHaveValue(newEmail);
  await section.getByLabel("Current password").fill("robin password");
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page.getByRole("status").filter({ hasText: `We sent a link to ${newEmail}` })).toBeVisible();
  // Nothing changes until the link is opened.
  await expect(page.locator("#email").getByText(oldEmail)).toBeVisible();

  // The link, opened in another browser without a session: it asks first, then changes.
  const link = await mailedLink(page, newEmail, "/mail-change/do?token=");
  const other = await browser.newContext({ javaScriptEnabled: info.project.use.javaScriptEnabled ?? true });
  const elsewhere = await other.newPage();
  await elsewhere.goto(link);
  await expect(elsewhere.getByText(`Use ${newEmail} as the email address of your account from now on?`)).toBeVisible();
  await elsewhere.getByRole("button", { name: "Yes, use this address" }).click();
  await expect(elsewhere).toHaveURL(/\/login$/);
  await expect(elsewhere.getByRole("status").filter({ hasText: `Your email address is now ${newEmail}.` })).toBeVisible();

  // The new address logs in; the old one does not.
  await elsewhere.getByLabel("Email address").fill(oldEmail);
  await elsewhere.getByLabel("Password").fill("robin password");
  await elsewhere.getByRole("button", { name: "Log in" }).click();
  await expect(elsewhere.getByText("The email address or password is wrong.")).toBeVisible();
  await elsewhere.getByLabel("Email address").fill(newEmail);
  await elsewhere.getByLabel("Password").fill("robin password");
  await elsewhere.getByRole("button", { name: "Log in" }).click();
  await expect(elsewhere).toHaveURL(/\/home$/);
  await other.close();

  // The link is spent.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "This link is invalid or has expired" })).toBeVisible();

  // The old address was told, with a "This was not me" rescue link (the next test uses one).
  expect(await mailedLink(page, oldEmail, "/account-rescue?token=")).toContain("/account-rescue?token=");
  await page.goto("/profile?part=account#email");
  await expect(page.locator("#email").getByText(newEmail)).toBeVisible();

  // After this recent change, /notifications says it and what to do if it was not the member (issue 29 point 20).
  await page.goto("/notifications");
  await expect(page.getByText("Your email address was changed.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Did you not change your email address?" })).toBeVisible();
});

test("the owner takes the account back with 'This was not me' after an intruder changed its address and password", async ({
  page,
  browser,
}, info) => {
  test.slow();
  const javaScriptEnabled = info.project.use.javaScriptEnabled ?? true;
  const stamp = `${info.project.name}-${Date.now()}`;
  const ownerEmail = `e2e-rescue-owner-${stamp}@example.com`;
  const intruderEmail = `e2e-rescue-intruder-${stamp}@example.com`;
  await newMember(page, ownerEmail, "Robin", "robin password");

  // The intruder, with the owner's password, logs in elsewhere, takes the address and sets a password.
  const intruderContext = await browser.newContext({ javaScriptEnabled });
  const intruder = await intruderContext.newPage();
  await intruder.goto("/login");
  await intruder.getByLabel("Email address").fill(ownerEmail);
  await intruder.getByLabel("Password").fill("robin password");
  await intruder.getByRole("button", { name: "Log in" }).click();
  await expect(intruder).toHaveURL(/\/home$/);
  await intruder.goto("/profile?part=account#email");
  await intruder.locator("#email").getByLabel("New email address").fill(intruderEmail);
  await intruder.locator("#email").getByLabel("Current password").fill("robin password");
  const send = intruder.locator("#email").getByRole("button", { name: "Send a confirmation link" });
  await expect(send).toBeEnabled();
  await send.click();
  await expect(intruder.getByRole("status").filter({ hasText: `We sent a link to ${intruderEmail}` })).toBeVisible();
  await intruder.goto(await mailedLink(intruder, intruderEmail, "/mail-change/do?token="));
  await intruder.getByRole("button", { name: "Yes, use this address" }).click();
  await intruder.goto("/profile?part=account#password");
  const password = intruder.locator("#password");
  await password.getByLabel("Current password").fill("robin password");
  await password.getByLabel("New password", { exact: true }).fill("intruder password");
  await password.getByLabel("New password again").fill("intruder password");
  await password.getByRole("button", { name: "Change password" }).click();
  await expect(intruder.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();

  // The owner opens "This was not me" from the mail to the old address, without a session.
  const rescue = await mailedLink(page, ownerEmail, "/account-rescue?token=");
  const ownerContext = await browser.newContext({ javaScriptEnabled });
  const owner = await ownerContext.newPage();
  await owner.goto(rescue);
  await expect(owner.getByRole("heading", { name: "This was not me" })).toBeVisible();
  await expect(owner.getByText("Someone changed the email address of your account.")).toBeVisible();
  await owner.getByRole("button", { name: "Secure my account" }).click();
  await expect(owner.getByRole("heading", { name: "Your account is secured" })).toBeVisible();
  await expect(owner.getByText("The email address you had is the account's address again.")).toBeVisible();
  await expect(owner.getByText("is logged out now")).toBeVisible();

  // The intruder is logged out, and their password no longer works.
  await intruder.goto("/profile");
  await expect(intruder).toHaveURL(/\/login/);
  await intruder.getByLabel("Email address").fill(ownerEmail);
  await intruder.getByLabel("Password").fill("intruder password");
  await intruder.getByRole("button", { name: "Log in" }).click();
  await expect(intruder.getByText("The email address or password is wrong.")).toBeVisible();
  await intruderContext.close();

  // The owner sets a new password with the link mailed to the restored address, and is in.
  await owner.goto(await mailedLink(owner, ownerEmail, "/reset-password/do?token="));
  await owner.getByLabel("New password", { exact: true }).fill("robin new password");
  await owner.getByLabel("New password again").fill("robin new password");
  await owner.getByRole("button", { name: "Save my new password" }).click();
  await expect(owner).toHaveURL(/\/home$/);
  await owner.goto("/profile?part=account#email");
  await expect(owner.locator("#email").getByText(ownerEmail)).toBeVisible();

  // The rescue link is spent: a clear page, not an error.
  await owner.goto(rescue);
  await expect(owner.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  // A made-up one too.
  await owner.goto(`/account-rescue?token=${"0".repeat(64)}`);
  await expect(owner.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  await ownerContext.close();
});

test("a member downloads the data export, turns push off and switches the language", async ({ page }, info) => {
  const email = `e2e-data-${info.project.name}-${Date.now()}@example.com`;
  await newMember(page, email, "Kim", "robin password");
  await page.goto("/profile?part=account#data");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download my data" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(
    await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString("utf8")),
  );
  expect(exported.account.email).toBe(email);
  expect(exported.profile.name).toBe("Kim");
  expect(exported.credits.ledger.length).toBeGreaterThan(0);

  // Push: a device subscribed (as the browser's script would store it), then turned off here.
  const stored = await page.request.post("/resources/push-subscription", {
    data: {
      subscription: {
        endpoint: `https://push.example.com/e2e-${Date.now()}`,
        keys: {
          p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
          auth: "tBHItJI5svbpez7KI4CCXg",
        },
      },
    },
  });
  expect(stored.ok(), await stored.text()).toBe(true);
  await page.goto("/profile?part=notifications#push");
  const push = page.locator("#push");
  await expect(push.getByText("Notifications are on")).toBeVisible();
  await push.getByRole("button", { name: "Turn off notifications" }).click();
  await expect(page.locator("#push").getByText("Notifications are off.")).toBeVisible();

  // The language: the page answers in it, and the account keeps it.
  await page.goto("/profile?part=account#language");
  await page.locator("#language").getByLabel("Language").selectOption("nl");
  await page.locator("#language").getByRole("button", { name: "Change language" }).click();
  await expect(page).toHaveURL(/\/profile\?part=account#language$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "nl");
  await page.locator("#language").getByLabel("Taal").selectOption("en");
  await page.locator("#language").getByRole("button").click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("a member deletes the account and signs up again with the same address", async ({ page }, info) => {
  test.slow();
  const email = `e2e-delete-${info.project.name}-${Date.now()}@example.com`;
  await newMember(page, email, "Alex", "robin password");
  await page.goto("/profile?part=account#data");
  await page.getByRole("link", { name: "Delete my account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Delete your account?" })).toBeVisible();
  // The site's retention offer (Amora: 30 %).
  await expect(page.getByRole("heading", { name: "Before you go: 30% off" })).toBeVisible();

  // A wrong password deletes nothing.
  await page.getByLabel("Password").fill("not my password");
  await page.getByRole("button", { name: "Delete my account for good" }).click();
  await expect(page.getByText("Your current password is not right.")).toBeVisible();
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1, name: "My profile" })).toBeVisible();

  await page.goto("/profile/delete");
  await page.getByLabel("Password").fill("robin password");
  await page.getByRole("button", { name: "Delete my account for good" }).click();
  await expect(page).toHaveURL(/\/account-deleted$/);
  await expect(page.getByRole("heading", { name: "Your account is deleted" })).toBeVisible();

  // Logged out, and the old password opens nothing.
  await page.goto("/home");
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill("robin password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText("The email address or password is wrong.")).toBeVisible();

  // The same address signs up again, as a new member.
  await signUp(page, email, "Alex", "a new start");
  await page.goto("/profile?part=account#email");
  await expect(page.locator("#email").getByText(email)).toBeVisible();
});
