/**
 * The staff moderation console (issue 15; docs/product.md "Moderation"), with JavaScript on and
 * off: a new member files a report; staff sign in with password and TOTP code (computed here
 * from the demo account's seeded secret), find the report in the queue, open it (the member's
 * markup shows as text), follow its reporter and ban them with a statement of reasons (the ban
 * needs its confirmation); the audit log lists the decision, the banned member's open session
 * is gone, their next login lands on /pages/ban with the statement, they appeal, and staff
 * reverse the ban from the queue. Each project signs in as its own demo staff account: a code works once.
 */
import type { Browser, Page, TestInfo } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from "../../workers/api/seed/staff";
import { expect, newMember, test } from "./support/fixtures";

test.use({ extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.100" } });

function codeAt(secret: string, timestamp: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp });
}

async function staffPage(browser: Browser, info: TestInfo): Promise<Page> {
  const context = await browser.newContext({
    baseURL: info.project.use.baseURL,
    userAgent: info.project.use.userAgent,
    locale: "en-US",
    javaScriptEnabled: info.project.use.javaScriptEnabled !== false,
    serviceWorkers: "block",
    extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.101" },
  });
  return context.newPage();
}

test("staff sign in with the TOTP code, find a report in the queue and ban a member", async ({
  page,
  browser,
  checkA11y,
}, info) => {
  test.slow();
  const js = info.project.use.javaScriptEnabled !== false;
  const account = DEMO_STAFF.find((staff) => staff.role === (js ? "moderator" : "admin"))!;
  const stamp = `${info.project.name}-${Date.now()}`;
  const name = `Moe ${stamp.slice(-5)}`;

  // A new member reports a profile (their browser session stays open).
  await newMember(page, `e2e-staff-${stamp}@example.com`, name);
  await page.goto("/members/5/report", { waitUntil: "networkidle" });
  await page.getByLabel("Reason").selectOption("harassment");
  await page.getByLabel("What happened?").fill("<b>Rude</b> & pushy");
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page).toHaveURL(/\/report\?reference=R-[0-9A-Z]{8}$/);
  const reference = new URL(page.url()).searchParams.get("reference") ?? "";

  // Staff sign in: password, then the code.
  const staff = await staffPage(browser, info);
  await staff.goto("/staff", { waitUntil: "networkidle" });
  await expect(staff).toHaveURL(/\/staff\/login$/);
  await staff.getByLabel("Email address").fill(account.email);
  await staff.getByLabel("Password").fill(DEMO_STAFF_PASSWORD);
  await staff.getByRole("button", { name: "Continue" }).click();
  await expect(staff.getByRole("heading", { level: 1, name: "Enter your code" })).toBeVisible();
  await checkA11y(staff);
  await staff.getByLabel("Code").fill(codeAt(account.totpSecret, Date.now()));
  await staff.getByRole("button", { name: "Sign in" }).click();
  const queue = staff.getByRole("heading", { level: 1, name: "Queue" });
  await expect(queue.or(staff.getByRole("alert"))).toBeVisible();
  if (!(await queue.isVisible())) {
    // This account signed in with this time step's code moments ago (a code works once): the next step's code is accepted too.
    await expect(staff.getByRole("alert")).toHaveText(/wrong or was used already/);
    await staff.getByLabel("Code").fill(codeAt(account.totpSecret, Date.now() + 30_000));
    await staff.getByRole("button", { name: "Sign in" }).click();
    await expect(queue).toBeVisible();
  }
  await checkA11y(staff);

  // On a phone the queue's rows are cards: nothing scrolls sideways, and it is still a table.
  await staff.setViewportSize({ width: 390, height: 844 });
  expect(await staff.locator(".staff-scroll").evaluate((e) => e.scrollWidth - e.clientWidth)).toBe(0);
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(staff.getByRole("columnheader", { name: "Member" })).toHaveCount(1);
  await expect(staff.getByRole("row", { name: new RegExp(`^Report ${reference} `) })).toBeVisible();
  await staff.setViewportSize({ width: 1280, height: 720 });

  // The report is in the queue; its explanation shows as typed.
  await staff.getByRole("link", { name: `Report ${reference}` }).click();
  await expect(staff.getByRole("heading", { level: 1, name: `Case ${reference}` })).toBeVisible();
  await expect(staff.getByText("<b>Rude</b> & pushy")).toBeVisible();
  await checkA11y(staff);

  // The reporter's staff page: a ban needs its confirmation, and the input stays.
  await staff.getByRole("link", { name: new RegExp(`^${name} \\(#\\d+\\)$`) }).click();
  await expect(staff.getByRole("heading", { level: 1, name: `Member ${name}` })).toBeVisible();
  const reason = "<i>Abusive</i> reports against other members.";
  await staff.getByLabel("Action").selectOption("ban");
  await staff.getByLabel("Category", { exact: false }).selectOption("harassment");
  await staff.getByLabel("Statement of reasons").fill(reason);
  await staff.getByRole("button", { name: "Save decision" }).click();
  await expect(staff.getByText("Confirm the ban first.")).toBeVisible();
  await expect(staff.getByLabel("Statement of reasons")).toHaveValue(reason);
  await staff.getByLabel(/I confirm the ban/).check();
  await staff.getByRole("button", { name: "Save decision" }).click();
  await expect(staff.getByRole("status")).toHaveText("Decision saved.");
  await expect(staff.getByText(reason)).toBeVisible();
  await expect(staff.getByText("Banned", { exact: true })).toBeVisible();
  await checkA11y(staff);

  // The audit log has it.
  await staff.getByRole("link", { name: "Audit log" }).click();
  await expect(staff.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  await expect(staff.getByRole("cell", { name: "Decision", exact: true }).first()).toBeVisible();
  await expect(staff.getByRole("cell", { name: /action: ban/ }).first()).toBeVisible();
  await checkA11y(staff);

  // The banned member's session is gone; logging in again leads to the ban page, which shows
  // the staff's statement of reasons as written, and takes an appeal.
  await page.goto("/home");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fhome$/);
  await page.getByLabel("Email address").fill(`e2e-staff-${stamp}@example.com`);
  await page.getByLabel("Password").fill("a good password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/pages\/ban$/);
  await expect(page.locator(".ban-reason")).toHaveText(reason);
  await page.getByLabel("Why is the decision wrong?").fill("I only reported what I saw.");
  await page.getByRole("button", { name: "Send appeal" }).click();
  const received = page.getByText(/^Appeal received\. Your reference: A-[0-9A-Z]{8}\./);
  await expect(received).toBeVisible();
  const appeal = (await received.textContent())!.match(/A-[0-9A-Z]{8}/)![0];

  // Staff find the appeal in the queue and reverse the ban: the member is back.
  await staff.getByRole("link", { name: "Queue" }).click();
  await staff.getByRole("link", { name: `Appeal ${appeal}` }).click();
  await expect(staff.getByRole("heading", { level: 1, name: `Appeal ${appeal}` })).toBeVisible();
  await expect(staff.getByText("I only reported what I saw.")).toBeVisible();
  await staff.getByLabel("Reverse: undo the decision").check();
  await staff.getByLabel("Statement of reasons").fill("On a second look the reports were made in good faith.");
  await staff.getByRole("button", { name: "Save decision" }).click();
  await expect(staff.getByText("Reversed", { exact: true })).toBeVisible();
  await checkA11y(staff);
  await staff.context().close();

  await page.goto("/home");
  await expect(page).toHaveURL(/\/home$/);
});
