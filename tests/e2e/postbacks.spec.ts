/**
 * The postback log on the development panel (/_dev/postbacks; docs/product.md §11.5,
 * docs/decisions/025): a visitor from the demo network signs up, and the log shows the sign-up
 * postback. The local worker does not call private receivers (POSTBACK_ALLOW_PRIVATE is "0"), so
 * the demo network's postback to 127.0.0.1 is logged as refused: the safety rule, visible.
 */
import { E2E_PORT } from "../../playwright.config";
import { answerPartnerQuestion, expect, signUp, test } from "./support/fixtures";

test.use({ extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.70" } });

test("a sign-up from an affiliate network appears in the postback log, with filters as links", async ({
  page,
  checkA11y,
}, info) => {
  const click = `click-${info.project.name}-${Date.now()}`;
  const query = new URLSearchParams({ network: "demo-network", ref: click, sub1: "<b>bold</b>" });
  await page.goto(`/?${query}`);
  await answerPartnerQuestion(page, "Allow");
  await signUp(page, `e2e-postback-${info.project.name}-${Date.now()}@example.com`, "Pia");

  await page.goto("/_dev");
  await page.getByRole("link", { name: /Postback log/ }).click();
  await expect(page).toHaveURL(/\/_dev\/postbacks$/);
  await expect(page.getByRole("heading", { level: 1, name: "Postback log" })).toBeVisible();
  const entry = page.getByRole("article").filter({ hasText: click }).first();
  await expect(entry.getByRole("heading", { level: 2 })).toContainText("Sign-up (SOI) · demo-network");
  await expect(entry.getByText("Refused", { exact: true })).toBeVisible();
  await expect(entry.getByText("private_host")).toBeVisible();
  // The tracking values are in the address URL-encoded, and shown as text.
  await expect(entry.locator(".postback-url")).toContainText(`clickid=${click}&event=soi&sub1=%3Cb%3Ebold%3C%2Fb%3E`);
  await checkA11y();

  await page.getByRole("link", { name: "Sent", exact: true }).click();
  await expect(page).toHaveURL(/status=sent$/);
  await expect(page.getByRole("link", { name: "Sent", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText(click)).toHaveCount(0);
  await page.getByRole("link", { name: "Refused", exact: true }).click();
  await expect(page.getByText(click).first()).toBeVisible();
});

test("another site's log does not hold this site's postbacks", async ({ page, baseURL }) => {
  const url = new URL("/_dev/postbacks", baseURL ?? `http://localhost:${E2E_PORT}`);
  url.hostname = "127.0.0.1";
  const response = await page.goto(url.href);
  expect(response?.status()).toBe(200);
  await expect(page.getByText("demo-network")).toHaveCount(0);
});
