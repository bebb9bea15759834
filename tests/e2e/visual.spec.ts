/**
 * Visual regression (docs/architecture.md §8): the key pages at a phone's and a desktop's width,
 * in both templates, compared with reference screenshots in visual.spec.ts-snapshots/ with a small
 * tolerance, so the design cannot silently regress. Parts that change from run to run (other
 * tests' members in search, a new member's address) are masked.
 *
 * After an intended design change: `npm run build && npx playwright test tests/e2e/visual.spec.ts
 * --project js --update-snapshots`, look at the new images, and commit them.
 */
import type { Locator, Page } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";
import { FULL_BROWSER } from "./support/browsers";
import { expect, signUp, test } from "./support/fixtures";

const WIDTHS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 900 },
] as const;
const TEMPLATES = ["classic", "social"] as const;
const SEEDED_MEMBER = 5;

test.describe.configure({ mode: "serial" });
// Its sign-ups come from an address of its own (the API allows 20 an hour per IP), so what other
// files sign up cannot make these pictures an error page.
// The full browser: the pictures are of what members' browsers draw, and sign-up's step 1 (push)
// is offered only where the browser can do web push.
test.use({ extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.200" }, launchOptions: FULL_BROWSER });

/**
 * The sign-up note naming the sites a profile is shown on, as the seed's network makes it. Other
 * test files create brands that share the demo sites' countries, and each joins the list: the
 * note then takes another line and moves the form under it. Its wording is tested elsewhere
 * (profile.spec.ts); the pictures are of the design, so the note is written as the seed has it.
 */
const SEEDED_NETWORK_NOTE =
  "Your profile is shown to members of Amora, Zilverhart, and Velvet Room. In your profile you can choose to be shown on Amora only.";

async function pinNetworkNote(page: Page) {
  await page.locator(".network-note").evaluateAll((notes, text) => {
    for (const note of notes) note.textContent = text;
  }, SEEDED_NETWORK_NOTE);
}

async function snap(page: Page, name: string, mask: (page: Page) => Locator[] = () => []) {
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await pinNetworkNote(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page).toHaveScreenshot(`${name}-${size.name}.png`, {
      // The reminder to confirm carries the new member's (unique) address.
      mask: [page.locator(".activate-reminder p"), ...mask(page)],
      maxDiffPixelRatio: 0.02,
      animations: "disabled",
      caret: "hide",
    });
  }
}

for (const template of TEMPLATES) {
  test(`the ${template} template's key pages look as designed`, async ({ page, context, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "one browser mode is enough for pictures");
    test.setTimeout(120_000);
    await context.addCookies([{ name: "design", value: template, url: `http://localhost:${E2E_PORT}` }]);

    await page.goto("/");
    await snap(page, `${template}-welcome`, (p) => [p.locator(".welcome-mosaic, .mosaic-note")]);
    // Hydrated first ("networkidle"): hydrating would write the note's own text back.
    await page.goto("/signup", { waitUntil: "networkidle" });
    await snap(page, `${template}-signup-step-0`);

    await signUp(page, `visual-${template}-${Date.now()}@example.com`, "Vera");
    await page.goto("/signup", { waitUntil: "networkidle" });
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await snap(page, `${template}-signup-step-2`);

    await page.goto("/members?gender=female&age=all&country=NL");
    await snap(page, `${template}-search`, (p) => [p.locator(".profile-grid, .result-count, .similar")]);
    await page.goto(`/members/${SEEDED_MEMBER}`);
    await snap(page, `${template}-member`);
    await page.goto("/chats");
    await snap(page, `${template}-chats`);
    await page.goto(`/members/${SEEDED_MEMBER}/chat`);
    await snap(page, `${template}-chat`);
    await page.goto("/profile");
    await snap(page, `${template}-profile`, (p) => [p.locator('input[type="email"], .profile-email')]);
  });
}
