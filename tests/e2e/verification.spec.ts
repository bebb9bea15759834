/**
 * Photo verification (issue 30 point 1; ADR 059), with JavaScript on and off: a member with a
 * photo asks to be verified, is shown a pose and uploads a photo in it with the file input (the
 * camera is an extra of the JavaScript page); the site's moderator sees the selfie beside the
 * profile photos, refuses without a reason (told to choose one), then with one; the member sees
 * the reason, asks again (a new pose, a new upload), the moderator approves, and the badge shows
 * on the member's page.
 */
import { readFileSync } from "node:fs";
import type { Page, TestInfo } from "@playwright/test";
import { DEMO_STAFF } from "../../workers/api/seed/staff";
import { confirmAddress, expect, memberIdOf, newMember, test, screenshotsAtBothWidths } from "./support/fixtures";
import { staffSignsIn } from "./support/staff";

test.use({ extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.195" } });

const MODERATOR = DEMO_STAFF.find((staff) => staff.name === "Mira Moderator")!;
const SELFIE = readFileSync(new URL("../fixtures/images/red-blue.jpg", import.meta.url));
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAaklEQVR4nAXB0QAAAAhDwZGMJJJIIhlJEO87ou6EhEWJFiMiVpyEjE2ZNmNi1pyFChdVdDFFii2uhBo31XQzTZptroUGDzX0MEOGHW6EgkOFDhMSNlyEFi+19DJLll1uhQ4fdfQxR4497h7WFWaB0n08RwAAAABJRU5ErkJggg==",
  "base64",
);

const screenshots = (page: Page, info: TestInfo, name: string) =>
  screenshotsAtBothWidths(page, info, name, { fullPage: true, withoutJavaScriptToo: true });

async function sendSelfie(page: Page, js: boolean) {
  await expect(page.getByRole("heading", { level: 1, name: "Photo verification" })).toBeVisible();
  await expect(page.getByText("Copy this pose")).toBeVisible();
  if (js) await expect(page.getByRole("button", { name: "Use the camera" })).toBeVisible();
  await page
    .getByLabel("Photo of you in this pose")
    .setInputFiles({ name: "selfie.jpg", mimeType: "image/jpeg", buffer: SELFIE });
  await page.getByRole("button", { name: "Send the selfie" }).click();
  await expect(page.getByText(/^Your selfie waits for a moderator\./)).toBeVisible();
}

test("a member is verified by the site's moderator after a refusal with a reason", async ({ browser, page, checkA11y }, info) => {
  test.slow();
  const js = info.project.use.javaScriptEnabled !== false;
  const tag = `${js ? "j" : "n"}${Date.now().toString(36).slice(-6)}`;
  const name = `Vera ${tag}`;
  await newMember(page, `e2e-verify-${tag}@example.com`, name);

  // A profile photo first: the selfie is compared with it.
  await page.goto("/profile?part=photos", { waitUntil: js ? "networkidle" : "load" });
  await page
    .locator("#photos")
    .getByLabel("Choose a photo or drop it here")
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
  if (!js) await page.getByRole("button", { name: "Upload photo" }).click();
  await expect(page.getByRole("list", { name: "Your photos" }).getByRole("listitem")).toHaveCount(1);
  // The overview of /profile leads there.
  await page.goto("/profile");
  await page.getByRole("link", { name: /^Photo verification/ }).click();
  await expect(page.getByText("You are not verified yet.")).toBeVisible();
  await checkA11y(page);
  await page.getByRole("button", { name: "Ask to be verified" }).click();
  if (js) await page.waitForLoadState("networkidle");
  const firstPose = await page.locator(".pose-shown strong").textContent();
  await checkA11y(page);
  if (js) await screenshots(page, info, "member-pose");
  await sendSelfie(page, js);

  // The moderator of the member's site: the selfie beside the profile photos.
  const staff = await staffSignsIn(
    browser,
    info,
    MODERATOR,
    (p) => p.getByRole("heading", { level: 1, name: "Queue" }),
    "198.51.100.196",
  );
  await staff.goto("/staff/verifications");
  const request = staff.getByRole("region", { name: new RegExp(name) });
  await expect(request.getByRole("img", { name: `Selfie of ${name}` })).toBeVisible();
  await expect(request.getByRole("img", { name: `Profile photo of ${name}` })).toBeVisible();
  await expect(request.getByText(firstPose ?? "")).toBeVisible();
  await checkA11y(staff);
  if (js) await screenshots(staff, info, "staff-verification");
  // Refuse needs a reason, told beside the field.
  await request.getByRole("button", { name: "Refuse" }).click();
  await expect(
    staff.getByRole("region", { name: new RegExp(name) }).getByText("Choose the reason the member will see."),
  ).toBeVisible();
  const again = staff.getByRole("region", { name: new RegExp(name) });
  await again.getByLabel("Reason for refusing (the member sees it)").selectOption("wrong_pose");
  await again.getByLabel("Note to the member (optional)").fill("Raise your hand higher, please.");
  await again.getByRole("button", { name: "Refuse" }).click();
  await expect(staff.getByRole("status")).toHaveText("Decision saved.");
  await expect(staff.getByRole("region", { name: new RegExp(name) })).toHaveCount(0);

  // The member: the reason and the note, then a new pose and a new upload.
  await page.goto("/notifications");
  await page.getByRole("link", { name: /^Your verification selfie was not accepted\./ }).click();
  await expect(page.getByText("Your selfie was not accepted.")).toBeVisible();
  await expect(page.getByText("Reason: The selfie does not show the pose asked for.")).toBeVisible();
  await expect(page.getByText("The moderator’s note: Raise your hand higher, please.")).toBeVisible();
  await checkA11y(page);
  if (js) await screenshots(page, info, "member-refused");
  await page.getByRole("button", { name: "Ask again with a new pose" }).click();
  await expect(page.locator(".pose-shown strong")).not.toHaveText(firstPose ?? "");
  await sendSelfie(page, js);

  // Approved: the badge on the member's page.
  await staff.goto("/staff/verifications");
  await staff
    .getByRole("region", { name: new RegExp(name) })
    .getByRole("button", { name: "Approve" })
    .click();
  await expect(staff.getByRole("status")).toHaveText("Decision saved.");
  await page.goto("/profile/verification");
  await expect(page.getByText(/You are verified: your profile/)).toBeVisible();
  await page.goto("/profile");
  await page.getByRole("link", { name: "See your profile as others see it" }).click();
  await expect(page.getByText("Photos verified by a moderator")).toBeAttached();
  await expect(page.locator(".badge.verified")).toBeVisible();
  if (js) await screenshots(page, info, "member-badge");
});

test("the search has a 'Verified members only' choice that stays with the results", async ({ page, checkA11y }, info) => {
  const js = info.project.use.javaScriptEnabled !== false;
  const tag = `${js ? "j" : "n"}${Date.now().toString(36).slice(-6)}`;
  await newMember(page, `e2e-verify-search-${tag}@example.com`, `Sam ${tag}`);
  await page.goto("/members");
  // Among "More filters" (ADR 062), open once a choice there is in use.
  await page.locator("details.more-filters > summary").click();
  await page.getByLabel("Verified members only").check();
  if (!js) await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/verified=1/);
  await expect(page.getByLabel("Verified members only")).toBeChecked();
  await checkA11y(page);
  if (js) await screenshots(page, info, "search-verified");
});

