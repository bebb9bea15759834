/**
 * The e2e test API: Playwright's test with axe-core run on the pages a test checks (checkA11y)
 * and on the page each test ends on, plus login and sign-up helpers.
 *
 * Tags (docs/architecture.md §8): a test tagged `@http` asserts on HTTP answers alone (statuses,
 * headers, redirects of GETs, answers read through `request`), which JavaScript in the browser
 * cannot change, so it runs in the "js" project only; one tagged `@no-script` is about a page
 * that loads no script at all (the landers), so it runs in the "no-js" project only, where it
 * is the very page a visitor gets either way. Everything else, every form in particular, runs
 * with JavaScript on and off. A test tagged `@push` needs a browser that can do web push: with
 * JavaScript it runs in the full browser (the "js-push" project; support/browsers.ts).
 */
import { createHash } from "node:crypto";
import axe from "axe-core";
import { test as base, type Browser, expect, type Page, type TestInfo } from "@playwright/test";

export const DEMO = { email: "anna@example.com", password: "demo-password", name: "Anna" } as const;

/**
 * What one test worker keeps between tests for the accessibility check: the documents it found
 * accessible already, and (for JavaScript-off pages) one scripted page to check their HTML in.
 * A worker runs one project's tests, so every document is still checked in each project.
 */
class A11yChecker {
  /** Documents found without violations (URL, viewport and HTML without its nonces), in any test. */
  private readonly passed = new Set<string>();
  private scripted: { page: Page; origin: string } | undefined;

  constructor(private readonly browser: Browser) {}

  async check(page: Page, javaScriptEnabled: boolean) {
    if (page.url() === "about:blank") return;
    // A test may end as soon as a navigation commits; check the whole document, not the part
    // streamed so far (a half-parsed button has no name yet).
    await page.waitForLoadState("load");
    const url = page.url();
    const html = await page.content();
    // The same document in the same viewport gets the same answer from axe: checked once.
    const viewport = page.viewportSize();
    const key = createHash("sha256")
      .update(`${url}\n${viewport?.width}x${viewport?.height}\n${html.replace(/ nonce="[^"]*"/g, "")}`)
      .digest("hex");
    if (this.passed.has(key)) return;
    // axe runs inside the page, which a JavaScript-off page does not allow: there the same HTML
    // (scripts removed) is checked in a scripted page with the same base URL and stylesheets.
    const target = javaScriptEnabled ? page : await this.scriptedCopy(url, html);
    expect(await axeViolations(target), `axe violations on ${url}`).toEqual([]);
    this.passed.add(key);
  }

  /** The worker's scripted page showing `html` as if loaded from `url` (scripts blocked). */
  private async scriptedCopy(url: string, html: string): Promise<Page> {
    const origin = new URL(url).origin;
    if (!this.scripted) {
      const context = await this.browser.newContext({ javaScriptEnabled: true, bypassCSP: true });
      const page = await context.newPage();
      await page.route("**/*", (route) => (route.request().resourceType() === "script" ? route.abort() : route.continue()));
      this.scripted = { page, origin: "" };
    }
    const { page } = this.scripted;
    // Stylesheets load as from the page's own origin: the copy is written into a document there.
    if (this.scripted.origin !== origin) {
      await page.goto(new URL("/robots.txt", url).href);
      this.scripted.origin = origin;
    }
    const copy = html.replace(/<script\b[\s\S]*?<\/script>/gi, "").replace("<head>", `<head><base href="${url}">`);
    await page.setContent(copy, { waitUntil: "load" });
    return page;
  }

  async close() {
    await this.scripted?.page.context().close();
  }
}

/**
 * axe-core's violations on the page's document, one line each (rule: the nodes' selectors), with
 * axe's default rules. axe-core is used directly, not through @axe-core/playwright, which sends
 * and compiles axe's 580 KB source for every check and carries every passing node's details
 * back over the protocol: this injects it only into a document that does not have it yet (a
 * page checked again after a client-side navigation, the worker's scripted page for JavaScript-off
 * HTML) and asks for the violations alone, a third less time per check (docs/decisions/069).
 * The app's pages have no iframes, so none is looked into.
 */
async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => typeof window.axe?.run === "function"))) await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const { violations } = await window.axe.run(document, { resultTypes: ["violations"], iframes: false });
    return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  });
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}

