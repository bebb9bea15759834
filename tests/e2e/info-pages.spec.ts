/**
 * The info pages of issue 15 (docs/product.md §12): FAQ, cookies, customer service, withdrawal
 * and refunds, and the ban page; content from app/content/pages, each page checked by axe (the
 * fixture), with JavaScript and without. The contact form reaches the development mailbox.
 */
import type { Browser, Page } from "@playwright/test";
import { DEMO, expect, login, test } from "./support/fixtures";

// The contact form is limited per visitor IP; these visitors come from documentation addresses
// of their own (locally the app reads the IP from cf-connecting-ip).
test.use({ extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.81" } });

const FOOTER = ["Cookies", "Refunds", "FAQ", "Customer service"];

test("the FAQ answers with <details>, in the reader's language, and the footer links the info pages", async ({ page }) => {
  await page.goto("/pages/faq");
  await expect(page).toHaveTitle("Frequently asked questions – Amora");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently asked questions");
  const main = page.getByRole("main");
  const question = main.locator("details", { hasText: "What does a message cost?" });
  const answer = question.getByText(/Each message you send costs the same number of credits/);
  await expect(answer).toBeHidden();
  await question.locator("summary").click();
  await expect(answer).toBeVisible();
  await expect(question.getByRole("link", { name: "price list" })).toHaveAttribute("href", "/pricing");
  // Site values come from the site's settings: its name and the word for fictional profiles.
  await main.locator("summary", { hasText: "What are entertainment profiles?" }).click();
  await expect(main.getByText(/Some profiles on Amora are entertainment profiles/)).toBeVisible();
  for (const name of ["How do I delete my account?", "How do I stay safe?", "How do I cancel premium?"]) {
    await expect(main.locator("summary", { hasText: name })).toBeVisible();
  }
  const footer = page.locator("footer");
  for (const name of FOOTER) await expect(footer.getByRole("link", { name, exact: true })).toBeVisible();
  await footer.getByRole("link", { name: "Customer service" }).click();
  await expect(page).toHaveURL(/\/pages\/service$/);
});

test("/pages lists every info page by its heading, in the reader's language, and leads to it", async ({ page }) => {
  await page.goto("/pages");
  await expect(page).toHaveTitle("Information – Amora");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Information");
  const main = page.getByRole("main");
  for (const [name, path] of [
    ["Terms of service", "/pages/terms"],
    ["Privacy policy", "/pages/privacy"],
    ["Frequently asked questions", "/pages/faq"],
    ["Cookies and storage", "/pages/cookies"],
    ["Customer service", "/pages/service"],
    ["Withdrawal and refunds", "/pages/return-policy"],
    ["Bans and appeals", "/pages/ban"],
  ] as const) {
    await expect(main.getByRole("link", { name, exact: true })).toHaveAttribute("href", path);
  }
  await main.getByRole("link", { name: "Privacy policy" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy policy");
  await page.goto("/pages", { waitUntil: "networkidle" });
  await page.locator("footer").getByLabel("Language").selectOption("de");
  await page.locator("footer").getByRole("button", { name: "Change language" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Informationen");
  await expect(page.getByRole("main").getByRole("link", { name: "Nutzungsbedingungen" })).toBeVisible();
});

test("the FAQ in Dutch", async ({ page }) => {
  await page.goto("/pages/faq", { waitUntil: "networkidle" });
  await page.locator("footer").getByLabel("Language").selectOption("nl");
  await page.locator("footer").getByRole("button", { name: "Change language" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Veelgestelde vragen");
  await expect(page.locator("footer").getByRole("link", { name: "Klantenservice" })).toBeVisible();
});

test("the refunds page follows what commerce does, and links the withdrawal and the cancellation", async ({ page }) => {
  await page.goto("/pages/return-policy");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Withdrawal and refunds");
  const main = page.getByRole("main");
  await expect(main.getByText(/You buy credits and premium from Demo Dating B\.V\./)).toBeVisible();
  await expect(main.getByText(/You get 70 credits' share back: €14/)).toBeVisible();
  await expect(main.getByRole("link", { name: "Withdraw from a contract" })).toHaveAttribute("href", "/withdrawal");
  await expect(main.getByRole("link", { name: "Cancel it" })).toHaveAttribute("href", "/premium/cancel");
  await expect(main.getByRole("link", { name: "support@amora.example" })).toHaveAttribute("href", "mailto:support@amora.example");
});

test("the ban page: a visitor and a member without a ban, and a ban's statement of reasons", async ({ page }) => {
  await page.goto("/pages/ban");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bans and appeals");
  await expect(page.getByText("This page shows the decision when an account is banned.", { exact: false })).toBeVisible();

  // The development tools' sample ban (bans themselves are made by moderation).
  await page.goto("/pages/ban?preview=1");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your account has been banned");
  await expect(page.getByText("Fraud or asking for money")).toBeVisible();
  // The statement is text: its markup shows as typed.
  await expect(page.getByText("pay for a train ticket <b>before</b> meeting", { exact: false })).toBeVisible();
  await expect(page.getByText(/You can appeal until/)).toBeVisible();
  await page.getByRole("link", { name: "Appeal this decision" }).click();
  await expect(page).toHaveURL(/\/pages\/service\?topic=safety$/);
  await expect(page.getByLabel("Topic")).toHaveValue("safety");

  await login(page);
  await page.goto("/pages/ban");
  await expect(page.getByText("Your account is not banned.", { exact: false })).toBeVisible();
});

async function fillForm(page: Page, values: { name?: string; email?: string; topic?: string; message: string }) {
  if (values.name !== undefined) await page.getByLabel("Your name").fill(values.name);
  if (values.email !== undefined) await page.getByLabel("Your email address").fill(values.email);
  await page.getByLabel("Topic").selectOption(values.topic ?? "technical");
  await page.getByLabel("Your message").fill(values.message);
}

test("a visitor's message reaches customer service; its HTML stays text", async ({ page }, info) => {
  await page.goto("/pages/service", { waitUntil: "networkidle" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Customer service");
  await expect(page.getByRole("link", { name: "support@amora.example" }).first()).toHaveAttribute(
    "href",
    "mailto:support@amora.example",
  );
  await expect(page.getByRole("link", { name: "+31 20 000 0000" })).toHaveAttribute("href", "tel:+31200000000");

  const stamp = `${info.project.name}-${Date.now()}`;
  const message = `The app <b>freezes</b> when I upload a photo <script>alert(1)</script> (${stamp})`;
  await fillForm(page, { name: "Robin", email: `robin-${stamp}@example.com`, message });
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("status")).toContainText("your message has reached customer service");
  const reference = (await page.getByText(/Your reference: S[0-9A-Z]+/).textContent())?.match(/S[0-9A-Z]+/)?.[0];
  expect(reference).toBeTruthy();
  await expect(page).toHaveURL(new RegExp(`/pages/service\\?sent=${reference}`));

  await page.goto("/_dev/mailbox");
  const mail = page.getByRole("article").filter({ hasText: reference! });
  await expect(mail.getByRole("heading", { name: `[Amora] Technical problem – message ${reference}` })).toBeVisible();
  await expect(mail.getByText("support@amora.example", { exact: true })).toBeVisible();
  await expect(mail.locator(".mail-text")).toContainText(message);
  await expect(mail.locator(".mail-text")).toContainText(`From: Robin <robin-${stamp}@example.com>`);
  await expect(mail.locator(".mail-html")).toContainText("&lt;script&gt;alert(1)&lt;/script&gt;");
});

test("bad input is refused beside its field in the reader's words, and what was typed stays", async ({ page }) => {
  await page.goto("/pages/service", { waitUntil: "networkidle" });
  // Past the browser's own checks: a zero-width space in the name, an address without a dot.
  await fillForm(page, { name: "Ro\u200Bbin", email: "robin@example", topic: "account", message: "My photos do not show up." });
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("This contains invisible or control characters", { exact: false })).toBeVisible();
  await expect(page.getByLabel("Your name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Your email address")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Your message")).toHaveValue("My photos do not show up.");
  await expect(page.getByLabel("Topic")).toHaveValue("account");
  await expect(page.getByLabel("Your email address")).toHaveValue("robin@example");
});

test("a member's name and address are filled in", async ({ page }) => {
  await login(page);
  await page.goto("/pages/service");
  await expect(page.getByLabel("Your name")).toHaveValue(DEMO.name);
  await expect(page.getByLabel("Your email address")).toHaveValue(DEMO.email);
});

async function visitorFrom(browser: Browser, ip: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled, extraHTTPHeaders: { "cf-connecting-ip": ip } });
  return { page: await context.newPage(), close: () => context.close() };
}

test("one address may send five messages an hour; the sixth is refused and kept", async ({ browser }, info) => {
  test.setTimeout(180_000);
  // The limit counts per clock hour (workers/api/lib/rate-limit.ts): six sends across the turn of
  // an hour would all pass. Start after the turn when it is near.
  const toNextHour = 3_600_000 - (Date.now() % 3_600_000);
  if (toNextHour < 75_000) await new Promise((resolve) => setTimeout(resolve, toNextHour + 1_000));
  const js = info.project.use.javaScriptEnabled !== false;
  // A retry starts from another address: the first attempt used this one's hour.
  const ip = `198.51.100.${82 + 2 * info.retry + (js ? 0 : 1)}`;
  const { page, close } = await visitorFrom(browser, ip, js);
  const values = { name: "Sam", email: "sam@example.com", topic: "other", message: "Just checking the limit, sorry." };
  for (let i = 0; i < 5; i++) {
    await page.goto("/pages/service", { waitUntil: "networkidle" });
    await fillForm(page, values);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("status")).toContainText("your message has reached customer service");
  }
  await page.goto("/pages/service", { waitUntil: "networkidle" });
  await fillForm(page, { ...values, message: "The sixth message of the hour." });
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText(/Too many attempts\. Please wait \d+ minutes/)).toBeVisible();
  await expect(page.getByLabel("Your message")).toHaveValue("The sixth message of the hour.");
  await close();
});
