/**
 * Trusted reporters (issue 30 point 5; ADR 058), with JavaScript on and off: a member paused after
 * trusted reports (written by the development call POST /api/dev/pause.php, which writes what two
 * trusted reports write) is refused a new conversation beside the composer, the text kept; their
 * notifications show the automated decision with its statement of reasons; the site's moderator
 * finds the pause in the queue and lifts it, and a new conversation goes again.
 */
import type { Page, TestInfo } from "@playwright/test";
import { DEMO_STAFF } from "../../workers/api/seed/staff";
import { confirmAddress, expect, newMember, test, memberIdOf, screenshotsAtBothWidths } from "./support/fixtures";
import { staffSignsIn } from "./support/staff";

test.use({ extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.190" } });

const MODERATOR = DEMO_STAFF.find((staff) => staff.name === "Mira Moderator")!;

const screenshots = (page: Page, info: TestInfo, name: string) => screenshotsAtBothWidths(page, info, name);

async function send(page: Page, text: string) {
  await page.getByLabel("Your message").fill(text);
  await page.getByRole("button", { name: "Send" }).click();
}

test("a paused member is refused a new conversation and told why; the moderator lifts the pause", async ({
  browser,
  page,
  checkA11y,
}, info) => {
  test.slow();
  const js = info.project.use.javaScriptEnabled !== false;
  const tag = `${js ? "j" : "n"}${Date.now().toString(36).slice(-6)}`;
  const email = `e2e-trusted-${tag}@example.com`;
  const name = `Pia ${tag}`;
  const ben = await memberIdOf(browser, { email: "ben@example.com", password: "demo-password" });
  await newMember(page, email, name);
  await confirmAddress(page, email);
  const paused = await page.request.post("/api/dev/pause.php", { data: {} });
  expect(paused.status(), await paused.text()).toBe(201);

  // A new conversation: refused beside the composer, the text kept.
  await page.goto(`/members/${ben}/chat`);
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  const chat = page.url();
  const typed = `Hello Ben, nice profile ${tag}`;
  await send(page, typed);
  await expect(page.getByText(/^Not sent: your new conversations are paused while a moderator looks at reports/)).toBeVisible();
  await expect(page.getByLabel("Your message")).toHaveValue(typed);
  await expect(page.getByLabel("Your message")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("log", { name: "Messages" }).getByText(typed)).toHaveCount(0);
  await checkA11y(page);
  await screenshots(page, info, "chat-paused");

  // The notifications: the automated decision, its statement in the member's language, the appeal.
  await page.goto("/notifications");
  await expect(page.getByText("New conversations paused", { exact: true })).toBeVisible();
  await expect(page.getByText(/This decision was taken automatically, without a person\./)).toBeVisible();
  await expect(page.getByRole("link", { name: "Read the decision and appeal" }).first()).toBeVisible();
  await checkA11y(page);
  await screenshots(page, info, "notifications-paused");

  // The moderator of the member's site finds the pause in the queue and lifts it (a dismissal).
  const staff = await staffSignsIn(
    browser,
    info,
    MODERATOR,
    (p) => p.getByRole("heading", { level: 1, name: "Queue" }),
    "198.51.100.191",
  );
  await staff.goto("/staff");
  const row = staff.getByRole("row", { name: new RegExp(name) });
  await row.getByRole("link", { name: /^Paused after trusted reports P-/ }).click();
  await expect(staff.getByRole("heading", { level: 1, name: /^Case P-/ })).toBeVisible();
  await expect(staff.getByText(/^Paused automatically: two trusted reporters within 24 hours\./)).toBeVisible();
  await checkA11y(staff);
  await screenshots(staff, info, "console-pause-case");
  await staff.getByLabel("Action").selectOption("dismiss");
  await staff.getByLabel("Category", { exact: false }).selectOption("scam");
  await staff.getByLabel("Statement of reasons").fill("We looked at the reports: no scam or spam found.");
  await staff.getByRole("button", { name: "Save decision" }).click();
  await expect(staff.getByRole("status")).toHaveText("Decision saved.");

  // Lifted: the same first message now goes.
  await page.goto(chat);
  await send(page, typed);
  await expect(page.getByRole("log", { name: "Messages" }).getByText(typed)).toBeVisible();
});
