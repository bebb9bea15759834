/**
 * Sites by form in the operator's console (issue 28 points 1–3; docs/product.md §16), with
 * JavaScript on and off: the platform admin makes a new brand by copying a site and it answers at
 * its host at once; a colour with too little contrast is refused beside the field and nothing typed
 * is lost; the saved look is the site's; an admin who saved over someone else's change is told and
 * keeps the input; the versions roll back. A site's admin sees that site only.
 */
import { DEMO_STAFF } from "../../workers/api/seed/staff";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { staffSignsIn } from "./support/staff";

test.use({ extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.140" } });

// The operator, a platform admin no other test signs in as (a TOTP code works once).
const ADMIN = DEMO_STAFF.find((staff) => staff.email === "operator@example.com")!;
const SITE_ADMIN = DEMO_STAFF.find((staff) => staff.email === "site-admin@example.com")!;

/** The brand colour a page of the site is drawn in (its theme's style element; Playwright's text matching skips styles). */
async function brandOf(page: Page): Promise<string | undefined> {
  const styles = await page.locator("style").allTextContents();
  return styles.map((css) => css.match(/:root\{--brand:(#[0-9a-f]{6})/)?.[1]).findLast(Boolean);
}

test("a platform admin makes a brand, changes its look, rolls it back, and never saves over someone else's change unawares", async ({
  browser,
  checkA11y,
}, info) => {
  test.slow();
  const tag = `${info.project.name === "js" ? "j" : "n"}${Date.now().toString(36).slice(-5)}`;
  const host = `brand-${tag}.localhost`;
  const admin = await staffSignsIn(
    browser,
    info,
    ADMIN,
    (p) => p.getByRole("heading", { level: 1, name: "Queue" }),
    "198.51.100.141",
  );

  await admin.getByRole("link", { name: "Sites", exact: true }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Sites" })).toBeVisible();
  await expect(admin.getByRole("link", { name: /Amora/ })).toBeVisible();
  await checkA11y(admin);

  // A host another site answers at: refused beside the field, the name typed stays.
  const brandName = `Rosa ${tag}`;
  await admin.getByLabel("Site name").fill(brandName);
  await admin.getByLabel("Host").fill("localhost");
  await admin.getByLabel("Domain").fill(host);
  await admin.getByRole("button", { name: "Create the site" }).click();
  await expect(admin.getByText("Another site answers at this host.")).toBeVisible();
  await expect(admin.getByLabel("Site name")).toHaveValue(brandName);

  await admin.getByLabel("Host").fill(host);
  // A country no demo site serves: the brand then shows on no other site's pages (visibility follows countries).
  await admin.getByLabel("Countries").fill("jp");
  await admin.getByRole("button", { name: "Create the site" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: brandName })).toBeVisible();
  await expect(admin.getByText(`Answers at ${host}`)).toBeVisible();
  await checkA11y(admin);

  // The new brand answers at its host at once, in its own name.
  const port = new URL(info.project.use.baseURL ?? "").port;
  // A visitor as the server answers (no installed app's cache in between).
  const visitor = await (await browser.newContext({ serviceWorkers: "block" })).newPage();
  await visitor.goto(`http://${host}:${port}/`);
  await expect(visitor.getByRole("banner")).toContainText(brandName);

  // Too little contrast: refused beside the field; the other colour typed stays.
  const look = admin.locator("#look");
  await look.getByLabel("Brand colour").fill("#f5c6d6");
  await look.getByLabel("Accent colour").fill("#0f5132");
  await look.getByRole("button", { name: "Save Look" }).click();
  await expect(look.getByText("White text on this colour is hard to read")).toBeVisible();
  await expect(admin.locator("#look").getByLabel("Accent colour")).toHaveValue("#0f5132");
  await expect(admin.locator("#look").getByLabel("Brand colour")).toHaveAttribute("aria-invalid", "true");

  await admin.locator("#look").getByLabel("Brand colour").fill("#0b3d91");
  await admin.locator("#look").getByRole("button", { name: "Save Look" }).click();
  await expect(admin.getByRole("status")).toContainText("Saved.");
  await visitor.reload();
  await expect.poll(() => brandOf(visitor)).toBe("#0b3d91");

  // A bad package price: refused beside its cell.
  const commerce = admin.locator("#commerce");
  await commerce.getByLabel("Credit packages: Prices 1", { exact: true }).fill("9.95 euro");
  await commerce.getByRole("button", { name: "Save Prices and packages" }).click();
  await expect(admin.locator("#commerce").getByText("Write prices as a currency and an amount")).toBeVisible();
  await expect(admin.locator("#commerce").getByLabel("Credit packages: Prices 1", { exact: true })).toHaveValue("9.95 euro");

  // The first version differs from now by the colours: rolling back restores them.
  await admin.goto(admin.url().replace(/[?#].*$/, ""));
  const history = admin.locator("#history");
  await history.getByRole("link", { name: "Compare and roll back" }).last().click();
  await expect(admin.locator("#history").getByRole("cell", { name: "#0b3d91" })).toBeVisible();
  await checkA11y(admin);
  await admin
    .locator("#history")
    .getByRole("button", { name: /Roll back to version/ })
    .click();
  await expect(admin.getByRole("status")).toContainText("Rolled back.");
  await visitor.reload();
  await expect.poll(() => brandOf(visitor)).not.toBe("#0b3d91");
  await visitor.close();

  // Another tab on the same version saves first: this one is told, and keeps what was typed.
  await admin.goto(admin.url().replace(/[?#].*$/, ""));
  const other = await admin.context().newPage();
  await other.goto(admin.url());
  await other.locator("#signups").getByLabel("Credits a new member starts with").fill("77");
  await other.locator("#signups").getByRole("button", { name: "Save Sign-ups" }).click();
  await expect(other.getByRole("status")).toContainText("Saved.");
  await admin.locator("#company").getByLabel("Support phone").fill("+31 30 123 4567");
  await admin.locator("#company").getByRole("button", { name: "Save Company and support" }).click();
  await expect(admin.getByText("Someone else saved this site's settings while you were editing.")).toBeVisible();
  await expect(admin.locator("#company").getByLabel("Support phone")).toHaveValue("+31 30 123 4567");
  // Saving again puts the change over theirs, and keeps theirs.
  await admin.locator("#company").getByRole("button", { name: "Save Company and support" }).click();
  await expect(admin.getByRole("status")).toContainText("Saved.");
  await expect(admin.locator("#signups").getByLabel("Credits a new member starts with")).toHaveValue("77");
  await expect(admin.locator("#company").getByLabel("Support phone")).toHaveValue("+31 30 123 4567");
  await other.close();
});

test("a site's admin sees that site only and cannot make sites", async ({ browser, page }, info) => {
  test.slow();
  const admin = await staffSignsIn(
    browser,
    info,
    SITE_ADMIN,
    (p) => p.getByRole("heading", { level: 1, name: "Queue" }),
    "198.51.100.143",
  );
  await admin.getByRole("link", { name: "Sites", exact: true }).click();
  await expect(admin.getByRole("link", { name: /Amora/ })).toBeVisible();
  await expect(admin.getByRole("link", { name: /Zilverhart/ })).toHaveCount(0);
  // The console's pages hydrate with the staff catalog, members' pages with theirs.
  await expect(admin.locator("html")).toHaveAttribute("data-messages", /\/en\/staff\.json$/);
  await expect(admin.getByRole("heading", { name: "A new brand" })).toHaveCount(0);
  const response = await admin.goto("/staff/sites/2");
  expect(response?.status()).toBe(404);
  // A member is not staff: the console sends them to its sign-in.
  await page.goto("/staff/sites");
  await expect(page).toHaveURL(/\/staff\/login/);
});