/**
 * A page's scripts start only after its first paint (ADR 067), so the load event that page.goto
 * waits for can come before them, and a test would then click a page that has not hydrated yet:
 * with JavaScript, page.goto and page.reload also wait for `<html data-hydrated>` (root.tsx).
 * Patched on Playwright's Page class once per worker, so it holds for the pages a test opens in
 * contexts of its own too. A page without scripts (a lander) or without JavaScript waits for
 * nothing; a test about the moments before hydration passes `waitUntil: "commit"` or
 * "domcontentloaded". Without JavaScript a `networkidle` wait is a `load` wait.
 */
function waitForHydrationOnNavigation(page: Page) {
  const proto = Object.getPrototypeOf(page) as Page & { hydrationWaits?: true };
  if (proto.hydrationWaits) return;
  proto.hydrationWaits = true;
  const goto = proto.goto;
  const reload = proto.reload;
  const waits = (options?: { waitUntil?: string }) =>
    !options?.waitUntil || options.waitUntil === "load" || options.waitUntil === "networkidle";
  // Without JavaScript nothing is requested after the load event (the images in view are part of
  // it), so a wait for the network to be idle would only add its half second of silence.
  const withoutScriptWaits = <T extends { waitUntil?: string }>(options?: T): T | undefined =>
    options?.waitUntil === "networkidle" && javaScriptOff() ? { ...options, waitUntil: "load" } : options;
  proto.goto = async function (this: Page, url, options) {
    const response = await goto.call(this, url, withoutScriptWaits(options));
    if (waits(options)) await untilHydrated(this);
    return response;
  };
  proto.reload = async function (this: Page, options) {
    const response = await reload.call(this, withoutScriptWaits(options));
    if (waits(options)) await untilHydrated(this);
    return response;
  };
}

const HYDRATION_TIMEOUT_MS = 15_000;

/** The running test's project has JavaScript off (a worker runs one project's tests). */
const javaScriptOff = () => test.info().project.use.javaScriptEnabled === false;

/** Waits until the page has hydrated, or has no scripts to hydrate with; fails if it never does. */
export async function untilHydrated(page: Page) {
  if (javaScriptOff()) return;
  const state = await page
    .evaluate(() => {
      if (document.documentElement.hasAttribute("data-hydrated")) return "hydrated";
      // The starter removes itself as it runs (app/lib/script-priority.server.ts).
      if (document.querySelector("script[data-starts-scripts]")) return "no JavaScript";
      return document.querySelector('script[type="module"], script[type="text/x-after-first-paint"]')
        ? "hydrating"
        : "no scripts";
    })
    .catch(() => "navigated on");
  if (state !== "hydrating") return;
  try {
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"), undefined, {
      timeout: HYDRATION_TIMEOUT_MS,
    });
  } catch (error) {
    // A page that navigated on meanwhile: the test's own expectations speak for the new one.
    if (error instanceof Error && error.name === "TimeoutError")
      throw new Error(`${page.url()} did not hydrate within ${HYDRATION_TIMEOUT_MS / 1000} s`);
  }
}

