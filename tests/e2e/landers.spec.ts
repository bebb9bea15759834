/**
 * The affiliate landers and the member landers (docs/product.md §11, docs/decisions/022): no
 * script at all, photos from the site's search, sign-up step 0 posting to the lander (going on in /signup) with the
 * tracking values stored on the new account, the slug's redirects and 404s, invite-only sites.
 */
import type { Page } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";
import { expect, test } from "./support/fixtures";
import { LANDER_TYPES as TYPES } from "../../app/lib/landers";

// Visitors here sign up from their own IP: the API allows 20 sign-ups per IP an hour, and the
// rest of the suite signs up from 127.0.0.1 (locally the app reads the IP from cf-connecting-ip).
test.use({ extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.20" } });

let counter = 0;
function freshEmail(project: string): string {
  return `e2e-lander-${project}-${Date.now()}-${++counter}@example.com`;
}

/** Collects every script the page asks for (there must be none). */
function watchScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  return scripts;
}

async function expectNoScript(page: Page, scripts: string[]) {
  expect(scripts).toEqual([]);
  expect(await page.locator("script").count()).toBe(0);
}

/** Zilverhart (invite-only, niche 5: slugs start with gilf-) is the same server under 127.0.0.1. */
function zilverhart(baseURL: string | undefined, path: string): string {
  const url = new URL(baseURL ?? `http://localhost:${E2E_PORT}`);
  url.hostname = "127.0.0.1";
  return new URL(path, url).href;
}

for (const type of TYPES) {
  test(`the ${type} lander shows members' photos and the sign-up form, without a script`, { tag: "@no-script" }, async ({
    page,
  }) => {
    const scripts = watchScripts(page);
    const response = await page.goto(`/landers/${type}/eng`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Photos from the site's search: <img> elements, or the map's pictures.
    const photos = page.locator("main img[src], main svg image");
    expect(await photos.count()).toBeGreaterThanOrEqual(2);
    await expect(page.getByLabel("Email address")).toBeVisible();
    await expect(page.getByLabel("Name")).toBeVisible();
    await expect(page.getByLabel("Password")).toBeVisible();
    await expect(page.locator(`form[action='/landers/${type}/eng'][method='post']`)).toHaveCount(1);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/landers/${type}/eng$`));
    await expect(page.locator('link[rel="alternate"][hreflang="de"]')).toHaveAttribute(
      "href",
      new RegExp(`/landers/${type}/de$`),
    );
    await expectNoScript(page, scripts);
  });
}

test(
  "signing up from the gallery lander goes on in /signup with the tracking values stored",
  { tag: "@push" },
  async ({ page, javaScriptEnabled }, info) => {
    const xss = `<img src=x onerror=alert(1)>"'`;
    const long = "L".repeat(300);
    let dialogs = 0;
    page.on("dialog", (dialog) => {
      dialogs++;
      void dialog.dismiss();
    });
    const query = new URLSearchParams({ network: "aff-e2e", ref: "r-7", sub1: xss, sub2: long, sub3: "s3" });
    await page.goto(`/landers/gallery/eng?${query}`);
    // Not answered, so nothing is stored: the values stay in the address, and the lander's form,
    // which posts to that address, credits the partner all the same (ADR 034).
    await expect(page).toHaveURL(/\/landers\/gallery\/eng\?network=aff-e2e&/);
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain("tracking");
    await expect(page.getByRole("complementary", { name: "Can we thank the site that sent you?" })).toBeVisible();
    // The values are in the page as text only (form addresses and hidden fields), never as markup.
    await expect(page.locator("[onerror]")).toHaveCount(0);

    await page.getByLabel("Email address").fill(freshEmail(`gallery-${info.project.name}`));
    await page.getByLabel("Name").fill("Lena");
    await page.getByLabel("Password").fill("a good password");
    await page.getByRole("button", { name: "Sign up for free" }).last().click();
    await expect(page).toHaveURL(/\/signup$/);
    // The lander ran no script, so whether the browser can do push is asked on /signup: with
    // JavaScript push is offered (step 1); without, the photo comes next (step 2).
    await expect(page.getByRole("heading", { name: javaScriptEnabled ? "Never miss a message" : "Add a photo" })).toBeVisible();

    const exported = await page.request.get("/profile/data");
    expect(exported.ok()).toBe(true);
    const data: { account: { trafficsource: Record<string, string> | null } } = await exported.json();
    // Stored as text, as typed (up to the 200 characters a tracking value may have).
    expect(data.account.trafficsource).toEqual({
      network: "aff-e2e",
      ref: "r-7",
      sub1: xss,
      sub2: long.slice(0, 200),
      sub3: "s3",
    });
    expect(dialogs).toBe(0);
  },
);

test("signing up from the social network lander in German continues in German", async ({ page }, info) => {
  await page.goto("/landers/socialnetwork/de?network=aff-de&sub1=fb");
  await expect(page).toHaveURL(/\/landers\/socialnetwork\/de\?network=aff-de&sub1=fb$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { level: 1, name: "Neu bei Amora" })).toBeVisible();
  await page.getByLabel("E-Mail-Adresse").fill(freshEmail(`social-${info.project.name}`));
  await page.getByLabel("Name").fill("Jonas");
  await page.getByLabel("Passwort").fill("ein gutes Passwort");
  await page.getByRole("button", { name: "Kostenlos registrieren" }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  const data: { account: { trafficsource: Record<string, string> | null } } = await (
    await page.request.get("/profile/data")
  ).json();
  expect(data.account.trafficsource).toEqual({ network: "aff-de", sub1: "fb" });
});

test("a lander's form with a mistake shows the error on the lander, keeping what was typed, still without a script", {
  tag: "@no-script",
}, async ({ page }) => {
  const scripts = watchScripts(page);
  await page.goto("/landers/iconslanding/eng");
  await page.getByLabel("Email address").fill("anna@example.com");
  await page.getByLabel("Name").fill("Anna Again");
  await page.getByLabel("Password").fill("a good password");
  await page.getByRole("button", { name: "Sign up for free" }).last().click();
  await expect(page.getByText("There is already an account with this email address.")).toBeVisible();
  await expect(page).toHaveURL(/\/landers\/iconslanding\/eng$/);
  await expect(page.locator(".ld-iconslanding")).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("Anna Again");
  await expect(page.getByLabel("Email address")).toHaveValue("anna@example.com");
  await expect(page.getByLabel("Password")).toHaveValue("");
  await expectNoScript(page, scripts);
});

test("the member landers and the match finder show their form's mistakes on themselves too", { tag: "@no-script" }, async ({
  page,
}) => {
  for (const path of ["/members/5/landing", "/members/5/landing2/eng", "/members/5/landing3/eng", "/members/5/signup"]) {
    await page.goto(path);
    await page.getByLabel("Email address").fill("not-an-address");
    await page.getByLabel("Name").fill("<b>Bold</b>");
    await page.getByLabel("Password").fill("a good password");
    // Without the browser's own check (novalidate), so the server's answer is what is seen.
    await page.locator("form[method='post']").evaluate((form) => form.setAttribute("novalidate", ""));
    await page.getByRole("button", { name: "Sign up for free" }).last().click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByText("Value is not a valid email address").first()).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue("<b>Bold</b>");
  }
  const quiz = "/match-finder?gender=female&age=all&region=0&intent=date";
  await page.goto(quiz);
  await page.getByLabel("Email address").fill("anna@example.com");
  await page.getByLabel("Name").fill("Quinn");
  await page.getByLabel("Password").fill("a good password");
  await page.getByRole("button", { name: "Sign up for free" }).click();
  await expect(page.getByText("There is already an account with this email address.")).toBeVisible();
  await expect(page).toHaveURL(/\/match-finder\?gender=female&age=all&region=0&intent=date$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your matches" })).toBeVisible();
});

test("a slug of another niche or spelling redirects to the site's own, keeping the query", { tag: "@no-script" }, async ({
  page,
}) => {
  await page.goto("/landers/video/she-en?campaign=spring&network=aff-r");
  await expect(page).toHaveURL(/\/landers\/video\/eng\?campaign=spring&network=aff-r$/);
  await page.goto("/landers/maplanding/GAY-deu");
  await expect(page).toHaveURL(/\/landers\/maplanding\/de$/);
  await expect(page.getByRole("heading", { level: 1, name: "Mitglieder, die dich kennenlernen wollen" })).toBeVisible();
  // No slug: the canonical one in the visitor's language, German now (the German slug set it).
  await page.goto("/landers/gallery?x=1");
  await expect(page).toHaveURL(/\/landers\/gallery\/de\?x=1$/);
});

test("a lander names no place it shows no photos from (issue 29 point 15)", { tag: "@no-script" }, async ({ page }) => {
  // Locally the edge's place is wrangler's stand-in (Austin, Texas, US), outside every demo
  // site's countries: the landers use their words without a place.
  for (const [type, heading] of [
    ["gallery", "Members looking for someone like you"],
    ["alonetonight", "Alone tonight?"],
    ["maplanding", "Members who want to meet you"],
  ] as const) {
    await page.goto(`/landers/${type}/eng`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.locator("main, body").first()).not.toContainText("Austin");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /looking for someone like you/);
  }
});

test("an unknown lander type or a junk slug is the 404 page", { tag: "@http" }, async ({ page }) => {
  for (const path of [
    "/landers/bogus/eng",
    "/landers/gallery/klingon",
    "/landers/gallery/she-eng-extra",
    "/landers/gallery/eng/more",
    "/landers/gallery/%3Cscript%3E",
    "/members/5/landing2/nonsense-slug",
    "/members/abc/landing",
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
});

test("an invite-only site's lander takes sign-ups only with a traffic source", { tag: "@no-script" }, async ({
  page,
  baseURL,
}) => {
  // Zilverhart's niche 5 has the prefix gilf.
  await page.goto(zilverhart(baseURL, "/landers/collagelanding/nl"));
  await expect(page).toHaveURL(/\/landers\/collagelanding\/gilf-nl$/);
  await expect(page.getByRole("heading", { level: 1, name: /Zilverhart/ })).toBeVisible();
  await expect(page.getByLabel("E-mailadres")).toHaveCount(0);
  await page.goto(zilverhart(baseURL, "/landers/collagelanding/gilf-nl?network=partner1"));
  await expect(page).toHaveURL(/\/landers\/collagelanding\/gilf-nl\?network=partner1$/);
  await expect(page.getByLabel("E-mailadres")).toBeVisible();
  expect(await page.locator("main img[src]").count()).toBeGreaterThanOrEqual(2);
});

test("the three member landers show the member and the form, without a script", { tag: "@no-script" }, async ({ page }) => {
  const scripts = watchScripts(page);
  for (const path of ["/members/5/landing", "/members/5/landing2", "/members/5/landing3/eng"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Ruben");
    await expect(page.getByRole("img", { name: "Ruben" })).toBeVisible();
    await expect(page.getByText(/is one of our entertainment profiles/)).toBeVisible();
    await expect(page.getByLabel("Email address")).toBeVisible();
    await expectNoScript(page, scripts);
  }
  await page.goto("/members/5/landing3/she-eng?x=2");
  await expect(page).toHaveURL(/\/members\/5\/landing3\/eng\?x=2$/);
});

test(
  "the match finder asks four questions without a script, then shows matches and the form",
  { tag: "@no-script" },
  async ({ page }, info) => {
    const scripts = watchScripts(page);
    await page.goto("/match-finder");
    await expect(page.getByText("Question 1 of 4")).toBeVisible();
    await page.getByLabel("Women").check();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Question 2 of 4")).toBeVisible();
    await page.getByLabel("All ages").check();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Question 3 of 4")).toBeVisible();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByLabel("A date").check();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/match-finder\?gender=female&age=all&region=0&intent=date$/);
    await expect(page.getByRole("heading", { level: 1, name: "Your matches" })).toBeVisible();
    expect(await page.locator("main ul img").count()).toBeGreaterThanOrEqual(1);
    await expectNoScript(page, scripts);
    await page.getByLabel("Email address").fill(freshEmail(`quiz-${info.project.name}`));
    await page.getByLabel("Name").fill("Quinn");
    await page.getByLabel("Password").fill("a good password");
    await page.getByRole("button", { name: "Sign up for free" }).click();
    await expect(page).toHaveURL(/\/signup$/);
  },
);

test("the partner question covers no lander's main action, on a desktop screen or a phone (issue 29 point 16) @no-script", async ({
  browser,
  baseURL,
  userAgent,
}) => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    const context = await browser.newContext({ viewport, userAgent, baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    for (const type of ["video", "gallery", "maplanding"]) {
      await page.goto(`/landers/${type}/eng?network=aff-e2e`);
      const card = await page.getByRole("complementary", { name: "Can we thank the site that sent you?" }).boundingBox();
      expect(card).not.toBeNull();
      for (const action of [
        page.getByRole("button", { name: "Sign up for free" }).last(),
        page.getByRole("link", { name: "Log in" }).last(),
      ]) {
        const box = await action.boundingBox();
        // Only what is on the screen can be covered.
        if (!box || !card || box.y > viewport.height) continue;
        const overlaps =
          box.x < card.x + card.width &&
          card.x < box.x + box.width &&
          box.y < card.y + card.height &&
          card.y < box.y + box.height;
        expect(overlaps, `${type} at ${viewport.width} px`).toBe(false);
      }
    }
    await context.close();
  }
});
