/**
 * The member experience's shell and white-label look (docs/product.md §1.2): what a member on a
 * phone sees around every page, each site's own theme and template, and the 404 page in the
 * site's shell.
 */
import { E2E_PORT } from "../../playwright.config";
import { DEMO, expect, login, newMember, test } from "./support/fixtures";

const PHONE = { width: 390, height: 844 };

test("on a phone the member header is compact and sticks, and the places are a tab bar at the bottom", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await login(page);
  await page.goto("/members");
  const header = page.locator(".site-header");
  const headerBox = await header.boundingBox();
  expect(headerBox?.height).toBeLessThanOrEqual(64);

  const tabs = page.getByRole("navigation", { name: "Your account" });
  const tabsBox = await tabs.boundingBox();
  expect(Math.round((tabsBox?.y ?? 0) + (tabsBox?.height ?? 0))).toBe(PHONE.height);
  for (const link of await tabs.getByRole("link").all()) {
    const box = await link.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    expect(box?.width).toBeGreaterThanOrEqual(44);
  }
  await expect(tabs.getByRole("link", { name: "Search" })).toHaveClass(/active/);

  await page.mouse.wheel(0, 1500);
  await expect.poll(async () => (await header.boundingBox())?.y).toBe(0);
  await expect(page.getByTestId("credits")).toBeInViewport();
});

test("on a wide screen the same places sit in the header", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page);
  const tabs = page.getByRole("navigation", { name: "Your account" });
  const header = await page.locator(".site-header").boundingBox();
  const box = await tabs.boundingBox();
  expect(box?.y).toBeGreaterThanOrEqual(0);
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
  await expect(tabs.getByRole("link", { name: `My profile (${DEMO.name})` })).toBeVisible();
});

test("each site has its own theme and template, from its settings", async ({ page }) => {
  const brandOf = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--brand").trim());
  await page.goto("/");
  expect(await brandOf()).toBe("#b0124f");
  await expect(page.locator("html")).toHaveAttribute("data-template", "classic");
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#b0124f");

  await page.goto(`http://127.0.0.1:${E2E_PORT}/`);
  expect(await brandOf()).toBe("#0f766e");
  await expect(page.locator("html")).toHaveAttribute("data-template", "social");
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#0f766e");
});

test("dark mode follows the device", async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: "dark" });
  const page = await context.newPage();
  await page.goto(`http://localhost:${E2E_PORT}/login`);
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  // A dark page: every channel of the background is low.
  const channels = background.match(/\d+/g)?.slice(0, 3).map(Number) ?? [];
  expect(
    channels.every((c) => c < 60),
    background,
  ).toBe(true);
  await context.close();
});

test("the 404 page keeps the site's shell and helps on, without a sign-up form", async ({ page, checkA11y }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page does not exist");
  await expect(page.getByText("Error 404")).toBeVisible();
  await expect(page.getByText("Page not found: /no/such/page")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Log in" })).toBeVisible();
  await expect(page.locator("main").getByRole("link", { name: "Search members" })).toHaveAttribute("href", "/members");
  await expect(page.locator("main").getByRole("link", { name: "Sign up for free" })).toHaveAttribute("href", "/signup");
  await expect(page.locator('input[type="password"]')).toHaveCount(0);
  await checkA11y();
});

test("a member's 404 page keeps the tab bar", async ({ page }) => {
  await login(page);
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("navigation", { name: "Your account" }).getByRole("link", { name: "Chats" })).toBeVisible();
});

test("an invite-only site offers no sign-up to a visitor without a traffic source", async ({ page }) => {
  const base = `http://127.0.0.1:${E2E_PORT}`;
  for (const path of ["/", "/login", "/no/such/page"]) {
    await page.goto(base + path);
    await expect(page.getByRole("link", { name: /sign up/i }), path).toHaveCount(0);
  }
  // With a partner's link the way in is there, carrying the partner while nothing is stored (ADR 034).
  await page.goto(`${base}/?network=partner1`);
  await expect(page.getByRole("link", { name: "Sign up for free" })).toHaveAttribute("href", "/signup?network=partner1");
});