export const test = base.extend<{ checkA11y: (page?: Page) => Promise<void> }, { a11yChecker: A11yChecker }>({
  page: async ({ page }, use) => {
    waitForHydrationOnNavigation(page);
    await use(page);
    // A test that holds requests back (page.route) may end with one still in its handler: that
    // request no longer matters, and must not fail the run as an error outside any test.
    await page.unrouteAll({ behavior: "ignoreErrors" }).catch(() => {});
  },
  a11yChecker: [
    async ({ browser }, use) => {
      const checker = new A11yChecker(browser);
      await use(checker);
      await checker.close();
    },
    { scope: "worker" },
  ],
  checkA11y: [
    async ({ page, javaScriptEnabled, a11yChecker }, use) => {
      // Within a test, each address is checked once (the first time it is asked for).
      const checked = new Set<string>();
      const check = async (target: Page = page) => {
        const url = target.url();
        if (checked.has(url)) return;
        checked.add(url);
        await a11yChecker.check(target, javaScriptEnabled);
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

/**
 * Signs a new member up through the sign-up form (step 0), and waits for the next step: for
 * tests about signing up. Tests that only need a new member use newMember.
 */
export async function signUp(page: Page, email: string, name: string, password = "a good password") {
  // With JavaScript, goto waits for hydration (waitForHydrationOnNavigation), so the typing and
  // the click are the form's own (a click during hydration can be lost, and the test would wait
  // for nothing).
  await page.goto("/signup");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Password").fill(password);
  const create = page.getByRole("button", { name: "Sign up for free" });
  await expect(create).toBeEnabled();
  await create.click();
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Sign up for free");
}

/**
 * A new member, logged in in the page's browser context: step 0 of sign-up posted as the form
 * posts it without JavaScript (the app's action, the real API), without loading the page in the
 * browser. The member is where signUp leaves one (step 0 done, not activated). The page itself
 * is not moved: the test goes on with page.goto.
 */
export async function newMember(page: Page, email: string, name: string, password = "a good password") {
  const form = await page.request.get("/signup");
  expect(form.ok(), `GET /signup: ${form.status()}`).toBe(true);
  // The form's csrf token: the API accepts a sign-up only with one it signed.
  const csrf = /<input[^>]*name="csrf"[^>]*value="([^"]+)"/.exec(await form.text())?.[1];
  expect(csrf, "the sign-up form's csrf token").toBeTruthy();
  const created = await page.request.post("/signup", {
    form: { intent: "create", email, name, password, csrf: csrf! },
    headers: { origin: new URL(form.url()).origin },
  });
  // A good post redirects to /signup (the next step); a refused one answers 400 with the form
  // and its messages.
  const messages = [...(await created.text()).matchAll(/class="[^"]*error[^"]*"[^>]*>([\s\S]*?)<\//g)].map((m) => m[1]);
  expect(created.status(), `POST /signup: ${messages.join(" | ")}`).toBe(200);
  expect(new URL(created.url()).pathname).toBe("/signup");
  expect(
    (await page.context().cookies(form.url())).some((c) => c.name === "sid"),
    "a session cookie",
  ).toBe(true);
}

/**
 * Confirms a new member's address as the member does, by opening the activation link of the
 * mail in the development mailbox (through the page's request context: its cookies, no
 * navigation). Members write messages only once the address is confirmed (docs/decisions/040).
 */
export async function confirmAddress(page: Page, email: string) {
  let link: string | undefined;
  await expect(async () => {
    const mailbox = await (await page.request.get("/_dev/mailbox")).text();
    const article = mailbox.split("<article").find((part) => part.includes(email) && part.includes("activate.php?token="));
    link = /href="([^"]*activate\.php\?token=[^"]*)"/.exec(article ?? "")?.[1]?.replaceAll("&amp;", "&");
    expect(link, `an activation mail to ${email}`).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  const opened = await page.request.get(link!);
  expect(new URL(opened.url()).pathname).toBe("/activate/done");
}

/** A demo member's id, from the link to their own profile (in a context of its own, closed after). */
export async function memberIdOf(browser: Browser, account: { email: string; password: string }): Promise<string> {
  const context = await browser.newContext({ javaScriptEnabled: true });
  const page = await context.newPage();
  await login(page, account);
  await page.goto("/profile");
  const href = await page.getByRole("link", { name: "See your profile as others see it" }).getAttribute("href");
  await context.close();
  const id = href?.match(/\/members\/(\d+)$/)?.[1];
  expect(id).toBeTruthy();
  return id!;
}

/**
 * A new member others can find: confirmed, living in the Netherlands (only active members with a
 * country show anywhere, docs/decisions/040); their member id.
 */
export async function shownMember(page: Page, email: string, name: string): Promise<string> {
  await newMember(page, email, name);
  await confirmAddress(page, email);
  await page.goto("/profile?part=location");
  await page.locator("#location").getByLabel("Country").selectOption("NL");
  await page.locator("#location").getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await page.goto("/profile");
  const id = (await page.getByRole("link", { name: "See your profile as others see it" }).getAttribute("href"))?.split("/").pop();
  expect(Number(id)).toBeGreaterThan(0);
  return id!;
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

/**
 * Pictures of the page at a phone's and a desktop's width, kept with the test's results for a
 * person to look at (not compared: visual.spec.ts does that). Skipped without JavaScript unless
 * asked, since the pictures would be the same.
 */
export async function screenshotsAtBothWidths(
  page: Page,
  info: TestInfo,
  name: string,
  options: { fullPage?: boolean; withoutJavaScriptToo?: boolean } = {},
) {
  if (!options.withoutJavaScriptToo && info.project.use.javaScriptEnabled === false) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: info.outputPath(`${name}-${width}.png`), fullPage: options.fullPage ?? false });
  }
}
