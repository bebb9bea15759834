/**
 * Three brands that look like three brands (issue 29 point 23; docs/decisions/061): each site's
 * manifest names its own icons, drawn from its theme, and its own screenshots; each welcome page
 * has the site's own words in its language (the default words in a language it has none for);
 * an operator gives a new site its welcome copy in the console, with JavaScript on and off, and
 * too long a text is refused beside the field in the operator's language, nothing typed lost.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";
import { DEMO_STAFF } from "../../workers/api/seed/staff";
import { expect, test } from "./support/fixtures";
import { staffSignsIn } from "./support/staff";

test.use({ extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.210" } });

const OPERATOR = DEMO_STAFF.find((staff) => staff.email === "operator@example.com")!;
const SITES = [
  { origin: `http://localhost:${E2E_PORT}`, host: "localhost", name: "Amora", brand: "#b0124f" },
  { origin: `http://127.0.0.1:${E2E_PORT}`, host: "127.0.0.1", name: "Zilverhart", brand: "#0f766e" },
  { origin: `http://velvet.localhost:${E2E_PORT}`, host: "velvet.localhost", name: "Velvet Room", brand: "#5b2a86" },
];

interface Manifest {
  name: string;
  description: string;
  icons: { src: string; sizes: string; purpose?: string }[];
  screenshots: { src: string; sizes: string }[];
}

/**
 * GET a path of the site at `host`. Node does not resolve *.localhost as browsers do: the same
 * server, named in the Host header.
 */
function getAt(request: APIRequestContext, host: string, path: string, headers: Record<string, string> = {}) {
  return request.get(`http://127.0.0.1:${E2E_PORT}${path}`, { headers: { host: `${host}:${E2E_PORT}`, ...headers } });
}

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(body: Buffer): [number, number] {
  expect(body.subarray(1, 4).toString("latin1")).toBe("PNG");
  return [body.readUInt32BE(16), body.readUInt32BE(20)];
}

async function manifestOf(request: APIRequestContext, host: string): Promise<Manifest> {
  const response = await getAt(request, host, "/manifest.webmanifest");
  expect(response.status()).toBe(200);
  return response.json();
}

test("each demo site's manifest names its own icons and screenshots, and its icons answer as images", { tag: "@http" }, async ({
  request,
}) => {
  const icons: Buffer[] = [];
  for (const site of SITES) {
    const manifest = await manifestOf(request, site.host);
    expect(manifest.name).toBe(site.name);
    expect(manifest.icons.map((icon) => icon.src)).toEqual([
      "/icons/site/192.png",
      "/icons/site/512.png",
      "/icons/site/maskable-512.png",
    ]);
    expect(manifest.screenshots.map((shot) => shot.src)).toEqual([
      `/screenshots/${site.host}/search-narrow.jpg`,
      `/screenshots/${site.host}/search-wide.jpg`,
    ]);
    for (const shot of manifest.screenshots) {
      const answer = await getAt(request, site.host, shot.src);
      expect(answer.status(), shot.src).toBe(200);
      expect(answer.headers()["content-type"]).toBe("image/jpeg");
    }
    for (const icon of manifest.icons) {
      const answer = await getAt(request, site.host, icon.src);
      expect(answer.status(), icon.src).toBe(200);
      expect(answer.headers()["content-type"]).toBe("image/png");
      const size = Number(icon.sizes.split("x")[0]);
      expect(pngSize(await answer.body())).toEqual([size, size]);
    }
    icons.push(await (await getAt(request, site.host, "/icons/site/192.png")).body());
    const favicon = await getAt(request, site.host, "/icons/site/favicon.svg");
    expect(favicon.headers()["content-type"]).toBe("image/svg+xml");
    expect(await favicon.text()).toContain(`stop-color="${site.brand}"`);
  }
  // Three brands, three icons.
  expect(new Set(icons.map((icon) => icon.toString("base64"))).size).toBe(SITES.length);

  // Asked again with its tag: not drawn or sent again.
  const first = await request.get(`http://localhost:${E2E_PORT}/icons/site/512.png`);
  const again = await request.get(`http://localhost:${E2E_PORT}/icons/site/512.png`, {
    headers: { "If-None-Match": first.headers().etag ?? "" },
  });
  expect(again.status()).toBe(304);
  expect((await request.get(`http://localhost:${E2E_PORT}/icons/site/64.png`)).status()).toBe(404);
});

test("the pages link the site's own icons", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", "/icons/site/favicon.svg");
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", "/icons/site/192.png");
});

