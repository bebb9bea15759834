/**
 * /pages/cookies is generated from one list (contract/storage-inventory.ts). This compares that
 * list with what a real browser session stores: a visitor from a partner's link who changes the
 * language, signs up, starts a chat and types in it. Every cookie and storage key the browser
 * ends up with must be on the list, and the page must show every entry of the list.
 */
import { listedItem, STORAGE_INVENTORY, type StorageKind } from "../../contract/storage-inventory";
import { answerPartnerQuestion, expect, signUp, test } from "./support/fixtures";

test.use({ extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.80" } });

test("the page lists every stored item, and says which are not strictly necessary", async ({ page }) => {
  await page.goto("/pages/cookies");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cookies and storage");
  for (const item of STORAGE_INVENTORY) {
    const row = page.locator(`table[data-kind="${item.kind}"] tr[data-name="${item.name}"]`);
    await expect(row, `${item.kind} ${item.name}`).toHaveCount(1);
    await expect(row.locator("td").last()).toHaveText(item.necessary ? "Yes" : "No");
  }
  const cookies = page.locator('table[data-kind="cookie"]');
  await expect(cookies.locator('tr[data-name="sid"]')).toContainText("30 days");
  await expect(cookies.locator('tr[data-name="lng"]')).toContainText("1 year");
  await expect(page.getByText("Not strictly necessary: tracking", { exact: false })).toBeVisible();
});

test("what a real session stores is all on the list", async ({ page, context }, info) => {
  test.slow();
  const js = info.project.use.javaScriptEnabled !== false;
  const stamp = `${info.project.name}-${Date.now()}`;
  // From a partner's link (the tracking cookie), in another language and back (the language cookie).
  await page.goto("/?network=e2e-partner&sub1=cookies", { waitUntil: "networkidle" });
  await answerPartnerQuestion(page, "Allow");
  await page.locator("footer").getByLabel("Language").selectOption("de");
  await page.locator("footer").getByRole("button", { name: "Change language" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await page.locator("footer").getByLabel("Sprache").selectOption("en");
  await page.locator("footer").getByRole("button", { name: "Sprache ändern" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  // Sign up (the session), then a chat with the first member found, typing without sending (a draft).
  await signUp(page, `e2e-cookies-${stamp}@example.com`, "Cookie");
  await page.goto("/members");
  const profile = await page.locator('a[href^="/members/"]').first().getAttribute("href");
  const memberId = profile?.match(/^\/members\/(\d+)/)?.[1];
  expect(memberId).toBeTruthy();
  await page.goto(`/members/${memberId}/chat`, { waitUntil: "networkidle" });
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  await page.getByLabel("Your message").fill("A draft that stays on this device");
  await page.goto("/pages/cookies", { waitUntil: "networkidle" });

  const found: { kind: StorageKind; name: string }[] = (await context.cookies()).map((c) => ({
    kind: "cookie" as const,
    name: c.name,
  }));
  if (js) {
    const keys = await page.evaluate(() => ({ local: Object.keys(localStorage), session: Object.keys(sessionStorage) }));
    found.push(...keys.local.map((name) => ({ kind: "localStorage" as const, name })));
    found.push(...keys.session.map((name) => ({ kind: "sessionStorage" as const, name })));
  }
  const unlisted = found.filter(({ kind, name }) => !listedItem(kind, name));
  expect(unlisted, "stored by the product but not on the list of contract/storage-inventory.ts").toEqual([]);

  // What this session must have stored, so the comparison compared something.
  const names = found.map(({ kind, name }) => `${kind}:${name}`);
  expect(names).toEqual(expect.arrayContaining(["cookie:sid", "cookie:lng", "cookie:tracking", "cookie:consent"]));
  if (js) {
    expect(names).toEqual(expect.arrayContaining(["localStorage:tracking"]));
    expect(names.some((name) => name.startsWith("localStorage:chat-draft:"))).toBe(true);
  }
});
