/**
 * The search's extras (issue 29 point 2; ADR 062), with JavaScript on and off: behind "More
 * filters", a distance from the member's own city, the order (nearest first), recently active and
 * with a photo; the choices stay with the results and the pages after them.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, login, newMember, screenshotsAtBothWidths, test } from "./support/fixtures";

test.use({ extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.201" } });

/** The km each card shows, in the order shown ("Zaandam · 9 km" → 9). */
async function kmOnCards(page: Page): Promise<number[]> {
  // The results' own grid: similar profiles below it keep to no distance.
  const texts = await page.locator(".profile-grid").first().locator(".card-distance").allTextContents();
  return texts.map((text) => Number(text.replace(/[^\d]/g, "")));
}

async function choose(page: Page, js: boolean, act: (form: Locator) => Promise<void>) {
  const form = page.locator("form.search-form");
  const before = page.url();
  await act(form);
  if (!js) await form.getByRole("button", { name: "Search" }).click();
  await expect(page).not.toHaveURL(before);
  // Settled: the form is drawn anew with the results, and the next choice must be on the new one.
  if (js) await page.waitForLoadState("networkidle");
}

test("a member searches within a distance of their city, nearest first, and the choices stay", async ({
  page,
  checkA11y,
}, info) => {
  const js = info.project.use.javaScriptEnabled !== false;
  await login(page);
  await page.goto("/members");
  // Closed while nothing in it is chosen; a disclosure, so it opens without JavaScript too.
  const more = page.locator("details.more-filters");
  await expect(more).not.toHaveAttribute("open");
  await more.locator("summary").click();
  await choose(page, js, (form) =>
    form
      .getByLabel("Distance")
      .selectOption({ label: "Within 50 km" })
      .then(() => undefined),
  );
  await choose(page, js, (form) =>
    form
      .getByLabel("Sort by")
      .selectOption({ label: "Nearest first" })
      .then(() => undefined),
  );
  await expect(page).toHaveURL(/distance=50/);
  await expect(page).toHaveURL(/sort=nearest/);
  // Open and counted now that two extras are in use, with the choices kept.
  await expect(page.getByText("More filters (2)")).toBeVisible();
  await expect(page.getByLabel("Distance")).toHaveValue("50");
  await expect(page.getByLabel("Sort by")).toHaveValue("nearest");
  const km = await kmOnCards(page);
  expect(km.length).toBeGreaterThan(0);
  expect(km.every((d) => d <= 50)).toBe(true);
  expect(km).toEqual([...km].sort((a, b) => a - b));
  await checkA11y(page);
  if (js) await screenshotsAtBothWidths(page, info, "search-nearest");

  // With a photo and recently active: both kept, every card has a photo.
  await choose(page, js, (form) => form.getByLabel("With a photo").check());
  await expect(page).toHaveURL(/photo=1/);
  // Profiles only: an advertisement tile may wait for its picture.
  await expect(page.locator("article.profile-card:not(.tile) .card-no-photo")).toHaveCount(0);
  await expect(page.locator("article.profile-card:not(.tile)").first()).toBeVisible();
  await choose(page, js, (form) => form.getByLabel("Active in the last 24 hours").check());
  await expect(page).toHaveURL(/active=1/);
  await expect(page.getByLabel("Active in the last 24 hours")).toBeChecked();
  await expect(page.getByLabel("With a photo")).toBeChecked();
  await expect(page.getByText("More filters (4)")).toBeVisible();
});

test("a member whose city is not known is told how to search by distance", async ({ page, checkA11y }, info) => {
  const js = info.project.use.javaScriptEnabled !== false;
  const tag = `${js ? "j" : "n"}${Date.now().toString(36).slice(-6)}`;
  await newMember(page, `e2e-near-${tag}@example.com`, `Noa ${tag}`);
  // A place no list of cities knows: the distance cannot apply.
  await page.goto("/members?gender=&age=all&country=NL&region=0&distance=10&sort=nearest");
  await expect(page.getByText("To search by distance, we need your city.")).toBeVisible();
  await expect(page.getByLabel("Distance")).toBeDisabled();
  await expect(page.getByLabel("Sort by").locator("option")).toHaveText(["Newest members", "Recently active"]);
  await expect(page.getByRole("link", { name: "Add your city" })).toHaveAttribute("href", /part=location/);
  await checkA11y(page);
});
