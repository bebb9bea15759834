/**
 * Bans and appeals, the member's side (issue 15; docs/product.md §13.5, ADR 030), with
 * JavaScript on and off: a member is banned (the development call writes the decision as the
 * staff console would), logs in, lands on /pages/ban with the statement of reasons
 * (its HTML shown as text) and the date, is sent back there from member pages, appeals (an empty
 * appeal is refused) and sees the reference; a reload does not appeal twice.
 */
import type { Page } from "@playwright/test";
import { expect, newMember, test } from "./support/fixtures";

test.use({ extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.110" } });

const REASON = "You sent the same <b>advert</b> & a link to 40 members.";

/**
 * A decision against the logged-in member, as the staff console would write it, through the
 * development call POST /api/dev/decision.php (ADR 030); a ban ends the member's sessions.
 * `closedDaysAgo`: the appeal period ended that many days ago.
 */
async function decide(
  page: Page,
  decision: { action: "warn" | "remove_photo" | "ban"; category: string; reason: string; closedDaysAgo?: number },
) {
  const response = await page.request.post("/api/dev/decision.php", {
    data: {
      action: decision.action,
      category: decision.category,
      reason: decision.reason,
      ...(decision.closedDaysAgo ? { closed_days_ago: decision.closedDaysAgo } : {}),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test("a banned member logs in, lands on /pages/ban, is sent back there from member pages, and appeals", async ({
  page,
}, info) => {
  test.slow();
  const js = info.project.use.javaScriptEnabled !== false;
  const stamp = `${info.project.name}-${Date.now()}`;
  const email = `e2e-ban-${stamp}@example.com`;
  const password = "a good password";
  await newMember(page, email, `Bo ${stamp.slice(-5)}`, password);
  await decide(page, { action: "ban", category: "spam", reason: REASON });

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

  // What a banned member keeps: deleting the account and "cancel contracts here".
  for (const path of ["/profile/delete", "/premium/cancel"]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(new RegExp(`${path}$`));
  }
  await page.goto("/pages/ban");

  // The appeal: an empty one is refused (with JavaScript by the form; without, the browser's own check).
  const text = page.getByLabel("Why is the decision wrong?");
  await expect(text).toHaveAttribute("required", "");
  if (js) {
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Send appeal" }).click();
    await expect(page.getByText("Write why you think the decision is wrong.")).toBeVisible();
    await expect(text).toBeFocused();
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

test("a warned member reads the statements of reasons in notifications and appeals one; a closed one says when it ended", async ({
  page,
}, info) => {
  test.slow();
  const stamp = `${info.project.name}-${Date.now()}`;
  const email = `e2e-warn-${stamp}@example.com`;
  await newMember(page, email, `Wil ${stamp.slice(-5)}`);
  await decide(page, {
    action: "remove_photo",
    category: "illegal_content",
    reason: "Your photo 2 showed <i>someone else</i>.",
    closedDaysAgo: 3,
  });
  await decide(page, {
    action: "warn",
    category: "harassment",
    reason: "Your messages to <b>Anna</b> were insulting.\nPlease stay polite.",
  });

  await page.goto("/notifications");
  const decisions = page.locator("section.decisions");
  await expect(decisions.getByRole("heading", { name: "Decisions about your account" })).toBeVisible();
  const items = decisions.locator(".decision");
  await expect(items).toHaveCount(2);
  // Newest first; the statements are text, their markup shown as typed.
  await expect(items.nth(0)).toContainText("Warning");
  await expect(items.nth(0)).toContainText("Harassment or threats");
  await expect(items.nth(0).locator(".ban-reason")).toHaveText(
    "Your messages to <b>Anna</b> were insulting.\nPlease stay polite.",
  );
  await expect(items.nth(1)).toContainText("Photo removed");
  await expect(items.nth(1).locator(".ban-reason")).toHaveText("Your photo 2 showed <i>someone else</i>.");

  // The closed one: read only, with the end of the period.
  await items.nth(1).getByRole("link", { name: "Read the decision" }).click();
  await expect(page).toHaveURL(/\/appeals\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Photo removed" })).toBeVisible();
  await expect(page.getByText(/^The appeal period ended on /)).toBeVisible();
  await expect(page.getByLabel("Why is the decision wrong?")).toHaveCount(0);

  // The open one: the appeal form, then its reference.
  await page.goto("/notifications");
  await items.nth(0).getByRole("link", { name: "Read the decision and appeal" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Warning" })).toBeVisible();
  await expect(page.getByText(/^You can appeal until /)).toBeVisible();
  await page.getByLabel("Why is the decision wrong?").fill("I quoted <b>her</b> own words.");
  await page.getByRole("button", { name: "Send appeal" }).click();
  const received = page.getByText(/^Appeal received\. Your reference: A-[0-9A-Z]{8}\. We will answer you by email\.$/);
  await expect(received).toBeVisible();
  const reference = (await received.textContent())!.match(/A-[0-9A-Z]{8}/)![0];

  // Notifications show the appeal with the decision.
  await page.goto("/notifications");
  await expect(items.nth(0)).toContainText(`Appeal received. Your reference: ${reference}.`);
  await expect(items.nth(0).getByRole("link", { name: "Read the decision" })).toBeVisible();
});

test("a member banned on one site cannot sign up on another with the same address: the form says so, in the ban page's words", async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.slow();
  const stamp = `${info.project.name}-${Date.now()}`;
  const email = `e2e.ban.across.${stamp}@gmail.com`;
  await newMember(page, email, `Ty ${stamp.slice(-5)}`);
  await decide(page, { action: "ban", category: "scam", reason: "You asked members for money." });

  // The same minute on Zilverhart (127.0.0.1, the same server; sign-up from a partner's lander),
  // with the address's dots left out: Gmail delivers both to one mailbox.
  const zilverhart = new URL(baseURL ?? "http://localhost");
  zilverhart.hostname = "127.0.0.1";
  const other = await browser.newContext({
    javaScriptEnabled: info.project.use.javaScriptEnabled !== false,
    extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.111" },
  });
  const visitor = await other.newPage();
  await visitor.goto(`${zilverhart.origin}/landers/collagelanding/gilf-eng?network=partner1`);
  const [local, domain] = email.split("@") as [string, string];
  await visitor.getByLabel("Email address").fill(`${local.replaceAll(".", "")}@${domain}`);
  await visitor.getByLabel("Name").fill("Ty");
  await visitor.getByLabel("Password").fill("a good password");
  await visitor.getByRole("button", { name: "Sign up for free" }).click();
  await expect(
    visitor.getByText("We have banned the account with this address because it broke our rules.", { exact: false }),
  ).toBeVisible();
  await expect(visitor).toHaveURL(/\/landers\/collagelanding\/gilf-eng/);
  await other.close();
});
