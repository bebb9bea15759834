import { API_DOWN_PORT, E2E_PORT } from "../../playwright.config";
import { answerPartnerQuestion, expect, test } from "./support/fixtures";

test("the welcome page shows the site's own headline and the sign-up call to action", async ({ page, checkA11y }) => {
  await page.goto("/");
  // Amora's own words (its settings' welcome copy, ADR 061); tests/e2e/brands.spec.ts has the rest.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Meet someone who makes you smile");
  await expect(page.getByRole("link", { name: "Sign up for free" })).toHaveAttribute("href", "/signup");
  await expect(page).toHaveTitle(/Amora/);
  await checkA11y();
});

test("another host is another site", async ({ page }) => {
  await page.goto(`http://127.0.0.1:${E2E_PORT}/`);
  await expect(page.getByRole("link", { name: "Zilverhart" })).toBeVisible();
});

test("bots get no error page", { tag: "@http" }, async ({ request }) => {
  const response = await request.get("/no/such/page", {
    headers: { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" },
  });
  expect(response.status()).toBe(404);
  expect(await response.text()).not.toContain("Page not found");
});

test("when the API is down the error page says so, with a retry link and no stack trace", async ({ page, checkA11y }) => {
  const response = await page.goto(`http://127.0.0.1:${API_DOWN_PORT}/login`);
  expect(response?.status()).toBe(503);
  await expect(page.getByText("Error 503")).toBeVisible();
  await expect(page.getByText("temporarily unavailable")).toBeVisible();
  await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/login");
  // The inline stylesheet has a `.stack` class: only the page's markup and scripts are searched.
  const html = (await page.content()).replace(/<style[^>]*>[\s\S]*?<\/style>/g, "");
  expect(html).not.toMatch(/at \w+ \(|\.ts:\d+|TypeError|stack/i);
  await checkA11y();
});

test("a member's error page while the API is down stays translated after the page's script runs (issue 29 point 18)", async ({
  page,
  context,
  checkA11y,
}) => {
  // A session cookie: the page (and anything the browser asks the app for) would need the API for the member.
  await context.addCookies([{ name: "sid", value: "a-session-the-api-cannot-check", url: `http://127.0.0.1:${API_DOWN_PORT}` }]);
  const response = await page.goto(`http://127.0.0.1:${API_DOWN_PORT}/chats`, { waitUntil: "networkidle" });
  expect(response?.status()).toBe(503);
  await expect(page.getByText("Error 503")).toBeVisible();
  await expect(page.getByText("temporarily unavailable")).toBeVisible();
  await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/chats");
  // No raw keys ("errors.status", "errors.heading") once the script has run.
  await expect(page.locator("body")).not.toContainText(/\b(errors|nav)\.[a-zA-Z]+/);
  await expect(page).toHaveTitle("Error 503");
  await checkA11y();
});

test("Accept-Language: nl renders Dutch", async ({ browser }) => {
  const context = await browser.newContext({ locale: "nl-NL", extraHTTPHeaders: { "accept-language": "nl-NL,nl;q=0.9" } });
  const page = await context.newPage();
  await page.goto(`http://localhost:${E2E_PORT}/`);
  await expect(page.locator("html")).toHaveAttribute("lang", "nl");
  await expect(page.getByRole("link", { name: "Inloggen" }).first()).toBeVisible();
  await context.close();
});

test("the language switcher keeps the choice", async ({ page, context, checkA11y }) => {
  await page.goto("/login");
  await page.getByLabel("Language").selectOption("de");
  await page.getByRole("button", { name: "Change language" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("status")).toContainText("Deutsch");
  await checkA11y();
  const cookie = (await context.cookies()).find((c) => c.name === "lng");
  expect(cookie?.sameSite).toBe("Lax");
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 86_400_000);
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
});

test("a partner's link asks first; allowed, the URL is made clean and the cookie keeps the values", async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  await page.goto("/?network=aff42&sub1=spring&aff_sub2=x&page=2");
  // Nothing is stored before the visitor answers: the values stay in the address.
  await expect(page).toHaveURL(`http://localhost:${E2E_PORT}/?network=aff42&sub1=spring&aff_sub2=x&page=2`);
  expect((await context.cookies()).map((c) => c.name)).not.toContain("tracking");
  await answerPartnerQuestion(page, "Allow");
  await expect(page).toHaveURL(`http://localhost:${E2E_PORT}/?page=2`);
  const cookies = await context.cookies();
  const cookie = cookies.find((c) => c.name === "tracking");
  expect(JSON.parse(decodeURIComponent(cookie!.value))).toEqual({ network: "aff42", sub1: "spring", aff_sub2: "x" });
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(29 * 86_400_000);
  expect(cookies.find((c) => c.name === "consent")?.value).toBe("partners");
  if (javaScriptEnabled) {
    await expect.poll(() => page.evaluate(() => localStorage.getItem("tracking"))).toContain("aff42");
  }

  // Withdrawn on /pages/cookies as easily: the cookie and its copy go.
  await page.goto("/pages/cookies#choice");
  const choice = page.getByRole("region", { name: "Your choice about partners" });
  await expect(choice).toContainText("You allowed us to remember the partner who sent you.");
  await choice.getByRole("button", { name: "Don't allow" }).click();
  await expect(choice).toContainText("You chose not to let us remember partners.");
  expect((await context.cookies()).map((c) => c.name)).not.toContain("tracking");
  if (javaScriptEnabled) {
    await expect.poll(() => page.evaluate(() => localStorage.getItem("tracking"))).toBeNull();
  }
});

test("a partner's link refused stores nothing, and the question is not asked again", async ({ page, context }) => {
  await page.goto("/members?network=aff43&sub1=no");
  await answerPartnerQuestion(page, "Don't allow");
  // Back on the page as it was; nothing of the partner stored.
  await expect(page).toHaveURL(/\/members\?network=aff43&sub1=no$/);
  const names = (await context.cookies()).map((c) => c.name);
  expect(names).not.toContain("tracking");
  expect((await context.cookies()).find((c) => c.name === "consent")?.value).toBe("none");
  await page.goto("/?network=aff44");
  await expect(page.getByRole("complementary", { name: "Can we thank the site that sent you?" })).toHaveCount(0);
  // A forged answer changes nothing.
  const forged = await page.request.post("/consent", { form: { choice: "everything", returnTo: "//evil.example/" } });
  expect(new URL(forged.url()).host).toBe(`localhost:${E2E_PORT}`);
  expect((await context.cookies()).find((c) => c.name === "consent")?.value).toBe("none");
});

test("HTML carries the security headers and a CSP nonce React Router's scripts use", { tag: "@http" }, async ({ request }) => {
  const response = await request.get("/");
  const csp = response.headers()["content-security-policy"]!;
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(await response.text()).toContain(`nonce="${nonce}"`);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  expect(response.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
});

test("translations are served at /_i18n/{build}/{locale}/messages.json, keyed by locale", { tag: "@http" }, async ({
  request,
  page,
}) => {
  await page.goto("/");
  const href = await page.locator("html").getAttribute("data-messages");
  expect(href).toMatch(/^\/_i18n\/\w+\/en\/messages\.json$/);
  const response = await request.get(href!);
  expect(response.headers()["cache-control"]).toContain("immutable");
  const catalog = (await response.json()).en;
  expect(catalog.nav.login).toBe("Log in");
  // Members download neither the mail nor the staff console's words (contract/messages catalogOf).
  expect(catalog.mail).toBeUndefined();
  expect(catalog.staffSites).toBeUndefined();
  expect((await request.get(href!.replace("/en/", "/xx/"))).status()).toBe(404);
});

test("the build's scripts are kept a year without asking again; files not named by their content are not", {
  tag: "@http",
}, async ({ request }) => {
  // The script the page's module script starts (ADR 067 keeps it inert in the served HTML).
  const html = await (await request.get("/")).text();
  const path = /import\("(\/assets\/[^"]+\.js)"\)/.exec(html)?.[1];
  expect(path, "a script under /assets/ named in the page").toBeTruthy();
  const asset = await request.get(path!);
  expect(asset.ok()).toBe(true);
  expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  // Not what tells browsers of a new version, nor the rules file itself (docs/decisions/068).
  expect((await request.get("/sw.js")).headers()["cache-control"]).not.toContain("immutable");
  expect((await request.get("/_headers")).status()).toBe(404);
});