test("the development panel switches the design version for this browser only", async ({ page, browser }) => {
  await page.goto("/_dev");
  await page.getByRole("button", { name: "Switch to social" }).click();
  await expect(page.getByText("Design version in this browser: social.")).toBeVisible();
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-template", "social");

  const other = await browser.newContext();
  const theirs = await other.newPage();
  await theirs.goto(`http://localhost:${E2E_PORT}/`);
  await expect(theirs.locator("html")).toHaveAttribute("data-template", "classic");
  await other.close();

  await page.goto("/_dev");
  await page.getByRole("button", { name: "Switch to classic" }).click();
  await expect(page.getByText("Design version in this browser: classic.")).toBeVisible();
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-template", "classic");
});

test("each site's web app manifest carries its name and colours", { tag: "@http" }, async ({ request }) => {
  const amora = await request.get("/manifest.webmanifest");
  expect(amora.headers()["content-type"]).toContain("application/manifest+json");
  expect(await amora.json()).toMatchObject({ name: "Amora", theme_color: "#b0124f", start_url: "/home", display: "standalone" });
  const zilverhart = await request.get(`http://127.0.0.1:${E2E_PORT}/manifest.webmanifest`);
  expect(await zilverhart.json()).toMatchObject({ name: "Zilverhart", theme_color: "#0f766e" });
});

test("a member who has not confirmed the address is reminded on every page; a confirmed one is not", async ({
  page,
  checkA11y,
}) => {
  const email = `remind-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  await newMember(page, email, "Nora");
  await page.goto("/members");
  const reminder = page.getByRole("complementary", { name: "Confirm your email address" });
  await expect(reminder).toContainText(email);
  await checkA11y();
  await reminder.getByRole("link", { name: "No mail, or a wrong address?" }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole("complementary", { name: "Confirm your email address" })).toHaveCount(0);

  await page.context().clearCookies();
  await login(page);
  await expect(page.getByRole("complementary", { name: "Confirm your email address" })).toHaveCount(0);
});

test("the member sign-up lander carries the site's brand and keeps its form off the screen's edges", {
  tag: "@no-script",
}, async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/members/5/signup");
  await expect(page.locator(".lander-brand")).toHaveText("Amora");
  const field = await page.getByLabel("Email address").boundingBox();
  expect(field?.x).toBeGreaterThanOrEqual(12);
  expect((field?.x ?? 0) + (field?.width ?? 0)).toBeLessThanOrEqual(PHONE.width - 12);
});

test("the template decides which countries search offers", async ({ page, context }) => {
  await login(page);
  await page.goto("/members");
  const options = page.getByLabel("Country").locator("option");
  await expect(options).toHaveCount(14);
  await context.addCookies([{ name: "design", value: "social", url: `http://localhost:${E2E_PORT}` }]);
  await page.goto("/members");
  // Social: the member's own country, its neighbour and the one chosen (docs/product.md §6).
  const offered = await options.allTextContents();
  expect(offered).toEqual(expect.arrayContaining(["Netherlands", "Belgium"]));
  expect(offered.length).toBeLessThanOrEqual(3);
});

