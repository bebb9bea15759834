/**
 * Nudges (issue 30 point 4; ADR 057): a message with an offensive word asks "Are you sure?"
 * first, with the text kept, "Edit" back to the composer and "Send anyway"; nothing is sent or
 * charged before. With the script the question comes before any request; without it, the
 * composer's post answers with it. The receiver sees "Does this bother you?" under the message,
 * with a one-tap report (the form prefilled with the message and "Harassment or threats") and,
 * with the script, "No" to hide the line. An operator edits each language's words in the
 * console's Safety group.
 */
import type { Browser, Page } from "@playwright/test";
import { DEMO_STAFF } from "../../workers/api/seed/staff";
import { expect, shownMember, test } from "./support/fixtures";
import { staffSignsIn } from "./support/staff";

// A platform admin (a TOTP code works once: the sign-in helper keeps the session).
const OPERATOR = DEMO_STAFF.find((staff) => staff.email === "operator@example.com")!;

// Sign-ups here come from their own IP (the API allows 20 an hour per IP).
test.use({ extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.157" } });

async function receiver(browser: Browser, javaScriptEnabled: boolean, stamp: string) {
  const context = await browser.newContext({
    javaScriptEnabled,
    extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.157" },
  });
  const page = await context.newPage();
  const id = await shownMember(page, `e2e-nudged-${stamp}@example.com`, `Rita ${stamp.slice(-4)}`);
  return { context, page, id };
}

async function shoot(page: Page, name: string, project: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${project}-${width}.png`) });
  }
}

test("Are you sure? before an offensive message; the receiver may report it in one tap", async ({
  page,
  browser,
  checkA11y,
}, info) => {
  test.slow();
  const js = info.project.use.javaScriptEnabled !== false;
  const stamp = `${info.project.name}-${Date.now().toString(36)}`;
  const rita = await receiver(browser, js, stamp);
  await shownMember(page, `e2e-nudger-${stamp}@example.com`, `Nick ${stamp.slice(-4)}`);
  await page.goto(`/members/${rita.id}/chat`);
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  const chatPath = new URL(page.url()).pathname;
  const log = page.getByRole("log", { name: "Messages" });
  const box = page.getByLabel("Your message");
  const costLine = page.getByText(/A message costs \d+ credits\. You have 50\./);
  await expect(costLine).toBeVisible();

  // With the script, nothing is posted before the answer.
  let posts = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.startsWith(chatPath)) posts++;
  });

  // Disguised: spaced letters and a digit for a letter.
  const typed = `You are an i d 1 o t ${stamp}`;
  // With the script the matcher comes when the member starts writing (its own chunk).
  const matcher = js ? page.waitForResponse((response) => response.url().includes("offensive-words")) : null;
  await box.focus();
  await matcher;
  await box.fill(typed);
  await page.getByRole("button", { name: "Send", exact: true }).click();
  const panel = page.getByRole("region", { name: "Are you sure?" });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText("Your message has words that many people find hurtful");
  await expect(panel.getByText(typed)).toBeVisible();
  await expect(log.getByText(typed)).toHaveCount(0);
  await expect(costLine).toBeVisible();
  if (js) expect(posts).toBe(0);
  await checkA11y();
  await shoot(page, "nudge-panel", info.project.name);

  // Edit: back to the composer, the text kept; sending again asks again.
  await panel.getByRole("button", { name: "Edit" }).click();
  await expect(panel).toHaveCount(0);
  await expect(box).toHaveValue(typed);
  if (js) await expect(box).toBeFocused();
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(panel).toBeVisible();

  // Send anyway: sent once, charged once.
  await panel.getByRole("button", { name: "Send anyway" }).click();
  await expect(log.getByText(typed)).toBeVisible();
  await expect(panel).toHaveCount(0);
  await expect(page.getByText(/A message costs \d+ credits\. You have (?!50\.)\d+\./)).toBeVisible();
  // The sender's own message asks nothing.
  await expect(page.getByText("Does this bother you?")).toHaveCount(0);
  // An ordinary message goes at once.
  await box.fill(`See you soon ${stamp}`);
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(log.getByText(`See you soon ${stamp}`)).toBeVisible();

  // The receiver: "Does this bother you?" under the flagged message only.
  const other = rita.page;
  await other.goto(chatPath);
  const flagged = other.getByRole("log", { name: "Messages" }).getByRole("listitem").filter({ hasText: typed });
  await expect(flagged.getByText("Does this bother you?")).toBeVisible();
  await expect(other.getByText("Does this bother you?")).toHaveCount(1);
  await checkA11y(other);
  await shoot(other, "nudge-receiver", info.project.name);
  if (js) {
    // "No" hides it on this device, also after a reload.
    await flagged.getByRole("button", { name: "No, hide this question" }).click();
    await expect(other.getByText("Does this bother you?")).toHaveCount(0);
    await other.reload();
    await expect(other.getByRole("log", { name: "Messages" }).getByText(typed)).toBeVisible();
    await expect(other.getByText("Does this bother you?")).toHaveCount(0);
    await other.evaluate(() => localStorage.clear());
    await other.reload();
  } else {
    // Without the script there is no "No": the line stays, the report is a plain link.
    await expect(flagged.getByRole("button")).toHaveCount(0);
  }

  // Report: the form opens with the reason chosen, and files the report with the message.
  await flagged.getByRole("link", { name: "Report this message" }).click();
  await expect(other).toHaveURL(/\/members\/\d+\/report\?chat=\d+&message=\d+&category=harassment$/);
  await expect(other.getByLabel("Reason")).toHaveValue("harassment");
  const reportPath = new URL(other.url()).pathname;
  await other.getByRole("button", { name: "Send report" }).click();
  await expect(other).toHaveURL(/\/report\?reference=R-[0-9A-Z]{8}$/);
  await expect(other.getByText("Your reference:")).toBeVisible();
  // A reason that is not one of the list chooses nothing.
  await other.goto(`${reportPath}?chat=1&message=1&category=bogus`);
  await expect(other.getByLabel("Reason")).toHaveValue("");
  await rita.context.close();
});

test("the console's Safety group edits each language's offensive words; what is no word is refused beside the field", async ({
  browser,
  checkA11y,
}, info) => {
  test.slow();
  const js = info.project.use.javaScriptEnabled !== false;
  // One site per project, so the two runs never save over each other; neither site's words are used by other tests.
  const siteName = js ? /Velvet Room/ : /Zilverhart/;
  const admin = await staffSignsIn(
    browser,
    info,
    OPERATOR,
    (p) => p.getByRole("heading", { level: 1, name: "Queue" }),
    "198.51.100.158",
  );
  await admin.getByRole("link", { name: "Sites", exact: true }).click();
  await admin.getByRole("link", { name: siteName }).click();
  const safety = () => admin.locator("#safety");
  const english = () => safety().getByLabel("Offensive words (English)");
  await expect(english()).toHaveValue(/idiot\*/);
  await expect(safety().getByLabel("Offensive words (Polish)")).toHaveValue(/kretyn\*/);
  const original = await english().inputValue();

  // Digits are no word: refused beside the field, the text typed kept.
  await english().fill(`${original}, 1d10t`);
  await safety().getByRole("button", { name: "Save Safety" }).click();
  await expect(english()).toHaveAttribute("aria-invalid", "true");
  await expect(english()).toHaveValue(`${original}, 1d10t`);
  await checkA11y(admin);
  for (const width of [390, 1280]) {
    await admin.setViewportSize({ width, height: 900 });
    await safety().scrollIntoViewIfNeeded();
    await admin.screenshot({ path: test.info().outputPath(`console-safety-${info.project.name}-${width}.png`) });
  }

  // A word added is saved; the original list is put back afterwards.
  await admin.reload();
  await english().fill(`${original}, jerk*`);
  await safety().getByRole("button", { name: "Save Safety" }).click();
  await expect(admin.getByRole("status")).toContainText("Saved.");
  await expect(english()).toHaveValue(/jerk\*$/);
  await english().fill(original);
  await safety().getByRole("button", { name: "Save Safety" }).click();
  await expect(admin.getByRole("status")).toContainText("Saved.");
  await expect(english()).toHaveValue(original);
});
