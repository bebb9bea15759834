/**
 * Entertainment profiles managed in the staff console (issue 27; docs/product.md §15.6), with
 * JavaScript on and off: the demo site admin makes a profile (a date of birth under 18 is refused
 * and nothing typed is lost), adds a photo and persona notes; members see it marked as fictional;
 * retired, its page is gone for members; brought back, it is there again.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { DEMO_STAFF } from "../../workers/api/seed/staff";
import { expect, newMember, test } from "./support/fixtures";
import { staffSignsIn } from "./support/staff";

test.use({ extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.130" } });

const SITE_ADMIN = DEMO_STAFF.find((staff) => staff.email === "site-admin@example.com")!;
const PHOTO = readFileSync(path.join(import.meta.dirname, "../fixtures/images/red-blue.jpg"));

test("an admin makes an entertainment profile with a photo and notes, members see it, retiring hides it", async ({
  page,
  browser,
  checkA11y,
}, info) => {
  test.slow();
  const js = info.project.use.javaScriptEnabled !== false;
  const name = `Fenna${info.project.name === "js" ? "j" : "n"}${Date.now().toString(36).slice(-4)}`;
  const admin = await staffSignsIn(
    browser,
    info,
    SITE_ADMIN,
    (p) => p.getByRole("heading", { level: 1, name: "Queue" }),
    "198.51.100.131",
  );

  await admin.getByRole("link", { name: "Profiles" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Entertainment profiles" })).toBeVisible();
  await checkA11y(admin);
  await admin.getByRole("link", { name: "New profile" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "New entertainment profile" })).toBeVisible();

  // Too young: refused beside the field, and everything typed stays.
  await admin.getByRole("combobox", { name: /^Site/ }).selectOption({ label: "Amora" });
  await admin.getByLabel("Name", { exact: true }).fill(name);
  await admin.getByLabel("Gender").selectOption("female");
  await admin.getByLabel("Date of birth").fill("2015-04-02");
  await admin.getByLabel("Country (two-letter code, e.g. NL)").fill("NL");
  await admin.getByLabel("City", { exact: true }).fill("Haarlem");
  await admin.getByLabel("Language it writes in").selectOption("en");
  await admin.getByLabel("About me").fill("Cyclist, coffee lover, always up for a chat.");
  await admin.getByRole("button", { name: "Create profile" }).click();
  await expect(admin.getByText("Enter a real date of birth. You must be at least 18 years old.")).toBeVisible();
  await expect(admin.getByLabel("Name", { exact: true })).toHaveValue(name);
  await expect(admin.getByLabel("About me")).toHaveValue("Cyclist, coffee lover, always up for a chat.");

  await admin.getByLabel("Date of birth").fill("1994-04-02");
  await admin.getByRole("button", { name: "Create profile" }).click();
  await expect(admin.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(admin.getByText("Saved.")).toBeVisible();
  const id = new URL(admin.url()).pathname.split("/").pop()!;
  await checkA11y(admin);

  // A photo, through the members' photo pipeline; persona notes.
  await admin.getByLabel("Add a photo").setInputFiles({ name: "fenna.jpg", mimeType: "image/jpeg", buffer: PHOTO });
  await admin.getByRole("button", { name: "Upload photo" }).click();
  await expect(admin.getByRole("img", { name: new RegExp(`^Photo #\\d+ of ${name}$`) })).toBeVisible();
  await admin.getByRole("textbox", { name: "Persona notes" }).fill("Works in a bike shop. Has a cat called Mimi.");
  await admin.getByRole("button", { name: "Save notes" }).click();
  await expect(admin.getByText("Saved.")).toBeVisible();
  await expect(admin.getByRole("textbox", { name: "Persona notes" })).toHaveValue("Works in a bike shop. Has a cat called Mimi.");

  // Members see it, marked as an entertainment profile.
  await newMember(page, `e2e-ent-${info.project.name}-${Date.now()}@example.com`, `Ed ${name}`);
  await page.goto(`/members/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(name) })).toBeVisible();
  await expect(page.getByText(/Entertainment profile/).first()).toBeVisible();

  // Retired: its page is gone for members; brought back, it returns.
  await admin.getByRole("button", { name: "Retire profile" }).click();
  await expect(admin.getByText("This profile is retired: members no longer see it or write to it.")).toBeVisible();
  const gone = await page.goto(`/members/${id}`);
  expect(gone?.status()).toBe(404);
  await admin.getByRole("button", { name: "Bring back" }).click();
  await expect(admin.getByRole("button", { name: "Retire profile" })).toBeVisible();
  const back = await page.goto(`/members/${id}`);
  expect(back?.status()).toBe(200);
  if (!js) await expect(admin.getByRole("link", { name: "Profiles" })).toBeVisible();
  await admin.context().close();
});