test("each welcome page has its site's own words, in the visitor's language where the site has them", async ({
  browser,
}, info) => {
  const open = async (origin: string, locale: string) => {
    const context = await browser.newContext({
      locale,
      userAgent: info.project.use.userAgent,
      javaScriptEnabled: info.project.use.javaScriptEnabled !== false,
      serviceWorkers: "block",
    });
    const page = await context.newPage();
    await page.goto(`${origin}/`);
    return page;
  };
  const amora = await open(SITES[0]!.origin, "en-US");
  await expect(amora.getByRole("heading", { level: 1 })).toHaveText("Meet someone who makes you smile");
  await expect(amora.getByText("Amora brings together singles from all over Europe")).toBeVisible();
  await expect(amora.locator('meta[name="description"]')).toHaveAttribute("content", /^Amora brings together singles/);
  await amora.context().close();

  const zilverhart = await open(SITES[1]!.origin, "nl-NL");
  await expect(zilverhart.getByRole("heading", { level: 1 })).toHaveText("Samen verder, met een zilveren hart");
  await expect(zilverhart.getByText("Rustig kennismaken, in je eigen tempo.")).toBeVisible();
  // No photos to show a visitor (its search is for members): the site's own icon stands beside the words.
  await expect(zilverhart.locator("img.welcome-mark")).toHaveAttribute("src", "/icons/site/512.png");
  await zilverhart.context().close();

  // French: Amora has no copy of its own in it, so the default words, translated, with the site's name.
  const french = await open(SITES[0]!.origin, "fr-FR");
  await expect(french.getByRole("heading", { level: 1 })).toContainText("Amora");
  await expect(french.getByText("Meet someone who makes you smile")).toHaveCount(0);
  await french.context().close();
});

async function welcomeField(admin: Page, label: string) {
  return admin.locator("#welcome").getByLabel(label, { exact: true });
}

test("an operator gives a new site its own welcome copy; too long a text is refused beside the field", async ({
  browser,
  request,
  checkA11y,
}, info) => {
  test.slow();
  const tag = `${info.project.name === "js" ? "j" : "n"}${Date.now().toString(36).slice(-5)}`;
  const host = `welcome-${tag}.localhost`;
  const admin = await staffSignsIn(
    browser,
    info,
    OPERATOR,
    (p) => p.getByRole("heading", { level: 1, name: "Queue" }),
    "198.51.100.211",
  );
  await admin.getByRole("link", { name: "Sites", exact: true }).click();
  const brandName = `Quinta ${tag}`;
  await admin.getByLabel("Site name").fill(brandName);
  await admin.getByLabel("Host").fill(host);
  await admin.getByLabel("Domain").fill(host);
  await admin.getByLabel("Countries").fill("jp");
  await admin.getByRole("button", { name: "Create the site" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: brandName })).toBeVisible();

  const origin = `http://${host}:${new URL(info.project.use.baseURL ?? "").port}`;
  // A new site has its own icon at once, drawn from the theme it was copied with and its own name.
  const icon = await getAt(request, host, "/icons/site/192.png");
  expect(icon.headers()["content-type"]).toBe("image/png");
  const amoraIcon = await request.get(`http://localhost:${E2E_PORT}/icons/site/192.png`);
  expect((await icon.body()).equals(await amoraIcon.body())).toBe(false);

  // Too long: refused beside the field, in words; what was typed stays.
  const headline = `Welkom bij ${brandName}`;
  await (await welcomeField(admin, "Welcome headline (Dutch)")).fill(headline);
  await (await welcomeField(admin, "Welcome text (Dutch)")).fill("x".repeat(301));
  await admin.locator("#welcome").getByRole("button", { name: "Save Welcome page" }).click();
  await expect(admin.locator("#welcome").getByText("A welcome text has at most 300 characters.")).toBeVisible();
  await expect(await welcomeField(admin, "Welcome headline (Dutch)")).toHaveValue(headline);
  await expect(await welcomeField(admin, "Welcome text (Dutch)")).toHaveAttribute("aria-invalid", "true");
  await checkA11y(admin);

  await (await welcomeField(admin, "Welcome text (Dutch)")).fill("Een rustige plek om elkaar te leren kennen.");
  await admin.locator("#welcome").getByRole("button", { name: "Save Welcome page" }).click();
  await expect(admin.getByRole("status")).toContainText("Saved.");
  await expect(await welcomeField(admin, "Welcome headline (Dutch)")).toHaveValue(headline);

  const visitor = await (
    await browser.newContext({ locale: "nl-NL", serviceWorkers: "block", userAgent: info.project.use.userAgent })
  ).newPage();
  await visitor.goto(`${origin}/`);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(headline);
  await expect(visitor.getByText("Een rustige plek om elkaar te leren kennen.")).toBeVisible();
  // The installed app's description is the site's own text in the visitor's language.
  const manifest = await (await getAt(request, host, "/manifest.webmanifest", { "Accept-Language": "nl-NL" })).json();
  expect(manifest.description).toBe("Een rustige plek om elkaar te leren kennen.");
  // Its screenshots were never taken: the generic ones.
  expect(manifest.screenshots[0].src).toBe("/screenshots/search-narrow.jpg");
  await visitor.context().close();

  // Emptied: the default words again.
  await (await welcomeField(admin, "Welcome headline (Dutch)")).fill("");
  await (await welcomeField(admin, "Welcome text (Dutch)")).fill("");
  await admin.locator("#welcome").getByRole("button", { name: "Save Welcome page" }).click();
  await expect(admin.getByRole("status")).toContainText("Saved.");
  await expect(await welcomeField(admin, "Welcome headline (Dutch)")).toHaveValue("");
});
