/**
 * Discount codes managed in the staff console (issue 28 point 4; docs/product.md §16.4, ADR
 * 049), with JavaScript on and off: the demo site admin finds the codes under "Codes", makes one
 * (bad input is refused beside its field and nothing typed is lost), a member gets its price on
 * /credits, the admin pauses it and the member's code is refused at once; resumed, it counts again.
 */
import { DEMO_STAFF } from "../../workers/api/seed/staff";
import { expect, newMember, test } from "./support/fixtures";
import { staffSignsIn } from "./support/staff";

test.use({ extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.140" } });

const SITE_ADMIN = DEMO_STAFF.find((staff) => staff.email === "site-admin@example.com")!;

test("an admin makes a discount code, members get it, pausing it refuses it at once", async ({
  page,
  browser,
  checkA11y,
}, info) => {
  test.slow();
  const code = `E2E${info.project.name === "js" ? "J" : "N"}${Date.now().toString(36).toUpperCase().slice(-5)}`;
  const admin = await staffSignsIn(
    browser,
    info,
    SITE_ADMIN,
    (p) => p.getByRole("heading", { level: 1, name: "Queue" }),
    "198.51.100.141",
  );

  await admin.getByRole("link", { name: "Codes" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Discount codes" })).toBeVisible();
  await expect(admin.getByRole("link", { name: "HELLO10" })).toBeVisible();
  await expect(admin.getByText("Welcome offer: 20% for 48 hours after sign-up, until the first purchase.")).toBeVisible();
  await expect(admin.getByRole("link", { name: "Change the offers of Amora" })).toHaveAttribute("href", "/staff/sites/1");
  await checkA11y(admin);

  await admin.getByRole("link", { name: "New code" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "New discount code" })).toBeVisible();
  // Bad input: refused beside each field, and everything typed stays.
  await admin.getByRole("checkbox", { name: "250 credits (package 250)" }).check();
  await admin.getByLabel("Code", { exact: true }).fill(code.toLowerCase());
  // Without JavaScript the browser itself refuses 95 (the field's max), so only the server's checks are seen there.
  await admin.getByLabel("Discount (percent, 1 to 90)").fill(js(info) ? "95" : "30");
  await admin.getByLabel("Start (UTC)").fill("2026-01-10T10:00");
  await admin.getByLabel("End (UTC)").fill("2026-01-01T10:00");
  await admin.getByLabel("Uses in total").fill("50");
  await admin.getByRole("button", { name: "Create code" }).click();
  if (js(info)) await expect(admin.getByText("Enter a whole number from 1 to 90.")).toBeVisible();
  await expect(admin.getByText("The end must be after the start.")).toBeVisible();
  await expect(admin.getByLabel("Code", { exact: true })).toHaveValue(code.toLowerCase());
  await expect(admin.getByRole("checkbox", { name: "250 credits (package 250)" })).toBeChecked();
  await expect(admin.getByLabel("Uses in total")).toHaveValue("50");
  await checkA11y(admin);

  // A duplicate is told beside the code (the API's check).
  await admin.getByLabel("Code", { exact: true }).fill("hello10");
  await admin.getByLabel("Discount (percent, 1 to 90)").fill("30");
  await admin.getByLabel("End (UTC)").fill("2099-01-01T10:00");
  await admin.getByRole("button", { name: "Create code" }).click();
  await expect(admin.getByText("This site has this code already. Choose another.")).toBeVisible();
  await expect(admin.getByLabel("Uses in total")).toHaveValue("50");

  await admin.getByLabel("Code", { exact: true }).fill(code);
  await admin.getByRole("button", { name: "Create code" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: code })).toBeVisible();
  await expect(admin.getByText("Saved.")).toBeVisible();
  await expect(admin.getByText("0 of 50")).toBeVisible();
  await expect(admin.getByText("No order has used this code yet.")).toBeVisible();
  await checkA11y(admin);

  // A member past the welcome offer gets 30 % off the 250-credit package with it.
  await newMember(page, `e2e-codes-${info.project.name}-${Date.now()}@example.com`, "Codie");
  await page.goto(`/credits?country=NL&code=${code}`);
  await expect(page.getByRole("heading", { name: "Your code: 30% off" })).toBeVisible();

  // Paused: refused at once.
  await admin.getByRole("button", { name: "Pause" }).click();
  await expect(admin.getByText("Paused", { exact: true })).toBeVisible();
  await page.goto(`/credits?country=NL&code=${code}`);
  await expect(page.getByText("This code is no longer valid.")).toBeVisible();

  // Resumed: it counts again; the list shows it active.
  await admin.getByRole("button", { name: "Resume" }).click();
  await expect(admin.getByText("Active", { exact: true })).toBeVisible();
  await page.goto(`/credits?country=NL&code=${code}`);
  await expect(page.getByRole("heading", { name: "Your code: 30% off" })).toBeVisible();
  await admin.getByRole("link", { name: "All discount codes" }).click();
  await expect(admin.getByRole("row", { name: new RegExp(code) })).toContainText("Active");
  await admin.context().close();
});

function js(info: { project: { use: { javaScriptEnabled?: boolean } } }) {
  return info.project.use.javaScriptEnabled !== false;
}
