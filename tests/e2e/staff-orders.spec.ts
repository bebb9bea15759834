/**
 * Orders in the staff console (issue 28 point 7; docs/product.md §16.3, ADR 048), with
 * JavaScript on and off: a member buys two packages at the demo checkout; the demo site admin
 * finds them by the member's address, refunds one (a reason is required and nothing typed is
 * lost), sees the refund, the ledger's negative row and the audit line; the same refund sent
 * again from a page opened before is refused and refunds nothing more; a chargeback of the other
 * takes its credits back; the member's balance shows both.
 */
import type { Page } from "@playwright/test";
import { DEMO_STAFF } from "../../workers/api/seed/staff";
import { expect, newMember, test } from "./support/fixtures";
import { staffSignsIn } from "./support/staff";

test.use({ extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.140" } });

// The operator (a platform admin): the site admin signs in for several other tests (a code works once).
const SITE_ADMIN = DEMO_STAFF.find((staff) => staff.email === "operator@example.com")!;
const REASON = "The member wrote to support: the purchase was a mistake.";

/** The member buys the 100-credit package with PayPal at the demo checkout; the order's reference. */
async function buys(page: Page): Promise<string> {
  await page.goto("/credits");
  await page.getByRole("radio", { name: /^100 credits/ }).check();
  await page.getByRole("radio", { name: "PayPal" }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Your order" })).toBeVisible();
  await page.getByLabel(/I want the credits in my account right away/).check();
  await page.getByRole("button", { name: "Buy now, payment due" }).click();
  await expect(page.getByText("Test mode · demo payment provider")).toBeVisible();
  await page.getByRole("button", { name: /^Pay/ }).click();
  await expect(page.getByRole("heading", { name: "Thank you, payment received" })).toBeVisible();
  return new URL(page.url()).pathname.split("/").pop()!;
}

test("an admin finds a member's orders, refunds one once, and records a chargeback of the other", async ({
  page,
  browser,
  checkA11y,
}, info) => {
  test.slow();
  const stamp = `${info.project.name}-${Date.now()}`;
  const email = `e2e-orders-${stamp}@example.com`;
  await newMember(page, email, `Oda ${stamp.slice(-5)}`);
  const first = await buys(page);
  const second = await buys(page);

  const admin = await staffSignsIn(
    browser,
    info,
    SITE_ADMIN,
    (p) => p.getByRole("heading", { level: 1, name: "Queue" }),
    "198.51.100.141",
  );
  await admin.getByRole("link", { name: "Orders" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await expect(admin.getByText("The newest orders on your sites, newest first.")).toBeVisible();

  // Nothing found, then the member's two orders by their address, newest first.
  await admin.getByLabel("Reference, member id or email address").fill(`nobody-${stamp}@example.com`);
  await admin.getByRole("button", { name: "Find" }).click();
  await expect(admin.getByText(`No order matches “nobody-${stamp}@example.com”.`, { exact: false })).toBeVisible();
  await admin.getByLabel("Reference, member id or email address").fill(email.toUpperCase());
  await admin.getByRole("button", { name: "Find" }).click();
  const rows = admin.locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(second);
  await expect(rows.nth(1)).toContainText(first);
  await expect(rows.nth(1)).toContainText("100 credits");
  await expect(rows.nth(1)).toContainText("Paid");
  await expect(rows.nth(1)).toContainText(email);
  await checkA11y(admin);

  await admin.getByRole("link", { name: first }).click();
  await expect(admin.getByRole("heading", { level: 1, name: `Order ${first}` })).toBeVisible();
  await expect(admin.getByText("Paid, credits granted")).toBeVisible();
  const ledger = admin.getByRole("region", { name: "Ledger rows" });
  await expect(ledger.getByRole("row")).toHaveCount(2);
  await expect(ledger).toContainText("+100");
  await checkA11y(admin);

  // A second admin page, open before the refund: its refund comes too late.
  const stale = await admin.context().newPage();
  await stale.goto(`/staff/orders/${first}`);

  // A reason that is only blanks and a few words is refused beside the field; what was typed stays.
  const refund = admin.getByRole("region", { name: "Refund", exact: true });
  await refund.getByLabel("Reason (kept in the audit log)").fill("   too short   ");
  await refund.getByRole("button", { name: /^Refund/ }).click();
  await expect(refund.getByText("Write 10 to 2000 characters.")).toBeVisible();
  await expect(refund.getByLabel("Reason (kept in the audit log)")).toHaveValue(/too short/);

  await refund.getByLabel("Reason (kept in the audit log)").fill(REASON);
  await refund.getByRole("button", { name: /^Refund/ }).click();
  await expect(admin.getByText("Refunded. The audit log has your reason.")).toBeVisible();
  await expect(admin.getByRole("region", { name: "The order" }).getByText("Refunded", { exact: true })).toBeVisible();
  await expect(admin.getByRole("region", { name: "Refunds and chargebacks" })).toContainText(REASON);
  await expect(admin.getByRole("region", { name: "Refunds and chargebacks" })).toContainText("refunded by the provider");
  await expect(ledger.getByRole("row")).toHaveCount(3);
  await expect(ledger).toContainText("-100");
  await expect(admin.getByRole("region", { name: "Refund", exact: true })).toHaveCount(0);
  await checkA11y(admin);

  // The same refund again, from the page opened before: refused, nothing more refunded.
  const staleRefund = stale.getByRole("region", { name: "Refund", exact: true });
  await staleRefund.getByLabel("Reason (kept in the audit log)").fill(REASON);
  await staleRefund.getByRole("button", { name: /^Refund/ }).click();
  await expect(stale.getByRole("alert")).toHaveText(
    "This order was refunded already, perhaps by someone else. Reload the page to see it.",
  );
  await stale.goto(`/staff/orders/${first}`);
  await expect(stale.getByRole("region", { name: "Ledger rows" }).getByRole("row")).toHaveCount(3);
  await stale.close();

  // A chargeback of the other order: its credits go back, never below zero.
  await admin.getByRole("link", { name: "All orders" }).click();
  await admin.getByLabel("Reference, member id or email address").fill(second);
  await admin.getByRole("button", { name: "Find" }).click();
  await admin.getByRole("link", { name: second }).click();
  const chargeback = admin.getByRole("region", { name: "Record a chargeback" });
  await chargeback.getByLabel("Reason (kept in the audit log)").fill("The bank reported a chargeback: unauthorised use.");
  await chargeback.getByRole("button", { name: "Record chargeback" }).click();
  await expect(admin.getByText("Chargeback recorded. The audit log has your reason.")).toBeVisible();
  await expect(admin.getByRole("region", { name: "The order" }).getByText("Charged back", { exact: true }).first()).toBeVisible();
  await expect(admin.getByRole("region", { name: "Ledger rows" })).toContainText("Chargeback");
  await expect(admin.getByText("Nothing to refund or charge back", { exact: false })).toBeVisible();

  // The audit log names both, with the reason.
  await admin.getByRole("link", { name: "Audit log" }).click();
  await expect(admin.getByRole("row").filter({ hasText: "Order refunded" }).filter({ hasText: first })).toContainText(REASON);
  await expect(admin.getByRole("row").filter({ hasText: "Chargeback recorded" }).filter({ hasText: second })).toBeVisible();

  // The member page it links to.
  await admin.goto(`/staff/orders/${second}`);
  await admin.getByRole("region", { name: "Member" }).getByRole("link").click();
  await expect(admin).toHaveURL(/\/staff\/members\/\d+$/);
  await admin.context().close();
});

test("a moderator has no Orders link and is sent away from the orders pages", async ({ browser }, info) => {
  const moderator = DEMO_STAFF.find((staff) => staff.role === "moderator" && staff.host === "localhost")!;
  const staff = await staffSignsIn(
    browser,
    info,
    moderator,
    (p) => p.getByRole("heading", { level: 1, name: "Queue" }),
    "198.51.100.142",
  );
  await expect(staff.getByRole("navigation").getByRole("link", { name: "Orders" })).toHaveCount(0);
  await staff.goto("/staff/orders");
  await expect(staff).toHaveURL(/\/staff$/);
  await staff.context().close();
});
