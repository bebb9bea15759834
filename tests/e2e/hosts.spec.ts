/**
 * The chat hosts' workplace (issue 27; docs/product.md "Chat hosts"), with JavaScript on and off:
 * a new member writes to an entertainment profile (member 5) and pays for it; the demo host signs
 * in with password and TOTP code, finds the member in the queue, opens the conversation (a
 * lease), is refused a reply carrying a phone number (the text stays), and answers as the profile;
 * the member sees the profile typing and the reply live with JavaScript (after a reload without),
 * and pays nothing for it; with JavaScript the host's open queue shows the member's next message
 * without a reload.
 */
import type { Browser, Page, TestInfo } from "@playwright/test";
import { DEMO_STAFF } from "../../workers/api/seed/staff";
import { confirmAddress, expect, newMember, test } from "./support/fixtures";
import { staffSignsIn } from "./support/staff";

test.use({ extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.120" } });

/** The two demo hosts: the first site's (English, Dutch, German) and every site's; each project signs in as its own. */
const [SITE_HOST, PLATFORM_HOST] = DEMO_STAFF.filter((staff) => staff.role === "host");

/** A demo host, signed in, on the queue. */
function hostSignsIn(browser: Browser, info: TestInfo): Promise<Page> {
  const account = info.project.use.javaScriptEnabled !== false ? SITE_HOST! : PLATFORM_HOST!;
  return staffSignsIn(browser, info, account, (page) =>
    page.getByRole("heading", { level: 1, name: "Members waiting for an answer" }),
  );
}

test("a member writes to an entertainment profile, a host answers as it, the member sees the reply", async ({
  page,
  browser,
  checkA11y,
}, info) => {
  test.slow();
  const js = info.project.use.javaScriptEnabled !== false;
  const stamp = `${info.project.name}-${Date.now()}`;
  // A first name of letters only, unique to this run: the queue shows first names.
  const first = `Hal${stamp.slice(-6).replace(/\d/g, (d) => "abcdefghij"[Number(d)]!)}`;
  const email = `e2e-hosts-${stamp}@example.com`;
  await newMember(page, email, `${first} Tester`);
  await confirmAddress(page, email);

  // The member writes to member 5, an entertainment profile, and pays for it.
  await page.goto("/members/5/chat");
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  await page.getByLabel("Your message").fill("Hi! Do you like cycling?");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Hi! Do you like cycling?")).toBeVisible();
  // The chat says what a message costs and what the member has left: less than a new member's 50 now.
  const costs = page.getByText(/A message costs \d+ credits\. You have \d+\./);
  await expect(costs).not.toHaveText(/You have 50\./);
  const costLine = (await costs.textContent()) ?? "";
  expect(costLine).toMatch(/You have \d+\./);

  // The host finds the member in the queue and opens the conversation.
  const host = await hostSignsIn(browser, info);
  await checkA11y(host);
  // Without JavaScript the browser reloads the queue by itself (Refresh); a browser that ran the
  // page's script is not sent the header (the page updates itself).
  const loaded = await host.reload();
  expect(loaded?.headers().refresh).toBe(js ? undefined : "15");
  const answer = host.getByRole("button", { name: new RegExp(`^Answer – ${first},`) });
  await expect(answer).toBeVisible();
  await answer.click();
  await expect(host.getByRole("heading", { level: 1, name: new RegExp(`^${first} Tester and `) })).toBeVisible();
  await expect(host.getByText("Hi! Do you like cycling?")).toBeVisible();
  await expect(host.getByText(/Open by you for \d+ more minutes?/)).toBeVisible();
  // The member's public profile only: no email address anywhere on the page.
  expect(await host.content()).not.toContain(email);
  await checkA11y(host);

  // A phone number is refused with the reason, and the text stays.
  const refused = "Sure! Call me on 06 1234 5678";
  await host.getByLabel("Your reply").fill(refused);
  // With JavaScript the member's open chat shows the profile typing (no reload, nothing stored).
  if (js) await expect(page.getByText(/ is typing…$/)).toBeVisible();
  await host.getByRole("button", { name: "Send reply" }).click();
  await expect(host.getByText("Remove the phone number: replies may not carry contact details.")).toBeVisible();
  await expect(host.getByLabel("Your reply")).toHaveValue(refused);

  // The reply goes as the profile; the host is back at the queue, the member is no longer in it.
  const replyText = `I love cycling along the canals, ${first}! And you?`;
  await host.getByLabel("Your reply").fill(replyText);
  await host.getByRole("button", { name: "Send reply" }).click();
  await expect(host.getByText("Reply sent. Here is who waits next.")).toBeVisible();
  await expect(host.getByRole("button", { name: new RegExp(`^Answer – ${first},`) })).toHaveCount(0);

  // The member sees it: live with JavaScript, after a reload without. It cost them nothing.
  if (!js) await page.reload();
  await expect(page.getByText(replyText)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(costLine)).toBeVisible();

  // With JavaScript the open queue is live: the member writes again, and they are back in it without a reload.
  if (js) {
    await page.getByLabel("Your message").fill("Me too! Every Sunday.");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(host.getByRole("button", { name: new RegExp(`^Answer – ${first},`) })).toBeVisible({ timeout: 10_000 });
  }
  await host.context().close();
});
