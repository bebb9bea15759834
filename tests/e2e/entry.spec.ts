/**
 * The site-entry warning (docs/product.md §2.5, docs/decisions/024) and the matches offered after
 * sign-up (/signup-matches, §2.6). The warning is on only for the third demo site, Velvet Room,
 * reached as velvet.localhost (browsers send *.localhost to this machine), so it never stands in
 * front of the sites the rest of the suite uses.
 */
import type { Page } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";
import { expect, signUp, test } from "./support/fixtures";

// Sign-ups here come from their own IP (the API allows 20 an hour per IP).
test.use({ extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.60" } });

const VELVET = `http://velvet.localhost:${E2E_PORT}`;
const NOTICE = { name: "Adults only" } as const;
const ENTER = /I am 18 or older/;

let counter = 0;
const freshEmail = (project: string, what: string) => `e2e-entry-${what}-${project}-${Date.now()}-${++counter}@example.com`;

async function flag(page: Page): Promise<string | undefined> {
  const cookies = await page.context().cookies(VELVET);
  return cookies.find((c) => c.name === "skipped_entry_warning")?.value;
}

test("a first visit is blocked by the notice; accepting goes on to the page asked for and is remembered", async ({ page }) => {
  const response = await page.goto(`${VELVET}/members?gender=female`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, ...NOTICE })).toBeVisible();
  await expect(page.getByText("Velvet Room is a dating site for adults into BDSM and kink.")).toBeVisible();
  // Nothing of the page itself: no search form, no profile cards, no header.
  await expect(page.locator(".profile-card")).toHaveCount(0);
  await expect(page.locator(".site-header")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Leave" })).toHaveAttribute("href", /^https:\/\//);
  expect(await flag(page)).toBeUndefined();

  await page.getByRole("button", { name: ENTER }).click();
  await expect(page).toHaveURL(`${VELVET}/members?gender=female`);
  await expect(page.getByRole("heading", { level: 1, ...NOTICE })).toHaveCount(0);
  await expect(page.locator(".profile-card").first()).toBeVisible();
  const cookie = (await page.context().cookies(VELVET)).find((c) => c.name === "skipped_entry_warning");
  expect(cookie?.value).toBe("1");
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe("Lax");

  // Remembered: other pages open at once.
  await page.goto(`${VELVET}/`);
  await expect(page.getByRole("heading", { level: 1, ...NOTICE })).toHaveCount(0);
  await page.goto(`${VELVET}/signup`);
  await expect(page.getByRole("heading", { level: 1, name: "Sign up for free" })).toBeVisible();
});

test("the other demo sites show no notice, and the terms stay readable behind it", async ({ page }) => {
  await page.goto("/members");
  await expect(page.getByRole("heading", { level: 1, ...NOTICE })).toHaveCount(0);
  await page.goto(`${VELVET}/`);
  await expect(page.getByRole("heading", { level: 1, ...NOTICE })).toBeVisible();
  await page.getByRole("link", { name: "terms of service" }).click();
  await expect(page).toHaveURL(`${VELVET}/pages/terms`);
  await expect(page.getByRole("heading", { level: 1, name: "Terms of service" })).toBeVisible();
});

test("accepting never leads off the site, whatever the form says", async ({ page }) => {
  await page.goto(`${VELVET}/`);
  await expect(page.getByRole("heading", { level: 1, ...NOTICE })).toBeVisible();
  for (const target of ["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", ""]) {
    await page.context().clearCookies();
    await page.goto(`${VELVET}/`);
    await page.locator('input[name="redirectTo"]').evaluate((input, value) => input.setAttribute("value", value), target);
    await page.getByRole("button", { name: ENTER }).click();
    await expect(page.getByRole("heading", { level: 1, ...NOTICE })).toHaveCount(0);
    await expect(page).toHaveURL(`${VELVET}/`);
    expect(await flag(page)).toBe("1");
  }
  // A GET of the action's address goes to the welcome page; nothing is set.
  await page.context().clearCookies();
  await page.goto(`${VELVET}/entry-warning`);
  await expect(page).toHaveURL(`${VELVET}/`);
  expect(await flag(page)).toBeUndefined();
});

test("crawlers get the page itself, not the notice (decision 024)", { tag: "@http" }, async ({ request }) => {
  // Node does not resolve *.localhost as browsers do: the same server, named in the Host header.
  const answer = await request.get(`http://127.0.0.1:${E2E_PORT}/members`, {
    headers: {
      host: `velvet.localhost:${E2E_PORT}`,
      "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    },
  });
  const html = await answer.text();
  expect(html).toContain("Velvet Room");
  expect(html).not.toContain("Adults only");
  expect(html).toContain("profile-card");
  // A browser's visit to the same address gets the notice.
  const visitor = await request.get(`http://127.0.0.1:${E2E_PORT}/members`, {
    headers: { host: `velvet.localhost:${E2E_PORT}` },
  });
  expect(await visitor.text()).toContain("Adults only");
});

test("a lander carries the warning in its form; signing up from it accepts it", async ({ page }, info) => {
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(r.url());
  });
  await page.goto(`${VELVET}/landers/gallery/bdsm-eng`);
  await expect(page.getByRole("heading", { level: 1, ...NOTICE })).toHaveCount(0);
  const statement = page.locator("form .entry-warning-embedded");
  await expect(statement).toContainText("By signing up you confirm that you are 18 or older");
  await expect(page.locator('form input[name="entry_warning"][value="accepted"]')).toHaveCount(1);
  expect(scripts).toEqual([]);
  expect(await flag(page)).toBeUndefined();

  await page.getByLabel("Email address").fill(freshEmail(info.project.name, "lander-bad"));
  await page.getByLabel("Name").fill("@velvet");
  await page.getByLabel("Password").fill("a good password");
  await page.getByRole("button", { name: "Sign up for free" }).click();
  // A post with a mistake comes back on the lander itself, the flag set all the same.
  await expect(page.getByText('The name cannot start with "@".')).toBeVisible();
  await expect(page).toHaveURL(`${VELVET}/landers/gallery/bdsm-eng`);
  await expect(page.getByRole("heading", { level: 1, ...NOTICE })).toHaveCount(0);
  await expect(page.getByLabel("Name")).toHaveValue("@velvet");
  await expect(page.locator("form .entry-warning-embedded")).toBeVisible();
  expect(await flag(page)).toBe("1");

  // And a good one from a fresh visit makes the account and goes on in /signup.
  await page.context().clearCookies();
  await page.goto(`${VELVET}/landers/gallery/bdsm-eng`);
  await page.getByLabel("Email address").fill(freshEmail(info.project.name, "lander"));
  await page.getByLabel("Name").fill("Vera");
  await page.getByLabel("Password").fill("a good password");
  await page.getByRole("button", { name: "Sign up for free" }).click();
  await expect(page).toHaveURL(`${VELVET}/signup`);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Sign up for free");
  await expect(page.getByRole("heading", { level: 1, ...NOTICE })).toHaveCount(0);
  expect(await flag(page)).toBe("1");
});

