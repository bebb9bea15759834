/**
 * The transparency report (issue 30 point 7; docs/product.md §16.7), with JavaScript on and off:
 * the operator opens "Transparency" from the staff bar, reads the last 365 days (the demo seed's
 * open report is counted), asks for a range that is too long (refused beside the field, the
 * input kept) and then a good one, and downloads the report as CSV and as JSON.
 */
import { DEMO_STAFF } from "../../workers/api/seed/staff";
import { expect, test } from "./support/fixtures";
import { staffSignsIn } from "./support/staff";

test.use({ extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.151" } });

const OPERATOR = DEMO_STAFF.find((staff) => staff.email === "operator@example.com")!;
const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

test("the operator reads and downloads the transparency report", async ({ browser, checkA11y }, info) => {
  test.slow();
  const js = info.project.use.javaScriptEnabled !== false;
  const page = await staffSignsIn(browser, info, OPERATOR, (p) => p.getByRole("button", { name: "Log out" }), "198.51.100.152");
  const settle = () => page.waitForLoadState(js ? "networkidle" : "load");
  await page.getByRole("link", { name: "Transparency" }).click();
  await settle();
  await expect(page).toHaveURL(/\/staff\/transparency$/);
  await expect(page.getByRole("heading", { level: 1, name: "Transparency report" })).toBeVisible();
  await expect(page.getByLabel("From", { exact: true })).toHaveValue(utcDay(-364));
  await expect(page.getByLabel("To", { exact: true })).toHaveValue(utcDay(0));
  // The demo seed's open report (Anna about a profile) is one of them.
  await expect(
    page
      .getByRole("term")
      .filter({ hasText: /^Reports by members$/ })
      .locator("+ dd"),
  ).not.toHaveText("0");
  await expect(page.getByRole("img", { name: "Notices and reports by category" })).toBeVisible();
  await expect(
    page.getByText(/^Only the pauses of new conversations after trusted reports are taken by automated means/),
  ).toBeVisible();
  await checkA11y(page);

  await page.getByLabel("From", { exact: true }).fill("2020-01-01");
  await page.getByLabel("To", { exact: true }).fill("2026-01-01");
  await page.getByRole("button", { name: "Show" }).click();
  await settle();
  await expect(page.getByRole("alert")).toHaveText("Choose at most 366 days. Meanwhile the last 365 days are shown.");
  await expect(page.getByLabel("From", { exact: true })).toHaveValue("2020-01-01");
  await expect(page.getByLabel("From", { exact: true })).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("From", { exact: true }).fill(utcDay(-6));
  await page.getByLabel("To", { exact: true }).fill(utcDay(0));
  await page.getByRole("button", { name: "Show" }).click();
  await settle();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`from=${utcDay(-6)}&to=${utcDay(0)}`));

  const { readFile } = await import("node:fs/promises");
  const csv = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download as CSV" }).click();
  const csvFile = await csv;
  expect(csvFile.suggestedFilename()).toBe(`transparency-${utcDay(-6)}-${utcDay(0)}.csv`);
  const text = (await readFile(await csvFile.path(), "utf8")).replace(/^\uFEFF/, "");
  expect(text.split("\r\n")[0]).toBe("section,item,detail,count");
  const json = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download as JSON" }).click();
  const jsonFile = await json;
  const report = JSON.parse(await readFile(await jsonFile.path(), "utf8")) as { from: string; decisions: { automated: number } };
  expect(report.from).toBe(utcDay(-6));
  // Pauses after trusted reports are the automated decisions (ADR 058); other specs may make some.
  expect(Number.isInteger(report.decisions.automated)).toBe(true);
  await page.context().close();
});
