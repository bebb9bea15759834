/**
 * Safety between members (issue 30 points 2 and 6; ADR 053): a first message with contact
 * details is refused with the reason beside the composer, the text kept and nothing charged; the
 * safety note and the chat menu lead to /pages/safety; the screening notice shows at sign-up, on
 * the safety page and in the mails of a site that turns it on (the demo's Velvet Room).
 */
import type { Page } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";
import { confirmAddress, expect, newMember, test, memberIdOf } from "./support/fixtures";

// Sign-ups here come from their own IP (the API allows 20 an hour per IP).
test.use({ extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.150" } });

const VELVET = `http://velvet.localhost:${E2E_PORT}`;
const SCREENING = "Velvet Room does not conduct criminal background screenings of its members.";

async function send(page: Page, text: string) {
  await page.getByLabel("Your message").fill(text);
  await page.getByRole("button", { name: "Send" }).click();
}

test("a first message with contact details is refused with its reason, the text kept and nothing charged", async ({
  page,
  browser,
  checkA11y,
}, info) => {
  test.slow();
  const stamp = `${info.project.name}-${Date.now().toString(36)}`;
  const email = `e2e-first-${stamp}@example.com`;
  await newMember(page, email, `Fay ${stamp.slice(-4)}`);
  await confirmAddress(page, email);
  const ben = await memberIdOf(browser, { email: "ben@example.com", password: "demo-password" });
  await page.goto(`/members/${ben}/chat`);
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  const chatPath = new URL(page.url()).pathname;

  // The safety note of a conversation's first messages, with the safety page one tap away.
  const note = page.locator(".chat-safety-note");
  await expect(note).toContainText("never send money to someone you have not met");
  await expect(note).toContainText("once Ben has answered");
  const costLine = page.getByText(/A message costs \d+ credits\. You have 50\./);
  await expect(costLine).toBeVisible();

  // Disguised contact details: refused, the reason beside the field in the member's language.
  const typed = "Nice profile! add me on p a y p a l or call 0 6 1 2 3 4 5 6 7 8";
  await send(page, typed);
  await expect(page.getByText("Not sent: your message names a payment service or messenger app")).toBeVisible();
  await expect(page.getByLabel("Your message")).toHaveValue(typed);
  await expect(page.getByLabel("Your message")).toHaveAttribute("aria-invalid", "true");
  await expect(costLine).toBeVisible();
  await expect(page.getByRole("log", { name: "Messages" }).getByText("p a y p a l")).toHaveCount(0);
  await checkA11y();
  if (info.project.use.javaScriptEnabled !== false) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.screenshot({ path: test.info().outputPath(`chat-refused-${width}.png`), fullPage: false });
    }
  }

  // A link without a scheme: its own reason.
  await send(page, "see example.com/me");
  await expect(page.getByText("Not sent: your message contains a link.")).toBeVisible();

  // Edited, it goes, and is charged once.
  await send(page, `Hello Ben, nice profile! ${stamp}`);
  await expect(page.getByRole("log", { name: "Messages" }).getByText(`Hello Ben, nice profile! ${stamp}`)).toBeVisible();
  await expect(page.getByText(/A message costs (\d+) credits\. You have (?!50\.)\d+\./)).toBeVisible();
  await expect(page.getByText(/^Not sent:/)).toHaveCount(0);

  // The chat's menu leads to the safety page.
  await page.goto(chatPath);
  await page.locator(".chat-safety > summary").click();
  const menuLink = page.locator(".chat-safety-menu").getByRole("link", { name: "Safety tips" });
  await expect(menuLink).toBeVisible();
  if (info.project.use.javaScriptEnabled !== false) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath("chat-menu-390.png") });
  }
  await menuLink.click();
  await expect(page).toHaveURL(/\/pages\/safety$/);
  await expect(page.getByRole("heading", { level: 1, name: "Staying safe" })).toBeVisible();
});

test("the safety page: money, meeting, reporting; in the reader's language", async ({ page, checkA11y }, info) => {
  await page.goto("/pages/safety");
  await expect(page.getByRole("heading", { level: 1, name: "Staying safe" })).toBeVisible();
  for (const heading of ["Never send money", "Meeting in person", "How to report"]) {
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "report illegal content" })).toHaveAttribute("href", "/complaints");
  // Amora does not show the screening notice.
  await expect(page.getByText("does not conduct criminal background screenings")).toHaveCount(0);
  await checkA11y();
  if (info.project.use.javaScriptEnabled !== false) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.screenshot({ path: test.info().outputPath(`safety-page-${width}.png`), fullPage: true });
    }
  }
  // Listed with the other info pages.
  await page.goto("/pages");
  await expect(page.getByRole("link", { name: "Staying safe" })).toBeVisible();

  for (const [language, heading] of [
    ["nl", "Veilig daten"],
    ["de", "Sicher daten"],
    ["it", "Incontri in sicurezza"],
    ["fr", "Rester en sécurité"],
    ["es", "Citas seguras"],
    ["pl", "Bezpieczne randki"],
  ]) {
    const html = await (await page.request.get("/pages/safety", { headers: { "accept-language": language! } })).text();
    expect(html, language).toContain(`<h1>${heading}</h1>`);
  }
});

test("a site that shows the screening notice: at sign-up, on the safety page and in its mails", async ({ page }, info) => {
  test.slow();
  await page.goto(`${VELVET}/signup`);
  await page.getByRole("button", { name: /I am 18 or older/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sign up for free" })).toBeVisible();
  await expect(page.getByText(SCREENING)).toBeVisible();
  await expect(page.locator(".screening-notice").getByRole("link", { name: "Safety tips" })).toHaveAttribute(
    "href",
    "/pages/safety",
  );
  if (info.project.use.javaScriptEnabled !== false) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath("signup-notice-390.png"), fullPage: true });
  }

  const email = `e2e-screening-${info.project.name}-${Date.now().toString(36)}@example.com`;
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Name").fill("Vera");
  await page.getByLabel("Password").fill("a good password");
  await page.getByRole("button", { name: "Sign up for free" }).click();
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Sign up for free");

  // The activation mail carries the notice under it.
  await expect(async () => {
    // Node does not resolve *.localhost as browsers do: the same server, named in the Host header.
    const answer = await page.request.get(`http://127.0.0.1:${E2E_PORT}/_dev/mailbox`, {
      headers: { host: `velvet.localhost:${E2E_PORT}` },
    });
    const mailbox = await answer.text();
    const mail = mailbox.split("<article").find((part) => part.includes(email));
    expect(mail, `a mail to ${email}`).toBeTruthy();
    expect(mail).toContain(SCREENING);
  }).toPass({ timeout: 10_000 });

  await page.goto(`${VELVET}/pages/safety`);
  await expect(page.getByRole("heading", { level: 2, name: "Background checks" })).toBeVisible();
  await expect(page.getByText(SCREENING)).toBeVisible();
});
