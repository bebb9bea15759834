/**
 * The terms and privacy pages (docs/product.md §2): public, in the default layout, with the company's
 * details; the terms end with the English-only anti-trafficking section, plus DMCA and 2257
 * for a company with the US tradename (Amora on localhost has it, Zilverhart on 127.0.0.1 not).
 */
import { E2E_PORT } from "../../playwright.config";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

/** The levels of the page's headings in document order. */
async function headingLevels(page: Page) {
  return page.locator("main :is(h1, h2, h3, h4, h5, h6)").evaluateAll((nodes) => nodes.map((n) => Number(n.tagName[1])));
}

function expectHeadingsInOrder(levels: number[]) {
  expect(levels[0]).toBe(1);
  expect(levels.filter((level) => level === 1)).toHaveLength(1);
  for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!).toBeLessThanOrEqual(1);
}

test("the terms name the company, disclose fictional profiles and carry the US sections for a US company", async ({
  page,
  checkA11y,
}) => {
  const response = await page.goto("/pages/terms");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of service");
  await expect(page).toHaveTitle("Terms of service – Amora");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Amora/);
  await expect(page.getByText("Last updated: November 21, 2026")).toBeVisible();

  const main = page.getByRole("main");
  await expect(main.getByText("Amora is run by Demo Dating B.V., Keizersgracht 1, Amsterdam, Netherlands.")).toBeVisible();
  await expect(main.getByText("Chamber of Commerce (KvK) number: 12345678")).toBeVisible();
  await expect(main.getByText("VAT number: NL000099998B57")).toBeVisible();
  await expect(main.getByText(/18 or older to use Amora/)).toBeVisible();
  await expect(main.getByText(/are entertainment profiles: fictional profiles .* marked with the ✦ icon/)).toBeVisible();
  await expect(main.getByText(/Sending a message costs credits/)).toBeVisible();
  await expect(main.getByText("These terms are governed by the law of Netherlands", { exact: false })).toBeVisible();
  await expect(main.getByRole("link", { name: "support@amora.example" }).first()).toHaveAttribute(
    "href",
    "mailto:support@amora.example",
  );

  const sections = [
    "Anti-trafficking and no minors",
    "Copyright infringement (DMCA)",
    "18 U.S.C. 2257 record-keeping requirements compliance statement",
  ];
  for (const name of sections) {
    const heading = main.getByRole("heading", { level: 2, name });
    await expect(heading).toBeVisible();
    await expect(heading.locator("xpath=ancestor::section[1]")).toHaveAttribute("lang", "en");
  }
  // The English-only sections come last, in this order.
  const h2s = await main.getByRole("heading", { level: 2 }).allTextContents();
  expect(h2s.slice(-3)).toEqual(sections);
  await expect(main.getByText(/Our designated agent is Demo Dating US LLC/)).toBeVisible();
  await expect(main.getByText(/was 18 years of age or older when the content was created/)).toBeVisible();

  expectHeadingsInOrder(await headingLevels(page));
  await checkA11y();
});

test("without the US tradename the terms keep the anti-trafficking section but have no DMCA or 2257 section", async ({
  page,
  checkA11y,
}) => {
  await page.goto(`http://127.0.0.1:${E2E_PORT}/pages/terms`);
  await expect(page).toHaveTitle("Terms of service – Zilverhart");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 2, name: "Anti-trafficking and no minors" })).toBeVisible();
  await expect(main.getByText(/are chat hosts: fictional profiles .* marked with the ★ icon/)).toBeVisible();
  await expect(main.getByRole("heading", { name: /DMCA/ })).toHaveCount(0);
  await expect(main.getByRole("heading", { name: /2257/ })).toHaveCount(0);
  await expect(main.getByText(/2257|Digital Millennium/)).toHaveCount(0);
  await checkA11y();
});

test("the anti-trafficking section stays English, marked lang=en, when the page is in another language", async ({ browser }) => {
  const context = await browser.newContext({ locale: "de-DE", extraHTTPHeaders: { "accept-language": "de-DE,de;q=0.9" } });
  const page = await context.newPage();
  await page.goto(`http://localhost:${E2E_PORT}/pages/terms`);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  const section = page.locator("section#anti-trafficking");
  await expect(section).toHaveAttribute("lang", "en");
  await expect(section.getByRole("heading", { level: 2 })).toHaveText("Anti-trafficking and no minors");
  await context.close();
});

test("the privacy policy says what is kept, for how long, the cookies and how to reach the company", async ({
  page,
  checkA11y,
}) => {
  const response = await page.goto("/pages/privacy");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy policy");
  await expect(page).toHaveTitle("Privacy policy – Amora");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Amora/);

  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 2 })).toHaveText([
    "What we keep",
    "Why we use it",
    "How long we keep it",
    "Your rights",
    "Cookies",
    "Contact",
  ]);
  await expect(main.getByText(/remove its location and other hidden camera data \(EXIF\)/)).toBeVisible();
  await expect(main.getByText(/tracking parameters, for 30 days/)).toBeVisible();
  await expect(main.getByText(/delete your data by deleting your account/)).toBeVisible();
  await expect(main.getByText(/session cookie .* language cookie .* tracking cookie/)).toBeVisible();
  await expect(main.getByRole("link", { name: "support@amora.example" })).toHaveAttribute("href", "mailto:support@amora.example");

  expectHeadingsInOrder(await headingLevels(page));
  await checkA11y();
});

test("the legal pages are public: no login needed", { tag: "@http" }, async ({ page }) => {
  for (const path of ["/pages/terms", "/pages/privacy"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
});
