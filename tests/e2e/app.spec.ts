/**
 * The installable app (docs/product.md §1.10): /sw.js installs and precaches the build, an
 * offline member gets the offline page with a retry, a new build shows "New version" and
 * reloads on request without losing typed text, a message typed offline is kept, and Chrome
 * finds nothing that stops installation. The rest of the suite blocks service workers
 * (playwright.config.ts), so only these tests run with one.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { FULL_BROWSER } from "./support/browsers";
import { DEMO, expect, login, test } from "./support/fixtures";

test.use({ serviceWorkers: "allow" });

const SW_FILE = path.resolve("build/client/sw.js");
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "a service worker needs JavaScript");

/** Logs in (only members get the worker) and loads a page until the service worker is active and controls it. */
async function underServiceWorker(page: Page, path: string) {
  await login(page, DEMO);
  await page.goto(path, { waitUntil: "networkidle" });
  await page.evaluate(() => navigator.serviceWorker.ready);
  // The first page is not controlled by the worker it installed: the next load is.
  await page.reload({ waitUntil: "networkidle" });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test("a visitor gets no service worker: its precache would compete with the first page", async ({ page }) => {
  await page.goto("/", { waitUntil: "networkidle" });
  await page.waitForTimeout(1_000);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
});

/** Every cached URL's path, per cache (the precache and the cache-as-used scripts). */
async function cachedPaths(page: Page) {
  return page.evaluate(async () => {
    const byCache: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      byCache[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
    }
    return byCache;
  });
}

test("the service worker precaches the shell and the offline page, caches a page's script as it is used, and never caches pages", async ({
  page,
}) => {
  await underServiceWorker(page, "/home");
  const byCache = await cachedPaths(page);
  const precache = Object.entries(byCache).find(([name]) => name.includes("precache"))?.[1] ?? [];
  const cached = Object.values(byCache).flat();
  const entry = await page.evaluate(() =>
    document.querySelector<HTMLLinkElement>('link[rel="modulepreload"]')?.getAttribute("href"),
  );
  expect(entry).toBeTruthy();
  expect(precache).toContain(entry);
  expect(precache).toContain("/offline");
  expect(precache).toContain("/icons/icon-192.png");
  // The shell only (docs/decisions/023): a page's own script is not precached, it is cached
  // when the page is opened under the worker.
  const pages = await page.evaluate(() => {
    const routes = (window as unknown as { __reactRouterManifest: { routes: Record<string, { module: string }> } })
      .__reactRouterManifest.routes;
    return { home: routes["routes/home"]?.module, pricing: routes["routes/pricing"]?.module };
  });
  expect(pages.home).toBeTruthy();
  expect(precache).not.toContain(pages.home);
  expect(precache).not.toContain(pages.pricing);
  expect(precache.filter((url) => url.startsWith("/assets/")).length).toBeLessThan(40);
  expect(cached).toContain(pages.home);
  expect(cached).not.toContain(pages.pricing);
  // Member pages and API answers are private: never in a cache.
  expect(cached.filter((url) => url === "/" || url === "/home" || url.startsWith("/api/") || url === "/members")).toEqual([]);
});

test("offline, a page shows the offline page, and Try again loads the page once back online", async ({
  page,
  context,
  checkA11y,
}) => {
  await underServiceWorker(page, "/home");
  await context.setOffline(true);
  await page.goto("/pricing");
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
  await expect(page).toHaveURL(/\/pricing$/);
  await checkA11y();
  await context.setOffline(false);
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { name: "You are offline" })).toHaveCount(0);
  await expect(page).toHaveURL(/\/pricing$/);
});

