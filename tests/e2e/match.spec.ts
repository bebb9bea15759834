/**
 * The match moment (issue 29 point 3): a like back is a match, shown with both photos and the
 * names, "Write to …" with the composer ready and "Keep looking"; without JavaScript a page
 * after the like's post. Moved out of discover.spec.ts (files stay under 450 lines).
 */
import type { Page } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";
import { expect, login, test } from "./support/fixtures";

const ACCOUNTS = {
  anna: { email: "anna@example.com", password: "demo-password", name: "Anna", id: 1 },
  clara: { email: "clara@example.com", password: "demo-password", name: "Clara", id: 3 },
} as const;

test("a like back is a match: the match moment offers to write, with and without JavaScript", async ({
  browser,
  javaScriptEnabled,
  checkA11y,
}) => {
  // One test covers both modes (two browsers), so the js and no-js projects never race on this pair.
  test.skip(!javaScriptEnabled, "covers JavaScript on and off itself");
  test.slow();
  const { anna, clara } = ACCOUNTS;
  const ensureLike = async (page: Page, who: { id: number; name: string }, want: boolean) => {
    // goto waits for hydration, so the click is the like button's own (one lost in hydration would wait for nothing).
    await page.goto(`/members/${who.id}`);
    const button = page.getByRole("button", { name: new RegExp(`^Liked? ${who.name}$`) });
    if ((await button.getAttribute("aria-pressed")) !== String(want)) {
      await button.click();
      await expect(button).toHaveAttribute("aria-pressed", String(want));
      await expect(button).toHaveAttribute("aria-busy", "false");
    }
  };
  // Both members' photos (named in their text), both names, the heading and the two ways on.
  const expectMoment = async (page: Page) => {
    const moment = page.getByRole("dialog", { name: "It's a match!" });
    await expect(moment).toBeVisible();
    await expect(moment).toHaveAttribute("aria-modal", "true");
    await expect(moment).toContainText(`You and ${clara.name} like each other.`);
    await expect(moment.getByRole("img", { name: `Your photo (${anna.name})` })).toBeVisible();
    await expect(moment.getByRole("img", { name: `Photo of ${clara.name}` })).toBeVisible();
    await expect(moment.locator("figcaption")).toHaveText([anna.name, clara.name]);
    await expect(moment.getByRole("link", { name: `Write to ${clara.name}` })).toBeVisible();
    return moment;
  };
  const composer = (page: Page) => page.getByRole("textbox", { name: "Your message" });
  const theirs = await browser.newContext();
  const claraPage = await theirs.newPage();
  await login(claraPage, clara);
  await ensureLike(claraPage, anna, true);

  // With JavaScript: a dialog over the page, focus inside; Escape and "Keep looking" close it
  // and give focus back to the like button; "Write to …" opens the conversation, ready to type.
  const withScript = await browser.newContext();
  const page = await withScript.newPage();
  await login(page, anna);
  await ensureLike(page, clara, false);
  const like = page.getByRole("button", { name: new RegExp(`^Liked? ${clara.name}$`) });
  await like.click();
  let moment = await expectMoment(page);
  await expect(moment.getByRole("link", { name: `Write to ${clara.name}` })).toBeFocused();
  await shots(page, "match-js-classic");
  await checkA11y(page);
  await page.keyboard.press("Escape");
  await expect(moment).toHaveCount(0);
  await expect(like).toBeFocused();
  await expect(like).toHaveAttribute("aria-pressed", "true");
  await like.click();
  await expect(like).toHaveAttribute("aria-pressed", "false");
  await expect(like).toHaveAttribute("aria-busy", "false");
  await like.click();
  moment = await expectMoment(page);
  await moment.getByRole("button", { name: "Keep looking" }).click();
  await expect(moment).toHaveCount(0);
  await expect(like).toBeFocused();
  await ensureLike(page, clara, false);
  await like.click();
  moment = await expectMoment(page);
  await moment.getByRole("link", { name: `Write to ${clara.name}` }).click();
  await expect(page).toHaveURL(/\/chats\/\d+\?write$/);
  await expect(composer(page)).toBeFocused();
  await ensureLike(page, clara, false);

  // Without JavaScript: the like's post leads to a page with the same moment; "Keep looking" is
  // a link back to where the like was given, "Write to …" the conversation with the composer.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await login(plain, anna);
  await plain.goto(`/members/${clara.id}`);
  await plain.getByRole("button", { name: `Like ${clara.name}` }).click();
  await expect(plain).toHaveURL(new RegExp(`/members/${clara.id}\\?match=`));
  const matchPage = plain.url();
  await expectMoment(plain);
  await shots(plain, "match-nojs-classic");
  await plain.getByRole("link", { name: "Keep looking" }).click();
  await expect(plain).toHaveURL(new RegExp(`/members/${clara.id}$`));
  await expect(plain.getByText("It's a match!")).toHaveCount(0);
  await plain.goto(matchPage);
  await plain.getByRole("link", { name: `Write to ${clara.name}` }).click();
  await expect(plain).toHaveURL(/\/chats\/\d+\?write$/);
  await expect(composer(plain)).toHaveAttribute("autofocus", "");
  // From a list, "Keep looking" leads back to the list: Clara's like waits on /likes.
  await plain.goto(`/members/${clara.id}`);
  await plain.getByRole("button", { name: `Liked ${clara.name}` }).click();
  await expect(plain.getByRole("button", { name: `Like ${clara.name}` })).toBeVisible();
  await plain.goto("/likes");
  await plain.getByRole("button", { name: `Like ${clara.name}` }).click();
  await expect(plain).toHaveURL(new RegExp(`/members/${clara.id}\\?match=%2Flikes$`));
  await expectMoment(plain);
  await plain.getByRole("link", { name: "Keep looking" }).click();
  await expect(plain).toHaveURL(/\/likes$/);

  // The social template, both modes: the same moment in its look (the pictures are looked at).
  for (const context of [noScript, withScript]) {
    await context.addCookies([{ name: "design", value: "social", url: `http://localhost:${E2E_PORT}` }]);
  }
  await plain.goto(matchPage);
  await expectMoment(plain);
  await shots(plain, "match-nojs-social");
  // With JavaScript the server-drawn moment becomes a modal dialog once the page runs.
  await page.goto(matchPage, { waitUntil: "networkidle" });
  moment = await expectMoment(page);
  await expect(moment.getByRole("link", { name: `Write to ${clara.name}` })).toBeFocused();
  await shots(page, "match-js-social");
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(new RegExp(`/members/${clara.id}$`));
  await expect(page.getByText("It's a match!")).toHaveCount(0);

  await ensureLike(page, clara, false);
  await ensureLike(claraPage, anna, false);
  await Promise.all([theirs.close(), withScript.close(), noScript.close()]);
});

/** The moment at a phone's and a desktop's width, kept with the test's results to be looked at. */
async function shots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
  }
}
