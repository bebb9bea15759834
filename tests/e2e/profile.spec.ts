/**
 * /profile: the member edits every part with the sign-up forms, manages photos and changes the
 * password; with JavaScript and without.
 */
import { DEMO, expect, login, newMember, shownMember, test } from "./support/fixtures";

// Sign-ups are limited to 20 per IP an hour: this file signs up from its own address (the suite's other sign-ups from 127.0.0.1 used up the hour).
// Locally the app reads the visitor's IP from cf-connecting-ip.
test.use({ extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.140" } });

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAaklEQVR4nAXB0QAAAAhDwZGMJJJIIhlJEO87ou6EhEWJFiMiVpyEjE2ZNmNi1pyFChdVdDFFii2uhBo31XQzTZptroUGDzX0MEOGHW6EgkOFDhMSNlyEFi+19DJLll1uhQ4fdfQxR4497h7WFWaB0n08RwAAAABJRU5ErkJggg==",
  "base64",
);

test("a member edits the profile parts, photos and password", async ({ page, javaScriptEnabled }, info) => {
  test.slow();
  const email = `e2e-profile-${info.project.name}-${Date.now()}@example.com`;
  await page.goto("/signup");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Name").fill("Sam");
  await page.getByLabel("Password").fill("first password");
  const create = page.getByRole("button", { name: "Sign up for free" });
  await expect(create).toBeEnabled();
  await create.click();
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Sign up for free");

  // The overview lists the parts; each part is a page of its own (issue 29 point 12).
  await page.getByRole("link", { name: "My profile (Sam)" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My profile" })).toBeVisible();
  const parts = page.getByRole("navigation", { name: "Parts of your profile" });
  await expect(parts.getByRole("link")).toHaveText([
    /^Photos/,
    /^Name and about you/,
    /^Details/,
    /^Location/,
    /^Account/,
    /^Notifications/,
    /^Privacy and blocking/,
    /^Photo verification/,
  ]);
  await parts.getByRole("link", { name: /^Photos/ }).click();
  await expect(page).toHaveURL(/\/profile\?part=photos$/);
  await expect(page.getByText("You have no photos yet.")).toBeVisible();
  await expect(page.locator("#location")).toHaveCount(0);

  // Location, with a region of the chosen country.
  await page.goto("/profile?part=location");
  const location = page.locator("#location");
  await location.getByLabel("Country").selectOption("BE");
  await location.getByLabel("Region").selectOption({ label: "Antwerpen" });
  await location.getByLabel("City").fill("Antwerpen");
  await location.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect(page.locator("#location").getByLabel("City")).toHaveValue("Antwerpen");

  // Personal info: a bad date first, kept input, then a good one.
  await page.goto("/profile?part=details");
  const personal = page.locator("#personal");
  await personal.getByLabel("A man").check();
  await personal.getByLabel("Day").selectOption("31");
  await personal.getByLabel("Month").selectOption({ label: "April" });
  await personal.getByLabel("Year").selectOption("1985");
  await personal.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Enter a real date of birth. You must be at least 18 years old.")).toBeVisible();
  await page.locator("#personal").getByLabel("Day").selectOption("30");
  await page.locator("#personal").getByLabel("Everyone").check();
  await page.locator("#personal").getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect(page.locator("#personal").getByLabel("Day")).toHaveValue("30");
  await expect(page.locator("#personal").getByLabel("Everyone")).toBeChecked();

  // About me.
  await page.goto("/profile?part=about");
  await page.locator("#about").getByLabel("About me").fill("I like long walks.");
  // Wait for the save's answer: an upload started while the page reloads its data could be lost.
  const saved = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/profile") && r.request().method() === "POST");
  await page.locator("#about").getByRole("button", { name: "Save" }).click();
  await saved;
  await expect(page.locator("#about").getByLabel("About me")).toHaveValue("I like long walks.");
  // A save before hydration was the page's own post and reload: wait for the new page to hydrate,
  // or the photo chosen next would meet the form without its script (no upload on choosing).
  await page.waitForLoadState("networkidle");

  // Photos: two, the second made main, the first deleted (asked first).
  await page.goto("/profile?part=photos", { waitUntil: "networkidle" });
  for (const name of ["one.png", "two.png"]) {
    await page
      .locator("#photos")
      .getByLabel("Choose a photo or drop it here")
      .setInputFiles({ name, mimeType: "image/png", buffer: PNG });
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Upload photo" }).click();
    await expect(page.getByRole("list", { name: "Your photos" }).getByRole("listitem")).toHaveCount(name === "one.png" ? 1 : 2);
  }
  await page.getByRole("button", { name: "Make main photo (Your photo 2)" }).click();
  await expect(page.getByRole("list", { name: "Your photos" }).getByRole("listitem").nth(1)).toContainText("Main photo");
  await page.locator("summary", { hasText: "Delete" }).first().click();
  await expect(page.locator("details[open]").getByText("Delete this photo? It cannot be brought back.")).toBeVisible();
  await page.getByRole("button", { name: "Yes, delete (Your photo 1)" }).click();
  await expect(page.getByRole("list", { name: "Your photos" }).getByRole("listitem")).toHaveCount(1);

  // Password: the wrong current one is refused; then changed, and it logs in.
  await page.goto("/profile?part=account#password");
  const password = page.locator("#password");
  await password.getByLabel("Current password").fill("not my password");
  await password.getByLabel("New password", { exact: true }).fill("second password");
  await password.getByLabel("New password again").fill("second password");
  await password.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your current password is not right.")).toBeVisible();
  await page.locator("#password").getByLabel("Current password").fill("first password");
  await page.locator("#password").getByLabel("New password", { exact: true }).fill("second password");
  await page.locator("#password").getByLabel("New password again").fill("second password");
  await page.locator("#password").getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();

  // Search starts with whom the member is interested in: everyone (issue 16).
  await page.goto("/members");
  await expect(page.getByLabel("Looking for", { exact: true })).toHaveValue("");

  await page.goto("/profile");
  await page.getByRole("button", { name: "Log out" }).click();
  // Logged out before logging in again: a logout answered late would clear the new session's cookie.
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/login");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill("second password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test("a member changes the name on /profile and the header shows it (issue 16)", async ({ page, javaScriptEnabled }, info) => {
  const email = `e2e-name-${info.project.name}-${Date.now()}@example.com`;
  await newMember(page, email, "Sam");
  await page.goto("/profile?part=about");
  const section = page.locator("#name");
  await expect(section.getByLabel("Name")).toHaveValue("Sam");

  // The sign-up's rules, one message at a time. (An empty field the browser refuses itself
  // without JavaScript; spaces get past it and the server says the same.)
  await section.getByLabel("Name").fill("   ");
  await section.getByRole("button", { name: "Save" }).click();
  await expect(page.locator("#name").getByText("Enter your name.")).toHaveCount(1);
  // Without JavaScript the answer puts the cursor in the field in error (its autofocus). With it,
  // the message shows as the field is left, before the click lands (tests/e2e/required-fields.spec.ts
  // checks the focus after a refused submit).
  if (!javaScriptEnabled) await expect(page.locator("#name").getByLabel("Name")).toBeFocused();
  await page.locator("#name").getByLabel("Name").fill(email);
  await page.locator("#name").getByRole("button", { name: "Save" }).click();
  await expect(page.locator("#name").getByText("Choose a name that is not your email address.")).toBeVisible();
  await expect(page.getByRole("link", { name: "My profile (Sam)" })).toBeVisible();

  await page.locator("#name").getByLabel("Name").fill("Sam Two");
  await page.locator("#name").getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect(page.getByRole("link", { name: "My profile (Sam Two)" })).toBeVisible();
  await expect(page.locator("#name").getByLabel("Name")).toHaveValue("Sam Two");
  if (!javaScriptEnabled) await expect(page).toHaveURL(/\/profile\?part=about#name$/);
});

test("with location permission, /profile keeps the saved place until the member asks for the device's (issues 16, 29)", async ({
  page,
  context,
  javaScriptEnabled,
}, info) => {
  test.skip(!javaScriptEnabled, "the device's position needs JavaScript");
  test.slow();
  await newMember(page, `e2e-place-${info.project.name}-${Date.now()}@example.com`, "Pat");
  await page.goto("/profile?part=location");
  const location = () => page.locator("#location");
  await location().getByLabel("Country").selectOption("NL");
  await location().getByLabel("Region").selectOption({ label: "Utrecht" });
  await location().getByLabel("City").fill("Amersfoort");
  await location().getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/profile\?part=location#location$/);
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();

  // The device is in Utrecht, and the site may ask where it is.
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation({ latitude: 52.0907, longitude: 5.1214 });
  const geocodes: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/resources/geocode")) geocodes.push(request.url());
  });

  // Opening the page never asks the device: the saved place stays.
  await page.reload();
  await expect(location().getByRole("button", { name: "Use my location" })).toBeVisible();
  await page.waitForTimeout(1000);
  expect(geocodes).toEqual([]);
  await expect(location().getByLabel("City")).toHaveValue("Amersfoort");

  // Asked, the device's place replaces the form's (still to be saved by the member).
  await location().getByRole("button", { name: "Use my location" }).click();
  await expect(location().getByLabel("City")).not.toHaveValue("Amersfoort");
  await expect(location().getByLabel("City")).not.toHaveValue("");
  await expect(location().getByLabel("Country")).toHaveValue("NL");
  expect(geocodes).toHaveLength(1);
});

test("a member chooses who sees the profile: this site only, and advertisements (off until turned on)", async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.slow();
  const email = `e2e-visibility-${info.project.name}-${Date.now()}@example.com`;
  const id = await shownMember(page, email, "Vera");

  // Visitors: Zilverhart (127.0.0.1, the same server) shows her page; no lander does yet.
  const zilverhart = new URL(baseURL ?? "http://localhost");
  zilverhart.hostname = "127.0.0.1";
  const visitor = await browser.newContext();
  const status = async (url: string) => (await visitor.request.get(url, { maxRedirects: 0 })).status();
  expect(await status(`${zilverhart.origin}/members/${id}`)).toBe(200);
  expect(await status(`${baseURL}/members/${id}/landing`)).toBe(404);

  await page.goto("/profile?part=privacy");
  const section = page.locator("#visibility");
  await expect(section.getByRole("heading", { name: "Who sees your profile" })).toBeVisible();
  await expect(section.getByText(/Otherwise members of our other sites \(.*Zilverhart.*\) can find you too\./)).toBeVisible();
  const onlyHere = section.getByLabel("Show my profile on Amora only");
  const ads = section.getByLabel("Show my profile in advertisements for our sites");
  await expect(onlyHere).not.toBeChecked();
  await expect(ads).not.toBeChecked();
  await onlyHere.check();
  await section.getByRole("button", { name: "Save these choices" }).click();
  // The location's "Saved." may still show: the save is done when the page is back at its part.
  await expect(page).toHaveURL(/\/profile\?part=privacy#visibility$/);
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await page.reload();
  await expect(page.locator("#visibility").getByLabel("Show my profile on Amora only")).toBeChecked();
  expect(await status(`${zilverhart.origin}/members/${id}`)).toBe(404);
  expect(await status(`${baseURL}/members/${id}`)).toBe(200);

  // Advertisements on, every site again: the lander shows her.
  await page.locator("#visibility").getByLabel("Show my profile on Amora only").uncheck();
  await page.locator("#visibility").getByLabel("Show my profile in advertisements for our sites").check();
  await page.locator("#visibility").getByRole("button", { name: "Save these choices" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect(page.locator("#visibility").getByLabel("Show my profile in advertisements for our sites")).toBeChecked();
  await expect
    .poll(() => status(`${baseURL}/members/${id}/landing`), { message: "the lander shows her once the save is done" })
    .toBe(200);
  await visitor.close();
});

test("sign-up names the sites that will show the new member's profile, on step 0 and again on step 2", async ({ page }, info) => {
  const line =
    /Your profile is shown to members of Amora, .*Zilverhart.*\. In your profile you can choose to be shown on Amora only\./;
  await page.goto("/signup");
  await expect(page.getByText(line)).toBeVisible();
  // Step 2 (the photo), which sign-ups from a lander pass too: their lander's form has no room for it.
  await newMember(page, `e2e-network-${info.project.name}-${Date.now()}@example.com`, "Nina");
  await page.goto("/signup");
  const notNow = page.getByRole("button", { name: "Not now" });
  if (await notNow.isVisible()) await notNow.click();
  await expect(page.getByRole("heading", { name: "Add a photo" })).toBeVisible();
  await expect(page.getByText(line)).toBeVisible();
});

test("a member's own page is a preview: no like or chat, a way to edit (issue 29 point 4)", async ({ page }) => {
  await login(page, DEMO);
  await page.goto("/profile");
  await page.getByRole("link", { name: "See your profile as others see it" }).click();
  await expect(page).toHaveURL(/\/members\/\d+$/);
  await expect(page.getByText("This is your profile as other members see it.")).toBeVisible();
  await expect(page.getByRole("button", { name: /Like/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Start a conversation" })).toHaveCount(0);
  await page.getByRole("link", { name: "Edit profile" }).click();
  await expect(page).toHaveURL(/\/profile$/);
});
