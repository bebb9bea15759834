/**
 * Trust and safety (issue 15; docs/product.md "Trust and safety"), with JavaScript on and off:
 * a new member reports another from their page, blocks them from the confirmation, no longer
 * finds them in search (their page is gone too), and unblocks them in /profile; a visitor files
 * a notice at /complaints, is told when what it names does not exist, and gets a reference that
 * the acknowledgement mail (the development mailbox) repeats.
 */
import { expect, newMember, test } from "./support/fixtures";

// New members here sign up from their own visitor IP (the API allows 20 sign-ups per IP an hour).
test.use({ extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.90" } });

const SEARCH = "/members?gender=&age=all&country=GB&region=0";

test("a member reports another, blocks them, no longer finds them, and unblocks them in the profile", async ({ page }, info) => {
  test.slow();
  const stamp = `${info.project.name}-${Date.now()}`;
  await newMember(page, `e2e-safety-${stamp}@example.com`, `Sam ${stamp.slice(-5)}`);

  await page.goto(SEARCH, { waitUntil: "networkidle" });
  const first = page.locator("main > .profile-grid .profile-card").first();
  const id = (await first.getAttribute("aria-labelledby"))?.replace("card-", "");
  expect(id).toMatch(/^\d+$/);
  const cards = (memberId: string) => page.locator(`main .profile-card[aria-labelledby="card-${memberId}"]`);

  // The member's page offers to report; the report form refuses a missing reason.
  await page.goto(`/members/${id}`, { waitUntil: "networkidle" });
  const name = (await page.getByRole("heading", { level: 1 }).textContent())?.split(",")[0]?.trim() ?? "";
  expect(name).not.toBe("");
  await page.getByRole("link", { name: `Report ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/members/${id}/report$`));
  await expect(page.getByRole("heading", { level: 1, name: `Report ${name}` })).toBeVisible();
  if (info.project.use.javaScriptEnabled !== false) {
    await page.getByRole("button", { name: "Send report" }).click();
    await expect(page.getByText("Choose a reason.")).toBeVisible();
    await expect(page.getByLabel("Reason")).toBeFocused();
  }
  await page.getByLabel("Reason").selectOption("fake_profile");
  await page.getByLabel("What happened?").fill("<b>Stolen</b> photos & a fake name");
  await page.getByRole("button", { name: "Send report" }).click();

  // The confirmation: a reference, and the offer to block too.
  await expect(page).toHaveURL(/\/report\?reference=R-[0-9A-Z]{8}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Report received" })).toBeVisible();
  const reference = new URL(page.url()).searchParams.get("reference")!;
  await expect(page.locator(".case-reference")).toHaveText(reference);
  await page.getByRole("button", { name: `Block ${name}` }).click();

  // Gone from the search, and their page is not there for the blocker.
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByText("Blocked. You no longer see each other.")).toBeVisible();
  await page.goto(SEARCH);
  await expect(page.locator("main > .profile-grid .profile-card").first()).toBeVisible();
  await expect(cards(id!)).toHaveCount(0);
  const gone = await page.goto(`/members/${id}`);
  expect(gone?.status()).toBe(404);

  // The profile lists them, and unblocks them.
  await page.goto("/profile?part=privacy#blocked", { waitUntil: "networkidle" });
  const blocked = page.locator("#blocked");
  await expect(blocked.getByRole("heading", { name: "Blocked members" })).toBeVisible();
  await expect(blocked.locator("strong", { hasText: name })).toBeVisible();
  await blocked.getByRole("button", { name: `Unblock ${name}` }).click();
  await expect(page.getByText("Unblocked.")).toBeVisible();
  await expect(page.locator("#blocked").getByText("You have not blocked anyone.")).toBeVisible();
  await page.goto(SEARCH);
  await expect(cards(id!)).toHaveCount(1);
});

test("a visitor files a notice at /complaints and gets a reference, by mail too", async ({ page }, info) => {
  const email = `notifier-${info.project.name}-${Date.now()}@example.com`;
  await page.goto("/members/2", { waitUntil: "networkidle" });
  await page.getByRole("link", { name: "Report illegal content" }).click();
  await expect(page).toHaveURL(/\/complaints\?subject=%2Fmembers%2F2$/);
  await expect(page.getByRole("heading", { level: 1, name: "Report illegal content" })).toBeVisible();
  await expect(page.getByLabel("Address (URL) or member number")).toHaveValue("/members/2");

  if (info.project.use.javaScriptEnabled !== false) {
    // Checked in the browser first: no reason, no explanation, no statement.
    await page.getByRole("button", { name: "Send notice" }).click();
    await expect(page.getByText("Please confirm this statement to send the notice.")).toBeVisible();
    await expect(page.getByText("Choose a reason.")).toBeVisible();
    await expect(page.getByText("Explain what is wrong.")).toBeVisible();
    // The first field in error, in the form's order, has the focus.
    await expect(page.getByLabel("Why?")).toBeFocused();
  }
  // Something that does not exist: a clear message beside the field, and what was typed stays.
  await page.getByLabel("Address (URL) or member number").fill("/members/999999999");
  await page.getByLabel("Why?").selectOption("fraud");
  await page.getByLabel("Explain why").fill("Asks for money <script>alert(1)</script>");
  await page.getByLabel("Your name").fill("Nora");
  await page.getByLabel("Your email address").fill(email);
  await page.getByLabel(/I confirm in good faith/).check();
  await page.getByRole("button", { name: "Send notice" }).click();
  await expect(page.getByText("We could not find this on our site.")).toBeVisible();
  await expect(page.getByLabel("Your name")).toHaveValue("Nora");
  await expect(page.getByLabel("Explain why")).toHaveValue("Asks for money <script>alert(1)</script>");

  await page.getByLabel("Address (URL) or member number").fill("/members/2");
  await page.getByLabel(/I confirm in good faith/).check();
  await page.getByRole("button", { name: "Send notice" }).click();
  await expect(page).toHaveURL(/\/complaints\?reference=N-[0-9A-Z]{8}&mailed=1$/);
  await expect(page.getByRole("heading", { level: 1, name: "Notice received" })).toBeVisible();
  const reference = new URL(page.url()).searchParams.get("reference")!;
  await expect(page.locator(".case-reference")).toHaveText(reference);
  await expect(page.getByText("We sent a confirmation")).toBeVisible();

  await page.goto("/_dev/mailbox");
  await expect(page.getByText(`We received your notice (${reference})`).first()).toBeVisible();
});

test("from a chat: report (the conversation attached) and block; the chat then takes no messages", async ({ page }, info) => {
  test.slow();
  const stamp = `${info.project.name}-${Date.now()}`;
  await newMember(page, `e2e-safety-chat-${stamp}@example.com`, `Cas ${stamp.slice(-5)}`);
  await page.goto("/members/3/chat", { waitUntil: "networkidle" });
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  const chat = page.url();
  // The top bar's menu is a disclosure: it opens without JavaScript too.
  await page.locator("summary", { hasText: "More options" }).click();
  await page.getByRole("link", { name: /^Report / }).click();
  await expect(page).toHaveURL(/\/members\/3\/report\?chat=\d+$/);
  await expect(page.getByText(/conversation with .* is attached/)).toBeVisible();
  await page.getByLabel("Reason").selectOption("harassment");
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page).toHaveURL(/\/report\?reference=R-[0-9A-Z]{8}$/);
  await page.getByRole("button", { name: /^Block / }).click();
  await expect(page).toHaveURL(/\/members$/);

  await page.goto(chat);
  await expect(page.getByText("You can no longer message each other.")).toBeVisible();
  await expect(page.getByLabel("Your message")).toHaveCount(0);
  await page.goto("/chats");
  await expect(page.locator(`main a[href="${new URL(chat).pathname}"]`)).toHaveCount(0);
});
