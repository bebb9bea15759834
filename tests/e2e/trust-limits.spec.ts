/**
 * Limits that scale with trust (issue 30 point 3; ADR 056), with JavaScript on and off: a
 * throwaway address is refused at sign-up beside the field, what was typed kept; over the day's new
 * conversations (set to one in the console's Safety group of a brand made for the test, so no
 * other test's site changes), a first message is refused beside the composer with when new ones
 * may start, the text kept and nothing charged, while replies still go.
 */
import type { Page, TestInfo } from "@playwright/test";
import { DEMO_STAFF } from "../../workers/api/seed/staff";
import { DEMO, expect, newMember, signUp, test, memberIdOf, screenshotsAtBothWidths } from "./support/fixtures";
import { staffSignsIn } from "./support/staff";

// Sign-ups here come from their own IP (the API allows 20 an hour per IP).
test.use({ extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.180" } });

// The operator: a platform admin (only they make brands); its session is shared with other specs.
const OPERATOR = DEMO_STAFF.find((staff) => staff.email === "operator@example.com")!;

const screenshots = (page: Page, info: TestInfo, name: string) => screenshotsAtBothWidths(page, info, name);

test("a throwaway address is refused at sign-up beside the field, what was typed kept", async ({ page, checkA11y }, info) => {
  await page.goto("/signup");
  const email = `e2e-throwaway-${info.project.name}-${Date.now().toString(36)}@x.mailinator.com`;
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Name").fill("Tessa");
  await page.getByLabel("Password").fill("a good password");
  await page.getByRole("button", { name: "Sign up for free" }).click();
  await expect(page.getByText("This address belongs to a throwaway mail service.")).toBeVisible();
  const field = page.getByLabel("Email address");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  // In lower case: with JavaScript the address check writes a corrected address into the field,
  // which clears the field's error (upper case and subdomains: tests/api/trust-limits-email.test.ts).
  await expect(field).toHaveValue(email);
  await expect(page.getByLabel("Name")).toHaveValue("Tessa");
  await checkA11y();
  await screenshots(page, info, "signup-throwaway");

  // An ordinary address goes on.
  await field.fill(`e2e-limits-${info.project.name}-${Date.now().toString(36)}@gmail.com`);
  await page.getByLabel("Password").fill("a good password");
  await page.getByRole("button", { name: "Sign up for free" }).click();
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Sign up for free");
});

test("a throwaway address is refused at the mail change beside the field, what was typed kept", async ({
  page,
  checkA11y,
}, info) => {
  const stamp = `${info.project.name}-${Date.now().toString(36)}`;
  await newMember(page, `e2e-limits-mail-${stamp}@example.com`, "Robin", "robin password");
  await page.goto("/profile?part=account#email");
  const section = page.locator("#email");
  if (info.project.use.javaScriptEnabled !== false)
    await expect(section.locator("form").first()).toHaveAttribute("novalidate", "");
  const throwaway = `robin-${stamp}@guerrillamail.com`;
  await section.getByLabel("New email address").fill(throwaway);
  await section.getByLabel("Current password").fill("robin password");
  await section.getByRole("button", { name: "Send a confirmation link" }).click();
  await expect(section.getByText("This address belongs to a throwaway mail service.")).toBeVisible();
  await expect(section.getByLabel("New email address")).toHaveValue(throwaway);
  await expect(section.getByLabel("New email address")).toHaveAttribute("aria-invalid", "true");
  await checkA11y();
});

/** Opens the activation link of the member's mail in the development mailbox, in the browser. */
async function confirmInBrowser(page: Page, email: string) {
  let link: string | undefined;
  await expect(async () => {
    await page.goto("/_dev/mailbox");
    const mailbox = await page.content();
    const article = mailbox.split("<article").find((part) => part.includes(email) && part.includes("activate.php?token="));
    link = /href="([^"]*activate\.php\?token=[^"]*)"/.exec(article ?? "")?.[1]?.replaceAll("&amp;", "&");
    expect(link, `an activation mail to ${email}`).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  await page.goto(link!);
  await expect(page).toHaveURL(/\/activate\/done/);
}

async function send(page: Page, text: string) {
  await page.getByLabel("Your message").fill(text);
  await page.getByRole("button", { name: "Send" }).click();
}

test("over the day's new conversations a first message is refused with when new ones may start; replies still go", async ({
  browser,
  checkA11y,
}, info) => {
  test.slow();
  const js = info.project.use.javaScriptEnabled !== false;
  const tag = `${js ? "j" : "n"}${Date.now().toString(36).slice(-5)}`;
  const host = `limits-${tag}.localhost`;
  const port = new URL(info.project.use.baseURL ?? "").port;

  // A brand of its own (a copy of the default site), its limit set to one in the Safety group.
  const admin = await staffSignsIn(
    browser,
    info,
    OPERATOR,
    (p) => p.getByRole("heading", { level: 1, name: "Queue" }),
    "198.51.100.181",
  );
  await admin.goto("/staff/sites");
  const brandName = `Limits ${tag}`;
  await admin.getByLabel("Site name").fill(brandName);
  await admin.getByLabel("Host").fill(host);
  await admin.getByLabel("Domain").fill(host);
  await admin.getByRole("button", { name: "Create the site" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: brandName })).toBeVisible();
  const safety = admin.locator("#safety");
  const perDay = safety.getByLabel("New conversations a member may start a day");
  await expect(perDay).toHaveValue("30");
  await expect(safety.getByLabel("New conversations a verified member may start a day")).toHaveValue("60");
  // None a day is not a limit the console takes: refused beside the field, the value kept.
  await perDay.fill("0");
  await safety.getByRole("button", { name: "Save Safety" }).click();
  await expect(admin.locator("#safety").getByLabel("New conversations a member may start a day")).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await expect(admin.locator("#safety").getByLabel("New conversations a member may start a day")).toHaveValue("0");
  await admin.locator("#safety").getByLabel("New conversations a member may start a day").fill("1");
  await admin.locator("#safety").getByRole("button", { name: "Save Safety" }).click();
  await expect(admin.getByRole("status")).toContainText("Saved.");
  await checkA11y(admin);
  if (js) {
    for (const width of [390, 1280]) {
      await admin.setViewportSize({ width, height: 800 });
      await admin.locator("#safety").screenshot({ path: info.outputPath(`console-safety-${width}.png`) });
    }
  }

  try {
    const [ben, anna] = [
      await memberIdOf(browser, { email: "ben@example.com", password: "demo-password" }),
      await memberIdOf(browser, DEMO),
    ];

    // A new member of the brand.
    const context = await browser.newContext({
      baseURL: `http://${host}:${port}`,
      javaScriptEnabled: js,
      userAgent: info.project.use.userAgent,
      locale: "en-US",
      serviceWorkers: "block",
      extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.182" },
    });
    const page = await context.newPage();
    const email = `e2e-limits-${tag}@example.com`;
    // In the browser: the test runner's own requests cannot resolve *.localhost (browsers do).
    await signUp(page, email, `Lina ${tag.slice(-4)}`);
    await confirmInBrowser(page, email);

    // The first new conversation of the day goes.
    await page.goto(`/members/${ben}/chat`);
    await expect(page).toHaveURL(/\/chats\/\d+$/);
    const withBen = page.url();
    await send(page, `Hello Ben, nice profile! ${tag}`);
    await expect(page.getByRole("log", { name: "Messages" }).getByText(`Hello Ben, nice profile! ${tag}`)).toBeVisible();

    // The second is refused: when new ones may start (the end of the UTC day; this member's zone is UTC).
    await page.goto(`/members/${anna}/chat`);
    await expect(page).toHaveURL(/\/chats\/\d+$/);
    const costLine = page.getByText(/A message costs \d+ credits\. You have (\d+)\./);
    const before = await costLine.textContent();
    const typed = `Hi Anna, you seem fun ${tag}`;
    await send(page, typed);
    await expect(
      page.getByText(
        /Not sent: you have reached today's limit of new conversations \(1\)\. You can start new ones from \w+, 12:00\sAM UTC; replying in your conversations is always possible\./,
      ),
    ).toBeVisible();
    await expect(page.getByLabel("Your message")).toHaveValue(typed);
    await expect(page.getByLabel("Your message")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("log", { name: "Messages" }).getByText(typed)).toHaveCount(0);
    await expect(costLine).toHaveText(before ?? "");
    await checkA11y(page);
    await screenshots(page, info, "chat-new-conversations-limit");

    // A reply in the conversation already started still goes.
    await page.goto(withBen);
    await send(page, `Are you around this weekend? ${tag}`);
    await expect(page.getByRole("log", { name: "Messages" }).getByText(`Are you around this weekend? ${tag}`)).toBeVisible();
    await context.close();
  } finally {
    // The brand shares the copied site's countries, so it lists among the sites that show Amora's
    // members (the sign-up's note): a country no demo site serves takes it out of sight again.
    await admin.locator("#identity").getByLabel("Countries").fill("JP");
    await admin.locator("#identity").getByRole("button", { name: "Save Identity" }).click();
    await expect(admin.getByRole("status")).toContainText("Saved.");
  }
});