test("the development panel deletes the skipped-site-entry-warning flag", async ({ page }) => {
  await page.goto(`${VELVET}/_dev`);
  // The panel opens without the notice in front (developers need it to test the notice).
  await expect(page.getByRole("heading", { level: 1, name: "Development panel" })).toBeVisible();
  await expect(page.getByText("This site shows the site-entry warning. This browser has not skipped it.")).toBeVisible();
  await page.goto(`${VELVET}/`);
  await page.getByRole("button", { name: ENTER }).click();
  await expect(page.getByRole("heading", { level: 1, ...NOTICE })).toHaveCount(0);
  expect(await flag(page)).toBe("1");
  await page.goto(`${VELVET}/_dev`);
  await expect(page.getByText("This browser has skipped it.")).toBeVisible();
  await page.getByRole("button", { name: "Delete the skipped-site-entry-warning flag" }).click();
  await expect(page).toHaveURL(`${VELVET}/_dev`);
  await expect(page.getByText("This browser has not skipped it.")).toBeVisible();
  expect(await flag(page)).toBeUndefined();
  await page.goto(`${VELVET}/members`);
  await expect(page.getByRole("heading", { level: 1, ...NOTICE })).toBeVisible();
});

test("/signup-matches sends a visitor to sign-up", { tag: "@http" }, async ({ page }) => {
  await page.goto("/signup-matches");
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sign up for free" })).toBeVisible();
});

test("after sign-up the member area begins with matches to like or write to; like from there", async ({
  page,
  javaScriptEnabled,
}, info) => {
  test.slow(); // all eight sign-up steps
  await signUp(page, freshEmail(info.project.name, "matches"), "Mia");
  // The steps, each skipped, up to the check-your-email page.
  const skip = async (name: string | RegExp) => {
    const button = page.getByRole("button", { name }).or(page.getByRole("link", { name }));
    await button.first().click();
  };
  if (await page.getByRole("button", { name: "Not now" }).isVisible()) await skip("Not now");
  await expect(page.getByRole("heading", { name: "Add a photo" })).toBeVisible();
  await skip("Continue without a photo");
  await expect(page.getByRole("heading", { name: "Where do you live?" })).toBeVisible();
  await skip("Continue without location");
  await expect(page.getByRole("heading", { name: "About you" })).toBeVisible();
  await skip("Continue without personal info");
  await expect(page.getByRole("heading", { name: "Tell something about yourself" })).toBeVisible();
  await skip("Continue without a description");
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("link", { name: "Go to the member area" }).click();

  await expect(page).toHaveURL(/\/signup-matches$/);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Mia! Say hello first" })).toBeVisible();
  const cards = page.locator(".profile-card");
  expect(await cards.count()).toBeGreaterThanOrEqual(4);
  const first = cards.first();
  const name = (await first.locator(".card-name a").textContent())?.trim() ?? "";
  await expect(first.getByRole("link", { name: `Write to ${name}` })).toHaveAttribute("href", /^\/members\/\d+\/chat$/);
  await first.getByRole("button", { name: `Like ${name}` }).click();
  if (!javaScriptEnabled) await expect(page).toHaveURL(/\/signup-matches$/);
  await expect(first.getByRole("button", { name: `Liked ${name}` })).toHaveAttribute("aria-pressed", "true");
  // Saved, not only shown: the form is idle again (with JavaScript the button shows "Liked" at once).
  await expect(first.getByRole("button", { name: `Liked ${name}` })).toHaveAttribute("aria-busy", "false");
  // It stands after a reload: saved by the API.
  await page.reload();
  await expect(
    page
      .locator(".profile-card")
      .first()
      .getByRole("button", { name: `Liked ${name}` }),
  ).toBeVisible();
  // Continue leads home.
  await page.getByRole("link", { name: "Continue to my home page" }).click();
  await expect(page).toHaveURL(/\/home$/);
});
