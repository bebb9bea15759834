/**
 * The business in numbers (issue 28 point 6; docs/product.md §16.6), with JavaScript on and off:
 * a visitor comes to the welcome page from a network of this test's own, the operator opens
 * "Business" from the staff bar, chooses that network and sees the visit counted in the tiles and
 * the source table; a range that is too long is refused beside the field with the input kept; a
 * table downloads as CSV.
 */
import { DEMO_STAFF } from "../../workers/api/seed/staff";
import { expect, test } from "./support/fixtures";
import { staffSignsIn } from "./support/staff";

test.use({ extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.141" } });

const OPERATOR = DEMO_STAFF.find((staff) => staff.email === "operator@example.com")!;
const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

test("the operator reads the funnel of a network's visitors, by form, and downloads it", async ({ browser, checkA11y }, info) => {
  test.slow();
  const js = info.project.use.javaScriptEnabled !== false;
  const network = `e2e-${info.project.name}-${Date.now().toString(36)}`;

  // A visitor from the network: the welcome page counts the visit (no consent asked for yet, so the
  // network stays in the address and is read from there).
  const visitor = await browser.newContext();
  const welcome = await visitor.newPage();
  await welcome.goto(`/?network=${network}&sub1=e2e`);
  await expect(welcome.locator("h1")).toBeVisible();
  await visitor.close();

  const page = await staffSignsIn(browser, info, OPERATOR, (p) => p.getByRole("button", { name: "Log out" }), "198.51.100.142");
  const settle = () => page.waitForLoadState(js ? "networkidle" : "load");
  await page.getByRole("link", { name: "Business", exact: true }).click();
  await settle();
  await expect(page).toHaveURL(/\/staff\/business$/);
  await expect(page.getByRole("heading", { level: 1, name: "The business in numbers" })).toBeVisible();
  await expect(page.getByLabel("From", { exact: true })).toHaveValue(utcDay(-29));
  await expect(page.getByLabel("To", { exact: true })).toHaveValue(utcDay(0));
  await expect(page.getByRole("img", { name: "Sign-ups per day" })).toBeVisible();
  const perDay = page.getByRole("region", { name: "The funnel" }).getByRole("table");
  await expect(perDay.getByRole("row")).toHaveCount(31); // 30 days and the header
  await checkA11y(page);

  // The network's figures: one visit, counted after the page was answered (so it may take a moment).
  await expect(async () => {
    await page.goto(`/staff/business?source=${network}`);
    await expect(page.getByRole("term").filter({ hasText: "Visits" }).locator("+ dd")).toHaveText("1");
  }).toPass({ timeout: 10_000 });
  await expect(page.getByRole("combobox", { name: "Traffic source" })).toHaveValue(network);
  const sources = page.getByRole("region", { name: "Per traffic source" }).getByRole("table");
  await expect(
    sources
      .getByRole("row", { name: new RegExp(network) })
      .getByRole("cell")
      .first(),
  ).toHaveText("1");

  // Too long a range: said beside the fields, what was typed kept, the last 30 days shown meanwhile.
  await page.getByLabel("From", { exact: true }).fill("2024-01-01");
  await page.getByLabel("To", { exact: true }).fill("2025-06-30");
  await page.getByRole("button", { name: "Show" }).click();
  await settle();
  await expect(page.getByRole("alert")).toHaveText("Choose at most 366 days. Meanwhile the last 30 days are shown.");
  await expect(page.getByLabel("From", { exact: true })).toHaveValue("2024-01-01");
  await expect(page.getByLabel("From", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(perDay.getByRole("row")).toHaveCount(31);
  await checkA11y(page);

  // A good range of three days, all sources, then its table per source as CSV.
  await page.getByLabel("From", { exact: true }).fill(utcDay(-2));
  await page.getByLabel("To", { exact: true }).fill(utcDay(0));
  await page.getByRole("combobox", { name: "Traffic source" }).selectOption({ label: "All sources" });
  await page.getByRole("button", { name: "Show" }).click();
  await settle();
  await expect(page).toHaveURL(new RegExp(`from=${utcDay(-2)}&to=${utcDay(0)}`));
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(perDay.getByRole("row")).toHaveCount(4);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download per source (CSV)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`business-sources-${utcDay(-2)}-${utcDay(0)}.csv`);
  const { readFile } = await import("node:fs/promises");
  const text = (await readFile(await file.path(), "utf8")).replace(/^\uFEFF/, "");
  expect(text.split("\r\n")[0]).toMatch(/^source,visits_welcome,visits_lander,signups,/);
  expect(text).toContain(`${network},1,0,`);
  await page.context().close();
});
