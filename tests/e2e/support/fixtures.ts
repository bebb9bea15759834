/**
 * The e2e test API: Playwright's test with axe-core run on every page a test visits (each
 * document load is checked before the test goes on, and the last page at the end), plus
 * login helpers for the seeded demo accounts.
 */
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

export const DEMO = { email: "anna@example.com", password: "demo-password", name: "Anna" } as const;

/**
 * axe runs inside the page, which a JavaScript-off page does not allow: there the same HTML
 * (scripts removed) is checked in a scripted page with the same base URL and stylesheets.
 */
async function expectAccessible(page: Page, javaScriptEnabled: boolean) {
  if (page.url() === "about:blank") return;
  // A test may end as soon as a navigation commits; check the whole document, not the part
  // streamed so far (a half-parsed button has no name yet).
  await page.waitForLoadState("load");
  let target = page;
  if (!javaScriptEnabled) {
    const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
    const context = await page.context().browser()!.newContext({ javaScriptEnabled: true, bypassCSP: true });
    target = await context.newPage();
    await target.route("**/*", (route) => (route.request().resourceType() === "script" ? route.abort() : route.continue()));
    await target.goto(new URL("/robots.txt", page.url()).href);
    await target.setContent(html.replace("<head>", `<head><base href="${page.url()}">`), { waitUntil: "load" });
  }
  const results = await new AxeBuilder({ page: target }).analyze();
  if (target !== page) await target.context().close();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

export const test = base.extend<{ checkA11y: (page?: Page) => Promise<void> }, object>({
  checkA11y: [
    async ({ page, javaScriptEnabled }, use) => {
      const checked = new Set<string>();
      const check = async (target: Page = page) => {
        const url = target.url();
        if (checked.has(url)) return;
        checked.add(url);
        await expectAccessible(target, javaScriptEnabled);
      };
      await use(check);
      await check(page);
    },
    { auto: true },
  ],
});

export { expect };

export async function login(page: Page, account: { email: string; password: string } = DEMO) {
  await page.goto("/login");
  await page.getByLabel("Email address").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** Signs a new member up (step 0 of sign-up) and waits for the next step. */
export async function signUp(page: Page, email: string, name: string, password = "a good password") {
  // "networkidle": with JavaScript the page has hydrated, so the typing and the click are the
  // form's own (a click during hydration can be lost, and the test would wait for nothing).
  await page.goto("/signup", { waitUntil: "networkidle" });
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Password").fill(password);
  const create = page.getByRole("button", { name: "Sign up for free" });
  await expect(create).toBeEnabled();
  await create.click();
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Sign up for free");
}

/**
 * Answers the question a visitor from a partner's link is asked (ADR 034): may we remember the
 * partner? Found by its form's values, so it works in every language.
 */
export async function answerPartnerQuestion(page: Page, answer: "Allow" | "Don't allow") {
  const question = page.locator("aside.consent-banner");
  await question.locator(`button[name="choice"][value="${answer === "Allow" ? "partners" : "none"}"]`).click();
  await expect(question).toHaveCount(0);
}
