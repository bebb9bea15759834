/**
 * Identity hygiene in the browser (issue 15, docs/product.md §12.7): a name or an address with
 * invisible or control characters is refused with a translated message beside the field, with
 * JavaScript (the browser's schema) and without (the action), and what was typed stays.
 */
import { DEMO, expect, login, test } from "./support/fixtures";

test.use({ extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.84" } });

const MESSAGE = "This contains invisible or control characters";

test("sign-up refuses a name with a zero-width space", async ({ page }, info) => {
  await page.goto("/signup", { waitUntil: "networkidle" });
  const email = `e2e-hygiene-${info.project.name}-${Date.now()}@example.com`;
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Name").fill("Ki\u200Bm");
  await page.getByLabel("Password").fill("a good password");
  const submit = page.getByRole("button", { name: "Sign up for free" });
  // With JavaScript the form checks as it is filled in and blocks its submit while an error shows
  // (docs/product.md §5); without, the action answers.
  if (info.project.use.javaScriptEnabled === false) await submit.click();
  else await expect(submit).toBeDisabled();
  await expect(page.getByText(MESSAGE, { exact: false })).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Email address")).toHaveValue(email);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign up for free");
});

test("the profile refuses a name with a right-to-left override and keeps the old one", async ({ page }) => {
  await login(page);
  await page.goto("/profile?part=about#name", { waitUntil: "networkidle" });
  const section = page.locator("#name");
  await section.getByLabel("Name").fill("\u202EannA");
  await section.getByRole("button", { name: "Save" }).click();
  await expect(section.getByText(MESSAGE, { exact: false })).toBeVisible();
  await page.goto("/profile?part=about");
  await expect(page.locator("#name").getByLabel("Name")).toHaveValue(DEMO.name);
});
