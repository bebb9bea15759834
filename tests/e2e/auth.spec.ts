import { E2E_PORT } from "../../playwright.config";
import { DEMO, expect, login, test } from "./support/fixtures";

test.describe("login and logout", () => {
  test("a member logs in, sees the member shell and a welcome toast, and logs out from the profile", async ({
    page,
    checkA11y,
  }) => {
    await login(page);
    const tabs = page.getByRole("navigation", { name: "Your account" });
    for (const place of ["Search", "Likes", "Chats", "Notifications"])
      await expect(tabs.getByRole("link", { name: place })).toBeVisible();
    await expect(page.getByTestId("credits")).toHaveText(/\d+ credits?/);
    await expect(tabs.getByRole("link", { name: `My profile (${DEMO.name})` }).locator("img.avatar")).toBeVisible();
    await expect(page.getByRole("status")).toContainText(`Welcome back, ${DEMO.name}!`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Hello ${DEMO.name}`);
    await checkA11y();

    await tabs.getByRole("link", { name: `My profile (${DEMO.name})` }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("status")).toContainText("You are logged out");
    await checkA11y();
    await page.goto("/home");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fhome$/);
  });

  test("a wrong password gets a translated error and keeps the email", async ({ page, checkA11y, javaScriptEnabled }) => {
    await page.goto("/login");
    await page.getByLabel("Email address").fill("ben@example.com");
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByText("The email address or password is wrong.")).toBeVisible();
    await expect(page.getByLabel("Email address")).toHaveValue("ben@example.com");
    // Without JavaScript the page comes back from the server, which never sends a password back.
    if (!javaScriptEnabled) await expect(page.getByLabel("Password")).toHaveValue("");
    await checkA11y();
  });

  test("the browser itself refuses an empty form", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel("Email address")).toHaveJSProperty("validity.valueMissing", true);
  });

  test("the server checks too: empty and malformed fields get their messages", { tag: "@http" }, async ({ request }) => {
    const empty = await request.post("/login", {
      form: { email: "", password: "" },
      headers: { origin: `http://localhost:${E2E_PORT}` },
    });
    expect(empty.status()).toBe(400);
    const html = await empty.text();
    // What is needed, not "Value is required" (issue 29 point 22).
    expect(html).toContain("Enter your email address.");
    expect(html).toContain("Enter your password.");
    // One message per field (issue 16): not also "not a valid email address" for the empty one.
    expect(html).not.toContain("Value is not a valid email address");
    const malformed = await request.post("/login", {
      form: { email: "not-an-email", password: "x" },
      headers: { origin: `http://localhost:${E2E_PORT}` },
    });
    expect(await malformed.text()).toContain("Value is not a valid email address");
    const tooLong = await request.post("/login", {
      form: { email: `${"a".repeat(260)}@example.com`, password: "x" },
      headers: { origin: `http://localhost:${E2E_PORT}` },
    });
    expect(await tooLong.text()).toContain("at most 254 characters");
  });

  test("a visitor on a members page goes to login and comes back after it", async ({ page, checkA11y }) => {
    await page.goto("/home");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fhome$/);
    await checkA11y();
    await page.getByLabel("Email address").fill(DEMO.email);
    await page.getByLabel("Password").fill(DEMO.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test("an off-site redirectTo is ignored", async ({ page }) => {
    await page.goto("/login?redirectTo=https%3A%2F%2Fevil.example%2Fsteal");
    await page.getByLabel("Email address").fill(DEMO.email);
    await page.getByLabel("Password").fill(DEMO.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(`http://localhost:${E2E_PORT}/home`);
  });

  test("a logged-in member opening / or /login goes home", async ({ page }) => {
    await login(page);
    await page.goto("/");
    await expect(page).toHaveURL(/\/home$/);
    await page.goto("/login");
    await expect(page).toHaveURL(/\/home$/);
  });

  test("a cross-site form post is refused", { tag: "@http" }, async ({ request }) => {
    const response = await request.post("/login", {
      form: { email: DEMO.email, password: DEMO.password },
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(response.status()).toBe(403);
  });

  test("GET /logout changes nothing", { tag: "@http" }, async ({ page }) => {
    await login(page);
    await page.goto("/logout");
    await page.goto("/home");
    await expect(page).toHaveURL(/\/home$/);
  });
});
