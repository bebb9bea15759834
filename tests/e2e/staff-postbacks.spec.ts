/**
 * Postbacks in the staff console (issue 28 point 5; docs/product.md §16.5, ADR 050), with
 * JavaScript on and off: a visitor from the demo network signs up, and the demo site's admin
 * finds the sign-up's postback in the network's delivery log, reads the templates with the
 * macros beside them, and sends a test. The e2e worker does not call private receivers
 * (POSTBACK_ALLOW_PRIVATE is "0") and the demo network's receiver is 127.0.0.1, so the test shows
 * the exact request and why it was not sent: the safety rule, visible. Answers of a real network
 * (200, 500, a timeout) are covered by the API tests with the fake receiver.
 */
import { DEMO_STAFF } from "../../workers/api/seed/staff";
import { answerPartnerQuestion, expect, signUp, test } from "./support/fixtures";
import { staffSignsIn } from "./support/staff";

test.use({ extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.150" } });

const SITE_ADMIN = DEMO_STAFF.find((staff) => staff.email === "site-admin@example.com")!;

test("an admin reads a network's templates and delivery log and sends a test", async ({ page, browser, checkA11y }, info) => {
  test.slow();
  const click = `pbc-${info.project.name}-${Date.now()}`;
  await page.goto(`/?${new URLSearchParams({ network: "demo-network", ref: click })}`);
  await answerPartnerQuestion(page, "Allow");
  await signUp(page, `e2e-pbconsole-${info.project.name}-${Date.now()}@example.com`, "Pia");

  const admin = await staffSignsIn(
    browser,
    info,
    SITE_ADMIN,
    (p) => p.getByRole("heading", { level: 1, name: "Queue" }),
    "198.51.100.151",
  );
  await admin.getByRole("link", { name: "Postbacks" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Postbacks" })).toBeVisible();
  await expect(admin.getByRole("link", { name: "demo-network" })).toHaveAttribute("aria-current", "page");
  // The network's link names it as `net`: `network` is a tracking parameter, which would ask for partner consent.
  await admin.getByRole("link", { name: "demo-network" }).click();
  await expect(admin).toHaveURL(/\/staff\/postbacks\?site=1&net=demo-network$/);
  await expect(admin.getByRole("button", { name: "Allow" })).toHaveCount(0);
  const templates = admin.getByRole("region", { name: "Templates of demo-network" });
  await expect(templates).toBeVisible();
  await expect(templates.getByRole("row", { name: /Sign-up \(SOI\)/ })).toContainText(
    "http://127.0.0.1:8879/postback?clickid={clickid}&event={event}&sub1={sub1}",
  );
  await expect(admin.getByRole("link", { name: "Edit the templates in the settings of Amora" }).first()).toHaveAttribute(
    "href",
    "/staff/sites/1#postbacks",
  );
  await expect(templates.getByText("{clickid}", { exact: true })).toBeVisible();
  await expect(templates.getByText("{sub5}", { exact: true })).toBeVisible();

  // The sign-up's postback, refused (private host), newest first in the log.
  const row = admin.getByRole("row").filter({ hasText: click });
  await expect(row).toContainText("Refused");
  await expect(row).toContainText("Sign-up (SOI)");
  await expect(row).toContainText("the address is a private or local host");
  await checkA11y(admin);

  // Filters: failed hides it, refused shows it.
  await admin.getByLabel("Status").selectOption("failed");
  await admin.getByRole("button", { name: "Show", exact: true }).click();
  await expect(admin).toHaveURL(/status=failed/);
  await expect(admin.getByText(click)).toHaveCount(0);
  await admin.getByLabel("Status").selectOption("refused");
  await admin.getByRole("button", { name: "Show", exact: true }).click();
  await expect(admin).toHaveURL(/status=refused/);
  await expect(admin.getByRole("row").filter({ hasText: click })).toBeVisible();

  // A test: the exact request, and why it was not sent.
  await admin.getByRole("button", { name: "Send a test: Sign-up (SOI)" }).click();
  const result = admin.getByRole("region", { name: "Test of demo-network: Sign-up (SOI)" });
  await expect(result).toBeVisible();
  await expect(result).toContainText(
    /GET http:\/\/127\.0\.0\.1:8879\/postback\?clickid=test-[0-9a-f]{8}&event=soi&sub1=test-sub1/,
  );
  await expect(result).toContainText("User-Agent: dating-postbacks/1");
  await expect(result.getByRole("alert")).toContainText("Not sent: the address is a private or local host");
  // The test is not a conversion: the log holds no test- click.
  await expect(admin.getByRole("row").filter({ hasText: "clickid=test-" })).toHaveCount(0);
  await checkA11y(admin);
  await admin.context().close();
});

test("a moderator has no postbacks page", async ({ browser }, info) => {
  const moderator = DEMO_STAFF.find((staff) => staff.role === "moderator" && staff.host === "localhost")!;
  const page = await staffSignsIn(
    browser,
    info,
    moderator,
    (p) => p.getByRole("heading", { level: 1, name: "Queue" }),
    "198.51.100.152",
  );
  await expect(page.getByRole("navigation").getByRole("link", { name: "Postbacks" })).toHaveCount(0);
  await page.goto("/staff/postbacks");
  await expect(page).toHaveURL(/\/staff$/);
  await page.context().close();
});