test("offline, tapping a tab says 'You are offline' (not an error 500), and Try again loads the page once back online", async ({
  page,
  context,
  checkA11y,
}) => {
  // The search's script is cached as used; its data never is. (A page whose script was never
  // loaded reloads the current address instead, and the worker answers with the offline page.)
  await underServiceWorker(page, "/members");
  await page.goto("/home", { waitUntil: "networkidle" });
  await context.setOffline(true);
  // A client navigation: the page's data request fails for want of a connection.
  await page.locator('nav.tabbar a[href="/members"]').click();
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
  await expect(page.getByText("Error 500")).toHaveCount(0);
  await checkA11y();
  await context.setOffline(false);
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { name: "You are offline" })).toHaveCount(0);
  await expect(page).toHaveURL(/\/members$/);
});

test("a new build shows 'New version', and Reload keeps the text being typed", async ({ page, context }) => {
  await underServiceWorker(page, "/profile");
  // A new build is deployed: builds/latest.json names another build and /sw.js has changed
  // (the browser fetches the worker's script itself, out of Playwright's reach, so the file
  // served changes; it is put back at the end).
  await context.route("**/builds/latest.json", (route) => route.fulfill({ json: { buildId: "a-newer-build" } }));
  const deployed = readFileSync(SW_FILE, "utf8");
  writeFileSync(SW_FILE, `${deployed}\n// a newer build`);
  // The local asset server's validators date from its start, so a revalidation would answer
  // 304: the browser forgets its copy (a real deploy changes the validators).
  await (await context.newCDPSession(page)).send("Network.clearBrowserCache");
  try {
    await page.goto("/profile?part=about", { waitUntil: "networkidle" });
    const field = page.locator("form input[name=name]").first();
    const typed = `Typed before the update ${Date.now()}`;
    await field.fill(typed);
    // The page checks builds/latest.json when it becomes visible again (at most every 5 minutes).
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
      Date.now = (
        (now) => () =>
          now() + 10 * 60_000
      )(Date.now);
      document.dispatchEvent(new Event("visibilitychange"));
    });
    const toast = page.getByRole("status").filter({ hasText: "A new version is ready." });
    await expect(toast).toBeVisible({ timeout: 15_000 });
    await toast.getByRole("button", { name: "Reload" }).click();
    await page.waitForEvent("load");
    await expect(page.locator("form input[name=name]").first()).toHaveValue(typed);
    await expect(page.getByRole("status").filter({ hasText: "A new version is ready." })).toHaveCount(0);
  } finally {
    writeFileSync(SW_FILE, deployed);
  }
});

test("a message typed offline stays in the composer and on the device until it is sent", async ({ page, context }) => {
  await login(page, DEMO);
  await page.goto("/chats", { waitUntil: "networkidle" });
  const first = page.locator(".chat-entry-link").first();
  test.skip((await first.count()) === 0, "the demo member has no conversation");
  await first.click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  await page.waitForLoadState("networkidle");
  const text = `Written on the train ${Date.now().toString(36)}`;
  await context.setOffline(true);
  await page.getByLabel("Your message").fill(text);
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "You are offline. Your message stays here" })).toBeVisible();
  await expect(page.getByLabel("Your message")).toHaveValue(text);
  await context.setOffline(false);
  await page.reload({ waitUntil: "networkidle" });
  await expect(page.getByLabel("Your message")).toHaveValue(text);
});

test("Chrome finds nothing that stops installing the app", async ({ baseURL }, info) => {
  // Installing needs a real profile (Playwright's contexts are incognito, which Chrome refuses).
  const profile = info.outputPath("profile");
  const context = await chromium.launchPersistentContext(profile, {
    // The full browser: the headless shell cannot install apps.
    ...FULL_BROWSER,
    baseURL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await underServiceWorker(page, "/");
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
    const manifest = await (await page.request.get("/manifest.webmanifest")).json();
    expect(manifest.icons.map((i: { sizes: string; purpose?: string }) => `${i.sizes} ${i.purpose ?? "any"}`)).toEqual(
      expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]),
    );
    expect(manifest.screenshots?.length ?? 0).toBeGreaterThanOrEqual(2);
  } finally {
    await context.close();
  }
});
