/**
 * The admin's host figures (issue 27; docs/product.md §15.6), with JavaScript on and off: the demo
 * admin signs in with password and TOTP code, opens "Host figures" from the staff bar, sees the
 * figures of the last 7 days as charts and tables, asks for a range that is too long (the form
 * says why, keeps what was typed, and still shows the last 7 days) and then a good one, and
 * downloads a table as CSV.
 */
import { DEMO_STAFF } from "../../workers/api/seed/staff";
import { expect, test } from "./support/fixtures";
import { staffSignsIn } from "./support/staff";

test.use({ extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.131" } });

/** The platform admin (every site). */
const ADMIN = DEMO_STAFF.find((staff) => staff.email === "admin@example.com")!;

const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

test("the demo admin reads the host figures: charts, tables, a range, the CSV", async ({ browser, checkA11y }, info) => {
  test.slow();
  const js = info.project.use.javaScriptEnabled !== false;
  const page = await staffSignsIn(browser, info, ADMIN, (p) => p.getByRole("button", { name: "Log out" }), "198.51.100.132");
  const settle = () => page.waitForLoadState(js ? "networkidle" : "load");
  await page.getByRole("link", { name: "Host figures" }).click();
  await settle();
  await expect(page).toHaveURL(/\/staff\/host-figures$/);
  await expect(page.getByRole("heading", { level: 1, name: "Host figures" })).toBeVisible();
  await expect(page.getByLabel("From", { exact: true })).toHaveValue(utcDay(-6));
  await expect(page.getByLabel("To", { exact: true })).toHaveValue(utcDay(0));
  await expect(page.getByText("Waiting for an answer")).toBeVisible();
  await expect(page.getByRole("img", { name: "First-reply time per day" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Replies per day" })).toBeVisible();
  const days = page.getByRole("region", { name: /^Per day/ }).getByRole("table");
  await expect(days.getByRole("columnheader", { name: "Median wait" })).toBeVisible();
  // The last 7 days, one row each, besides the header.
  await expect(days.getByRole("row")).toHaveCount(8);
  await checkA11y(page);

  // Too long a range: the form says why beside the fields and keeps the dates typed.
  await page.getByLabel("From", { exact: true }).fill("2025-01-01");
  await page.getByLabel("To", { exact: true }).fill("2025-06-30");
  await page.getByRole("button", { name: "Show" }).click();
  await settle();
  await expect(page.getByRole("alert")).toHaveText("Choose at most 92 days. Meanwhile the last 7 days are shown.");
  await expect(page.getByLabel("From", { exact: true })).toHaveValue("2025-01-01");
  await expect(page.getByLabel("From", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("To", { exact: true })).toHaveValue("2025-06-30");
  await expect(days.getByRole("row")).toHaveCount(8);
  await checkA11y(page);

  // A good range of three days.
  await page.getByLabel("From", { exact: true }).fill(utcDay(-2));
  await page.getByLabel("To", { exact: true }).fill(utcDay(0));
  await page.getByRole("button", { name: "Show" }).click();
  await settle();
  await expect(page).toHaveURL(new RegExp(`from=${utcDay(-2)}&to=${utcDay(0)}`));
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(days.getByRole("row")).toHaveCount(4);

  // The table per host and day as a CSV download.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download per host and day (CSV)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`host-figures-hosts-${utcDay(-2)}-${utcDay(0)}.csv`);
  const { readFile } = await import("node:fs/promises");
  const text = await readFile(await file.path(), "utf8");
  expect(text.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe("day,host,replies,active_hours,replies_per_active_hour");
  await page.context().close();
});
