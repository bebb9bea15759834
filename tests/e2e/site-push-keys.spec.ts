/**
 * Push keys in the console (issue 28 point 1; docs/product.md §16.2, ADR 052), with JavaScript on
 * and off: a site with a key asks before replacing it, a save by someone else meanwhile is caught,
 * the new private key is shown once with where it goes, the public key becomes the site's push
 * key, and the page says whether the API worker holds the private key.
 */
import { DEMO_STAFF } from "../../workers/api/seed/staff";
import { expect, test } from "./support/fixtures";
import { staffSignsIn } from "./support/staff";

test.use({ extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.150" } });

const ADMIN = DEMO_STAFF.find((staff) => staff.email === "operator@example.com")!;

test("an admin generates a site's VAPID pair: confirmed first, shown once, saved as push_pub", async ({
  browser,
  checkA11y,
}, info) => {
  test.slow();
  const tag = `${info.project.name === "js" ? "j" : "n"}${Date.now().toString(36).slice(-5)}`;
  const host = `push-${tag}.localhost`;
  const name = `Push ${tag}`;
  const admin = await staffSignsIn(
    browser,
    info,
    ADMIN,
    (p) => p.getByRole("heading", { level: 1, name: "Queue" }),
    "198.51.100.151",
  );

  // A brand of its own (a copy of Amora with the demo key, which signs on loopback hosts).
  await admin.goto("/staff/sites");
  await admin.getByLabel("Site name").fill(name);
  await admin.getByLabel("Host").fill(host);
  await admin.getByLabel("Domain").fill(host);
  await admin.getByLabel("Countries").fill("jp");
  await admin.getByRole("button", { name: "Create the site" }).click();
  await expect(admin.getByRole("heading", { level: 1, name })).toBeVisible();
  const sitePage = admin.url().replace(/[?#].*$/, "");

  const push = admin.locator("#push");
  const oldKey = await push.getByLabel("Public VAPID key").inputValue();
  expect(oldKey).not.toBe("");
  await expect(push).toContainText(`Private key for ${host} on the API worker: yes`);

  // The site has a key: the button asks first, with the warning.
  await push.getByRole("link", { name: "Generate a new key pair" }).click();
  await expect(push.getByRole("heading", { name: "Replace this site's push key?" })).toBeVisible();
  await expect(push).toContainText("existing push subscriptions stop working");
  await checkA11y(admin);

  // Someone saves the site meanwhile (another tab): replacing over the old version is refused.
  const other = await admin.context().newPage();
  await other.goto(sitePage);
  await other.locator("#push").getByRole("button", { name: "Save Push messages" }).click();
  await expect(other.getByRole("status")).toContainText("Saved.");
  await other.close();

  await push.getByRole("button", { name: "Replace the key" }).click();
  await expect(admin.locator("#push").getByRole("alert")).toContainText("Someone saved this site's settings meanwhile");
  await expect(admin.locator("#push").getByLabel("Public VAPID key")).toHaveValue(oldKey);

  // Confirmed again over the current version: the answer page with the private key, this once.
  await admin.locator("#push").getByRole("button", { name: "Replace the key" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: `New push key for ${name}` })).toBeVisible();
  const privateKey = await admin.getByLabel(`Private key for ${host}`).inputValue();
  expect(privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await expect(admin.getByText(`"${host}": "${privateKey}"`)).toBeVisible();
  await expect(admin.getByText("npx wrangler secret put VAPID_PRIVATE_KEYS -c workers/api/wrangler.jsonc")).toBeVisible();
  await expect(admin.getByText("The old key no longer works")).toBeVisible();
  const publicKey = (await admin.locator(".site-push-answer pre").last().textContent())?.trim() ?? "";
  expect(publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
  await checkA11y(admin);

  // Back on the settings: the new public key is the site's, the worker holds no private key for
  // it yet, and the private key is nowhere on the page.
  await admin.getByRole("link", { name: "Back to the site's settings" }).click();
  await expect(admin.locator("#push").getByLabel("Public VAPID key")).toHaveValue(publicKey);
  await expect(admin.locator("#push")).toContainText(`Private key for ${host} on the API worker: no`);
  expect(await admin.content()).not.toContain(privateKey);

  // The audit log names the change; the private key is not in it.
  await admin.goto("/staff/audit");
  await expect(admin.getByText("Push key pair generated").first()).toBeVisible();
  expect(await admin.content()).not.toContain(privateKey);
});
