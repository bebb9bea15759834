/**
 * Sign-up, end to end: from /signup through every step to an activated, logged-in member, with
 * JavaScript and without, clicking the activation link in the local development mailbox.
 */
import { E2E_PORT } from "../../playwright.config";
import type { Page } from "@playwright/test";
import { DEMO, expect, test } from "./support/fixtures";
import { fillAccount, freshEmail } from "./support/signup-form";

// Sign-ups are limited to 20 per IP an hour: this file signs up from its own address (nine sign-ups in each project; the press-timing tests use one each).
// Locally the app reads the visitor's IP from cf-connecting-ip.
test.use({ extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.141" } });

/** An 8×8 PNG (a colour gradient), small enough to keep in the test. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAaklEQVR4nAXB0QAAAAhDwZGMJJJIIhlJEO87ou6EhEWJFiMiVpyEjE2ZNmNi1pyFChdVdDFFii2uhBo31XQzTZptroUGDzX0MEOGHW6EgkOFDhMSNlyEFi+19DJLll1uhQ4fdfQxR4497h7WFWaB0n08RwAAAABJRU5ErkJggg==",
  "base64",
);

async function submitAccount(page: Page, javaScriptEnabled: boolean) {
  const submit = page.getByRole("button", { name: "Sign up for free" });
  // With JavaScript the button waits for the address check (docs/product.md §5).
  if (javaScriptEnabled) await expect(submit).toBeEnabled();
  await submit.click();
}

test("a photo picked before the page's script has run still uploads (issue 29 point 11)", async ({
  page,
  javaScriptEnabled,
}, info) => {
  test.skip(!javaScriptEnabled, "without JavaScript the form's own Upload button sends it");
  await fillAccount(page, { email: freshEmail(info.project.name), name: "Early", password: "a good password" });
  await submitAccount(page, true);
  // The push step comes first where the browser can do push: not now.
  const photoStep = page.getByRole("heading", { name: "Add a photo" });
  await expect(photoStep.or(page.getByRole("button", { name: "Not now" }))).toBeVisible();
  if (!(await photoStep.isVisible())) await page.getByRole("button", { name: "Not now" }).click();
  await expect(page.getByRole("heading", { name: "Add a photo" })).toBeVisible();

  // The next load of the photo step: its scripts are held back until the photo is picked.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/entry.client-*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/signup", { waitUntil: "commit" });
  await page
    .getByLabel("Choose a photo or drop it here")
    .setInputFiles({ name: "early.png", mimeType: "image/png", buffer: PNG });
  release();
  await expect(page.getByRole("list", { name: "Your photos" }).getByRole("img")).toHaveCount(1);
});

test(
  "a visitor signs up through every step and activates the account from the mailbox",
  { tag: "@push" },
  async ({ page, context, javaScriptEnabled }, info) => {
    test.slow();
    // Headless Chromium refuses notifications unless allowed; allowed, the browser can do push.
    await context.grantPermissions(["notifications"]);
    const email = freshEmail(info.project.name);
    await fillAccount(page, { email, name: "Robin", password: "a good password" });
    await submitAccount(page, javaScriptEnabled);

    // Step 1 is offered only where the browser can do push (with JavaScript).
    if (javaScriptEnabled) {
      await expect(page.getByRole("heading", { name: "Never miss a message" })).toBeVisible();
      await page.getByRole("button", { name: "Not now" }).click();
    }

    // Step 2: a photo. The progress moves at every step (issue 29 point 9).
    await expect(page.getByRole("heading", { name: "Add a photo" })).toBeVisible();
    await expect(page.getByRole("img", { name: "Step 3 of 6" })).toBeVisible();
    await page.getByLabel("Choose a photo or drop it here").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Upload photo" }).click();
    await expect(page.getByRole("list", { name: "Your photos" }).getByRole("img")).toHaveCount(1);
    // With a photo uploaded, going on is the step's primary button (issue 29 point 9).
    await expect(page.getByRole("button", { name: "Continue", exact: true })).toHaveClass(/^button$/);
    await page.getByRole("button", { name: "Continue", exact: true }).click();

    // Step 3: where the member lives.
    await expect(page.getByRole("heading", { name: "Where do you live?" })).toBeVisible();
    await expect(page.getByRole("img", { name: "Step 4 of 6" })).toBeVisible();
    await page.getByLabel("Country").selectOption("NL");
    await expect(page.getByLabel("Country")).toHaveValue("NL");
    await page.getByLabel("Region").selectOption({ label: "Utrecht" });
    await page.getByLabel("City").fill("Utrecht");
    await expect(page.getByLabel("Country")).toHaveValue("NL");
    await page.getByRole("button", { name: "Save my living area" }).click();

    // Step 4: personal info, with a date of birth that is not a date first.
    await expect(page.getByRole("heading", { name: "About you" })).toBeVisible();
    await page.getByLabel("A woman").check();
    // Whom she is interested in: her search starts with them (issue 16), not with "the other gender".
    await page.getByLabel("Women").check();
    await page.getByLabel("Day").selectOption("30");
    await page.getByLabel("Month").selectOption({ label: "February" });
    await page.getByLabel("Year").selectOption("1990");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Enter a real date of birth. You must be at least 18 years old.")).toBeVisible();
    await page.getByLabel("Day").selectOption("17");
    await page.getByRole("button", { name: "Save", exact: true }).click();

    // Step 5: about me; markup stays text.
    await expect(page.getByRole("heading", { name: "Tell something about yourself" })).toBeVisible();
    await page.getByLabel("About me").fill("<b>Hello</b> from Utrecht");
    await page.getByLabel("Music").check();
    await page.getByRole("button", { name: "Save", exact: true }).click();

    // Steps 6 and 7: the mail goes out, then the check-your-email page.
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(`We sent an activation link to ${email}.`)).toBeVisible();

    // A reload keeps the member where they were (the step lives on the server).
    await page.reload();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();

    // The local mailbox has the mail; its link activates the account.
    await page.goto("/_dev/mailbox");
    const mail = page.getByRole("article").filter({ hasText: email }).first();
    await expect(mail).toBeVisible();
    await mail.getByRole("link", { name: /activate\.php\?token=/ }).click();
    await expect(page).toHaveURL(/\/activate\/done$/);
    await expect(page.getByRole("heading", { name: "Your email address is confirmed" })).toBeVisible();

    // An active member who finished the flow goes home from /signup.
    await page.goto("/signup");
    await expect(page).toHaveURL(/\/home$/);
    await page.goto("/members/5");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Her search starts with women, and she can still look for anyone.
    await page.goto("/members");
    await expect(page.getByLabel("Looking for", { exact: true })).toHaveValue("female");
    await page.getByLabel("Looking for", { exact: true }).selectOption("male");
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/gender=male/);
    await expect(page.getByLabel("Looking for", { exact: true })).toHaveValue("male");
  },
);

test("step 3 fills in the place the device is at when the member asks", async ({ page, context, javaScriptEnabled }, info) => {
  test.skip(!javaScriptEnabled, "the device's position needs JavaScript");
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation({ latitude: 52.0907, longitude: 5.1214 });
  await fillAccount(page, { email: freshEmail(info.project.name), name: "Sam", password: "a good password" });
  await submitAccount(page, javaScriptEnabled);
  await expect(page.getByRole("heading", { name: "Add a photo" })).toBeVisible();
  await page.getByLabel("Choose a photo or drop it here").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByRole("list", { name: "Your photos" }).getByRole("img")).toHaveCount(1);
  await page.getByRole("button", { name: "Continue", exact: true }).click();

  await expect(page.getByRole("heading", { name: "Where do you live?" })).toBeVisible();
  // The device is asked only when the member presses the button (issue 29 point 10).
  await expect(page.getByLabel("City")).toHaveValue("");
  await page.getByRole("button", { name: "Use my location" }).click();
  await expect(page.getByLabel("Country")).toHaveValue("NL");
  await expect(page.getByLabel("City")).not.toHaveValue("");
  // The place data's attribution is a link, not a raw address.
  await expect(page.getByRole("link", { name: "Places from GeoNames" })).toHaveAttribute("href", "https://www.geonames.org/");
  await expect(page.getByText("https://www.geonames.org/")).toHaveCount(0);
});

test("a taken address and a name starting with @ get clear errors and keep what was typed", async ({
  page,
  javaScriptEnabled,
}) => {
  await fillAccount(page, { email: DEMO.email, name: "@anna", password: "whatever" });
  if (javaScriptEnabled) {
    // Checked as it is typed: the address is taken, the button stays blocked.
    await expect(page.getByText("There is already an account with this email address.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Log in with this address" })).toBeVisible();
    await page.getByLabel("Password").press("Tab");
    await expect(page.getByText('The name cannot start with "@".')).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign up for free" })).toBeDisabled();
    return;
  }
  await submitAccount(page, javaScriptEnabled);
  await expect(page.getByText('The name cannot start with "@".')).toBeVisible();
  await expect(page.getByLabel("Email address")).toHaveValue(DEMO.email);
  await page.getByLabel("Name").fill("Anna Two");
  await page.getByLabel("Password").fill("whatever");
  await submitAccount(page, javaScriptEnabled);
  await expect(page.getByText("There is already an account with this email address.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Log in with this address" })).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("Anna Two");
});

test("a mistyped mail domain is suggested and corrected", async ({ page, javaScriptEnabled }, info) => {
  const local = `e2e-typo-${info.project.name}-${Date.now()}`;
  // A typo the server does not correct by itself (it does for "hotmial.com"), so the suggestion stays.
  await fillAccount(page, { email: `${local}@hotmaill.com`, name: "Kim", password: "a good password" });
  if (javaScriptEnabled) {
    await page.getByRole("button", { name: `${local}@hotmail.com` }).click();
    await expect(page.getByLabel("Email address")).toHaveValue(`${local}@hotmail.com`);
    return;
  }
  await submitAccount(page, javaScriptEnabled);
  await expect(page.getByText("Did you mean")).toBeVisible();
  await page.getByRole("button", { name: `${local}@hotmail.com` }).click();
  await expect(page.getByLabel("Email address")).toHaveValue(`${local}@hotmail.com`);
});

test("sign-up on an invite-only site needs a traffic source", async ({ page, baseURL }) => {
  // The second demo site (Zilverhart) is the same server under 127.0.0.1.
  const zilverhart = new URL(baseURL ?? `http://localhost:${E2E_PORT}`);
  zilverhart.hostname = "127.0.0.1";
  await page.goto(new URL("/signup", zilverhart).href);
  await expect(
    page
      .getByRole("heading", { level: 1, name: "Zilverhart is by invitation only" })
      .or(page.getByRole("heading", { level: 1, name: /Zilverhart/ })),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: /Log in|Inloggen/ }).last()).toBeVisible();
  await page.goto(new URL("/signup?network=partner1", zilverhart).href);
  await expect(page.getByLabel(/Email address|E-mailadres/)).toBeVisible();
});

test(
  "the member sign-up lander warns about a fictional profile, ships no script and continues the flow",
  { tag: "@push" },
  async ({ page, javaScriptEnabled }, info) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto("/members/5/signup");
    await expect(page.getByRole("heading", { level: 1, name: /Sign up for free to meet/ })).toBeVisible();
    await expect(page.getByText(/is one of our entertainment profiles: a fictional profile/)).toBeVisible();
    expect(scripts).toEqual([]);

    await page.getByLabel("Email address").fill(freshEmail(`lander-${info.project.name}`));
    await page.getByLabel("Name").fill("Lou");
    await page.getByLabel("Password").fill("a good password");
    await page.getByRole("button", { name: "Sign up for free" }).click();
    // On to /signup. The lander ran no script, so the browser had not said whether it can do push:
    // with JavaScript the page asks it and then offers push (step 1); without, the photo (step 2).
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole("heading", { name: javaScriptEnabled ? "Never miss a message" : "Add a photo" })).toBeVisible();
  },
);

/** The messages shown beside the fields of a page's HTML (the error lists' items). */
function fieldMessages(html: string): string[] {
  return [...html.matchAll(/<ul[^>]*class="error-list"[^>]*>([\s\S]*?)<\/ul>/g)].flatMap((list) =>
    [...(list[1] ?? "").matchAll(/<li>([\s\S]*?)<\/li>/g)].map((item) => item[1] ?? ""),
  );
}

test("the name is required and the password needs 8 characters, one message per field (issue 16)", async ({
  page,
  javaScriptEnabled,
}, info) => {
  if (!javaScriptEnabled) {
    // The browser's own checks stop an empty form first; the server answers the same when asked.
    const answer = await page.request.post("/signup", {
      form: { intent: "create", email: "", name: "", password: "abc" },
      headers: { origin: `http://localhost:${E2E_PORT}` },
    });
    expect(answer.status()).toBe(400);
    expect(fieldMessages(await answer.text())).toEqual([
      "Enter your email address.",
      "Enter your name.",
      "This field should be at least 8 characters long",
    ]);
  }
  const email = freshEmail(info.project.name);
  await fillAccount(page, { email, name: "   ", password: "abc" });
  if (javaScriptEnabled) {
    // Checked as the fields are left; the button stays blocked while they show errors.
    await page.getByLabel("Name").focus();
    await page.getByLabel("Password").focus();
    await page.getByLabel("Password").press("Tab");
    await expect(page.getByRole("button", { name: "Sign up for free" })).toBeDisabled();
  } else {
    await submitAccount(page, javaScriptEnabled);
  }
  const name = page.getByRole("textbox", { name: "Name" });
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Enter your name.")).toHaveCount(1);
  await expect(page.getByText("This field should be at least 8 characters long")).toBeVisible();
  await expect(page.getByText("Value is not a valid email address")).toHaveCount(0);
  // Corrected, it goes through, and the name is the one typed (not the address's first part).
  await name.fill("Noor");
  await page.getByLabel("Password").fill("a good password");
  await submitAccount(page, javaScriptEnabled);
  await expect(page.getByRole("link", { name: "My profile (Noor)" })).toBeVisible();
});

test("the terms open in a dialog over the form (the form keeps what was typed); without JavaScript in a new tab", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/signup", { waitUntil: "networkidle" });
  await page.getByLabel("Name").fill("Tamsin");
  const terms = page.getByRole("link", { name: "terms of service" });
  if (!javaScriptEnabled) {
    await expect(terms).toHaveAttribute("target", "_blank");
    await expect(terms).toHaveAttribute("href", "/pages/terms");
    return;
  }
  await terms.click();
  const dialog = page.getByRole("dialog", { name: "Terms of service" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading").nth(1)).toBeVisible();
  // The terms' content (app/content/pages), with the company's parts put in.
  await expect(dialog.getByRole("heading", { name: "Who may join" })).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Anti-trafficking and no minors" })).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel("Name")).toHaveValue("Tamsin");
  // Opened again: the text fetched once is still there.
  await terms.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading").nth(1)).toBeVisible();
});
