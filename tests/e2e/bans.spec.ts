/**
 * Bans and appeals, the member's side (issue 15; docs/product.md "Bans and appeals", ADR 030),
 * with JavaScript on and off: a member is banned (the decision written into the e2e database as
 * the staff console would write it), logs in, lands on /pages/ban with the statement of reasons
 * (its HTML shown as text) and the date, is sent back there from member pages, appeals (an empty
 * appeal is refused) and sees the reference; a reload does not appeal twice.
 */
import { execFileSync } from "node:child_process";
import { expect, signUp, test } from "./support/fixtures";

test.use({ extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.110" } });

const DAY = 24 * 60 * 60 * 1000;
const REASON = "You sent the same <b>advert</b> & a link to 40 members.";

/** Bans the member with this address in the running e2e server's D1 (scripts/serve-e2e.sh's state). */
function ban(email: string) {
  const now = Date.now();
  const sql = [
    `INSERT OR IGNORE INTO staff (id, site_id, email, name, role, password_hash, totp_secret, created_at)
       VALUES (9101, NULL, 'e2e-bans-moderator@example.com', 'E2E moderator', 'moderator', 'x', 'JBSWY3DPEHPK3PXP', ${now})`,
    `INSERT INTO moderation_decisions (site_id, member_id, action, category, reason, staff_id, appeal_until, created_at)
       SELECT site_id, id, 'ban', 'spam', '${REASON.replaceAll("'", "''")}', 9101, ${now + 182 * DAY}, ${now}
       FROM members WHERE email = '${email}'`,
    `UPDATE members SET ban_decision_id = (SELECT MAX(id) FROM moderation_decisions d WHERE d.member_id = members.id)
       WHERE email = '${email}'`,
    `DELETE FROM sessions WHERE member_id = (SELECT id FROM members WHERE email = '${email}')`,
  ].join(";\n");
  execFileSync(
    "npx",
    [
      "wrangler",
      "d1",
      "execute",
      "DB",
      "--local",
      "--yes",
      "-c",
      "workers/api/wrangler.jsonc",
      "--persist-to",
      ".wrangler/e2e",
      "--command",
      sql,
    ],
    { stdio: "pipe", timeout: 60_000 },
  );
}

test("a banned member logs in, lands on /pages/ban, is sent back there from member pages, and appeals", async ({
  page,
}, info) => {
  test.slow();
  const js = info.project.use.javaScriptEnabled !== false;
  const stamp = `${info.project.name}-${Date.now()}`;
  const email = `e2e-ban-${stamp}@example.com`;
  const password = "a good password";
  await signUp(page, email, `Bo ${stamp.slice(-5)}`, password);
  ban(email);

  // The ban ended the session: a member page asks to log in, and the login leads to /pages/ban.
  await page.goto("/home");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fhome$/);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/pages\/ban$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your account has been banned" })).toBeVisible();
  await expect(page.locator(".ban-reason")).toHaveText(REASON);
  await expect(page.locator(".ban-facts")).toContainText("Spam or advertising");
  const today = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date());
  await expect(page.locator(".ban-facts time")).toContainText(today.split(",")[0]!);

  // Member pages, and a public page that searches, send the banned member back here.
  for (const path of ["/home", "/members", "/profile", "/chats"]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/pages\/ban$/);
  }

  // The appeal: an empty one is refused (with JavaScript by the form; without, the browser's own check).
  const text = page.getByLabel("Why is the decision wrong?");
  await expect(text).toHaveAttribute("required", "");
  if (js) {
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Send appeal" }).click();
    await expect(page.getByText("Value is required")).toBeVisible();
  }
  await text.fill("<i>I</i> never sent adverts & links.\nPlease look again.");
  await page.getByRole("button", { name: "Send appeal" }).click();
  await expect(page).toHaveURL(/\/pages\/ban(#appeal)?$/);
  const received = page.getByText(/^Appeal received\. Your reference: A-[0-9A-Z]{8}\. We will answer you by email\.$/);
  await expect(received).toBeVisible();
  const reference = (await received.textContent())!.match(/A-[0-9A-Z]{8}/)![0];
  await expect(page.getByLabel("Why is the decision wrong?")).toHaveCount(0);

  // A reload shows the same appeal (no second post); the acknowledgement mail has the reference.
  await page.reload();
  await expect(page.getByText(`Appeal received. Your reference: ${reference}. We will answer you by email.`)).toBeVisible();
  await page.goto("/_dev/mailbox");
  await expect(page.getByText(`We received your appeal (${reference})`).first()).toBeVisible();
});