test("'only verified members can write to me' refuses an unverified member's first message beside the composer", async ({
  browser,
  page,
  checkA11y,
}, info) => {
  test.slow();
  const js = info.project.use.javaScriptEnabled !== false;
  const tag = `${js ? "j" : "n"}${Date.now().toString(36).slice(-6)}`;
  // The member who takes first messages from verified members only.
  const context = await browser.newContext({
    baseURL: info.project.use.baseURL,
    javaScriptEnabled: js,
    serviceWorkers: "block",
    extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.197" },
  });
  const wary = await context.newPage();
  const waryEmail = `e2e-verify-wary-${tag}@example.com`;
  await newMember(wary, waryEmail, `Wanda ${tag}`);
  await confirmAddress(wary, waryEmail);
  await wary.goto("/profile/verification", { waitUntil: js ? "networkidle" : "load" });
  await wary.getByRole("checkbox", { name: "Only verified members can write to me" }).check();
  // Wait for the post's answer: a reload right after the click would cancel it.
  const saved = wary.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/profile/verification"),
  );
  await wary.getByRole("button", { name: "Save" }).click();
  await saved;
  await wary.reload();
  await expect(wary.getByRole("checkbox", { name: "Only verified members can write to me" })).toBeChecked();
  // The same choice in /profile's privacy part.
  await wary.goto("/profile?part=privacy");
  await expect(
    wary.locator("#visibility").getByRole("checkbox", { name: "Only verified members can write to me" }),
  ).toBeChecked();
  const waryId = await memberIdOf(browser, { email: waryEmail, password: "a good password" });
  await context.close();

  // An unverified member writes first: not sent, told why beside the composer, the text kept.
  const writerEmail = `e2e-verify-writer-${tag}@example.com`;
  await newMember(page, writerEmail, `Walt ${tag}`);
  await confirmAddress(page, writerEmail);
  await page.goto(`/members/${waryId}/chat`);
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  const typed = `Hello Wanda ${tag}`;
  await page.getByLabel("Your message").fill(typed);
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText(/^Not sent: this member takes first messages from verified members only\./)).toBeVisible();
  await expect(page.getByLabel("Your message")).toHaveValue(typed);
  await checkA11y(page);
});
