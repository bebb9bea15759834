/**
 * Credits-bonus codes (issue 28 point 4; docs/product.md §10.5 and §16.4, ADR 054), with
 * JavaScript on and off: the demo site admin makes a "bonus credits" code (a percent and a bonus
 * together are refused beside the choice, nothing typed is lost), the list says "+50 bonus
 * credits"; a new member types it on /credits, keeps the welcome price and sees the bonus on the
 * packages it is for, the order summary and the transaction page, and gets it with the package.
 */
import { DEMO_STAFF } from "../../workers/api/seed/staff";
import { expect, newMember, test } from "./support/fixtures";
import { staffSignsIn } from "./support/staff";

test.use({ extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.150" } });

const SITE_ADMIN = DEMO_STAFF.find((staff) => staff.email === "site-admin@example.com")!;

test("an admin makes a bonus code; a member sees +50 bonus credits at the welcome price and gets them", async ({
  page,
  browser,
  checkA11y,
}, info) => {
  test.slow();
  const code = `BON${info.project.name === "js" ? "J" : "N"}${Date.now().toString(36).toUpperCase().slice(-5)}`;
  const admin = await staffSignsIn(
    browser,
    info,
    SITE_ADMIN,
    (p) => p.getByRole("heading", { level: 1, name: "Queue" }),
    "198.51.100.151",
  );

  await admin.goto("/staff/codes/new");
  await expect(admin.getByRole("heading", { level: 1, name: "New discount code" })).toBeVisible();
  await admin.getByLabel("Code", { exact: true }).fill(code);
  await admin.getByRole("radio", { name: "Bonus credits" }).check();
  await admin.getByLabel("Bonus credits (1 to 10 000)").fill("50");
  // Both amounts filled in: a code is one or the other, said beside the choice; nothing is lost.
  await admin.getByLabel("Discount (percent, 1 to 90)").fill("20");
  await admin.getByRole("checkbox", { name: "250 credits (package 250)" }).check();
  await admin.getByRole("checkbox", { name: "600 credits (package 600)" }).check();
  await admin.getByRole("button", { name: "Create code" }).click();
  await expect(
    admin.getByText("Fill in only the amount of the kind you chose: a percent or bonus credits, not both."),
  ).toBeVisible();
  await expect(admin.getByLabel("Bonus credits (1 to 10 000)")).toHaveValue("50");
  await expect(admin.getByRole("radio", { name: "Bonus credits" })).toBeChecked();
  await expect(admin.getByRole("checkbox", { name: "600 credits (package 600)" })).toBeChecked();
  await checkA11y(admin);

  await admin.getByLabel("Discount (percent, 1 to 90)").fill("");
  await admin.getByRole("button", { name: "Create code" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: code })).toBeVisible();
  await expect(admin.getByText("Saved.")).toBeVisible();
  await expect(admin.locator(".code-gives").first()).toHaveText("+50 bonus credits");
  await expect(admin.getByRole("radio", { name: "Bonus credits" })).toBeChecked();
  await checkA11y(admin);
  await admin.getByRole("link", { name: "All discount codes" }).click();
  await expect(admin.getByRole("row", { name: new RegExp(code) })).toContainText("+50 bonus credits");

  // A new member (welcome offer 20 %) types it: the welcome price stays, the bonus comes on top.
  await newMember(page, `e2e-bonus-${info.project.name}-${Date.now()}@example.com`, "Bonnie");
  await page.goto("/credits?country=NL");
  const before = Number((await page.getByTestId("balance").textContent())?.match(/\d+/)?.[0] ?? Number.NaN);
  await page.getByLabel("Discount code").fill(code.toLowerCase());
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("heading", { name: `Your code ${code}: +50 bonus credits` })).toBeVisible();
  const popular = page.locator("label.package").filter({ hasText: "250 credits" });
  await expect(popular).toContainText("€15.99");
  await expect(popular).toContainText("Welcome offer: −20%");
  await expect(popular).toContainText("+50 bonus credits");
  const small = page.locator("label.package").filter({ hasText: "100 credits" });
  await expect(small).not.toContainText("bonus credits");
  await expect(small).toContainText(`${code} is not for this package.`);
  await checkA11y(page);

  await page.getByRole("radio", { name: /\b250 credits/ }).check();
  await page.getByRole("radio", { name: "PayPal" }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Your order" })).toBeVisible();
  const summary = page.locator(".order-summary");
  await expect(summary).toContainText("Bonus credits");
  await expect(summary).toContainText(`+50 (${code})`);
  await expect(summary).toContainText("€15.99");
  await page.getByLabel(/I want the credits in my account right away/).check();
  await page.getByRole("button", { name: "Buy now, payment due" }).click();
  await expect(page.getByText("Test mode · demo payment provider")).toBeVisible();
  await page.getByRole("button", { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/transactions\/ord_[a-z2-7]{26}$/);
  await expect(page.getByRole("heading", { name: "Thank you, payment received" })).toBeVisible();
  await expect(page.locator(".order-summary")).toContainText(`+50 (${code})`);
  await expect(page.getByTestId("balance")).toHaveText(`You have ${before + 300} credits.`);
  await admin.context().close();
});