test("a member's interests show on their page in both templates (issue 29 point 5)", async ({ page, context }) => {
  // Ben (a confirmed member with a country: a new, unconfirmed one has no public page yet).
  await login(page, { email: "ben@example.com", password: "demo-password" });
  await page.goto("/profile?part=about", { waitUntil: "networkidle" });
  const about = page.locator("#about");
  await about.getByLabel("Music").check();
  await about.getByLabel("Travel").check();
  await about.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await page.goto("/profile");
  const own = await page.getByRole("link", { name: "See your profile as others see it" }).getAttribute("href");

  await page.goto(own ?? "/");
  const classic = page.locator("section", { has: page.getByRole("heading", { name: "Interests" }) });
  await expect(classic.getByRole("listitem").filter({ hasText: "Music" })).toBeVisible();
  await context.addCookies([{ name: "design", value: "social", url: `http://localhost:${E2E_PORT}` }]);
  await page.goto(own ?? "/");
  const interests = page.locator("section", { has: page.getByRole("heading", { name: "Interests" }) });
  // Ben's seeded interests and the two he chose, in the API's order (his own page marks none as shared).
  await expect(interests.getByRole("listitem").filter({ hasText: /^(Travel|Music)$/ })).toHaveText(["Travel", "Music"]);
});

test("the development previews show the shell's parts alone", async ({ page }) => {
  await page.goto("/_dev/activate-reminder");
  await expect(page.getByRole("complementary", { name: "Confirm your email address" })).toContainText("sam@example.com");
  await page.goto("/_dev/top-nav");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Top navigation");
  await expect(page.locator(".dev-preview .tab-count").first()).toHaveText("12");
  await page.goto("/_dev/dialogs");
  await expect(page.getByText("It's a match!")).toBeVisible();
  const missing = await page.goto("/_dev/nothing-here");
  expect(missing?.status()).toBe(404);
});

test("the social template keeps the chat list beside the conversation on wide screens", async ({ page, context }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page, { email: "ben@example.com", password: "demo-password" });
  // Ben has a conversation whatever ran before (run alone, he has none): he writes to the demo
  // member (id 1), with credits from the development panel (loopback only).
  expect((await page.request.post("/api/dev/credits.php", { data: { credits: 50 } })).ok()).toBe(true);
  await page.goto("/members/1/chat");
  await page.getByLabel("Your message").fill("Hello from the design check");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Hello from the design check").first()).toBeVisible();
  await page.goto("/chats");
  const first = page.locator(".chat-list .chat-entry a").first();
  await expect(first).toBeVisible();
  const conversation = await first.getAttribute("href");
  await page.goto(conversation ?? "/chats");
  await expect(page.getByRole("navigation", { name: "Chats" })).toHaveCount(0);

  await context.addCookies([{ name: "design", value: "social", url: `http://localhost:${E2E_PORT}` }]);
  await page.goto(conversation ?? "/chats");
  const sidebar = page.getByRole("navigation", { name: "Chats" });
  await expect(sidebar).toBeVisible();
  await expect(sidebar.locator(".chat-entry.current a")).toHaveAttribute("href", conversation ?? "");
  await page.setViewportSize(PHONE);
  await expect(sidebar).toBeHidden();
});

test("on a phone every button, field and tab is at least 44 px high", async ({ page }) => {
  test.slow(); // a dozen pages, each checked by axe
  await page.setViewportSize(PHONE);
  const check = async (path: string) => {
    await page.goto(path);
    const targets = page.locator(
      "button, .button, .tab, select, input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=file])",
    );
    for (const target of await targets.all()) {
      if (!(await target.isVisible())) continue;
      const box = await target.boundingBox();
      if (!box || box.width <= 1 || box.height <= 1) continue; // visually hidden helpers (a default submit)
      const label = (await target.getAttribute("aria-label")) ?? (await target.textContent()) ?? "";
      expect(box?.height ?? 0, `${path}: "${label.trim().slice(0, 40)}"`).toBeGreaterThanOrEqual(44);
    }
  };
  await check("/signup");
  await login(page);
  for (const path of ["/members", "/members/5", "/chats", "/likes", "/profile"]) await check(path);
});

test("no page is wider than a 320 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const fits = async (path: string) => {
    await page.goto(path);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(320);
  };
  for (const path of ["/", "/signup", "/login", "/members/5/signup"]) await fits(path);
  await login(page);
  for (const path of ["/members", "/members/5", "/chats", "/likes", "/notifications", "/profile", "/credits"]) await fits(path);
});
