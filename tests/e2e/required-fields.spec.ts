/**
 * Required fields say what is needed and the cursor goes to the first one in error (issue 29
 * point 22), with JavaScript (the form's check moves the focus) and without (the server's answer
 * autofocuses the field; the browser's own `required` check is taken off here so the server is the
 * one answering, as for a browser without it). And an invite-only site's visitor search asks to
 * log in, not to make a profile.
 */
import type { Page } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";
import { expect, test } from "./support/fixtures";

test.use({ extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.24" } });

/** Without JavaScript: lets the empty form reach the server (no `required`, no browser check). */
async function withoutBrowserChecks(page: Page, js: boolean) {
  if (js) return;
  await page.evaluate(() => {
    for (const form of document.forms) form.noValidate = true;
    for (const field of document.querySelectorAll("[required]")) field.removeAttribute("required");
  });
}

test("logging in with empty fields: 'Enter your email address.' and the cursor in that field", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/login");
  await withoutBrowserChecks(page, javaScriptEnabled);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText("Enter your email address.")).toBeVisible();
  await expect(page.getByText("Enter your password.")).toBeVisible();
  await expect(page.getByText("Value is required")).toHaveCount(0);
  await expect(page.getByLabel("Email address")).toBeFocused();

  // The address given: the next field in error takes the cursor.
  await page.getByLabel("Email address").fill("someone@example.com");
  await withoutBrowserChecks(page, javaScriptEnabled);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText("Enter your password.")).toBeVisible();
  await expect(page.getByLabel("Password")).toBeFocused();
});

test("an empty notice names each missing thing; the first in the form's order has the cursor", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/complaints");
  await withoutBrowserChecks(page, javaScriptEnabled);
  await page.getByRole("button", { name: "Send notice" }).click();
  await expect(page.getByText("Give the address or the member number.")).toBeVisible();
  await expect(page.getByText("Choose a reason.")).toBeVisible();
  await expect(page.getByText("Explain what is wrong.")).toBeVisible();
  await expect(page.getByLabel("Address (URL) or member number")).toBeFocused();
});

test("in Dutch too: the messages are translated", async ({ page, javaScriptEnabled }) => {
  // The language cookie as the language switcher sets it (React Router's cookie: base64 of JSON).
  await page.context().addCookies([{ name: "lng", value: btoa(JSON.stringify("nl")), url: `http://127.0.0.1:${E2E_PORT}` }]);
  await page.goto(`http://127.0.0.1:${E2E_PORT}/login`);
  await withoutBrowserChecks(page, javaScriptEnabled);
  await page.getByRole("button", { name: "Inloggen" }).click();
  await expect(page.getByText("Vul je e-mailadres in.")).toBeVisible();
  await expect(page.getByText("Vul je wachtwoord in.")).toBeVisible();
});

test("an invite-only site's visitor search asks to log in, not to make a profile", async ({ page }) => {
  await page.goto(`http://127.0.0.1:${E2E_PORT}/members`);
  await expect(page.getByText("Log in to search members.")).toBeVisible();
  await expect(page.getByText(/free profile/)).toHaveCount(0);
  await expect(page.getByRole("main").getByRole("link", { name: "Log in" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Sign up" })).toHaveCount(0);
});
