/**
 * Push preferences on /profile (issue 14): which kinds of push a member wants, a plain form of
 * checkboxes that works with JavaScript and without, kept by the API (PUT /api/push_settings.php).
 */
import { expect, login, test } from "./support/fixtures";

test("a member switches a kind of push off and on again on /profile", async ({ page }, info) => {
  // Each project its own demo member, so the two runs do not change each other's choices.
  const account = info.project.use.javaScriptEnabled === false ? "clara@example.com" : "ben@example.com";
  await login(page, { email: account, password: "demo-password" });
  await page.goto("/profile?part=notifications#push");
  const kinds = page.getByRole("group", { name: "Notify me about" });
  const likes = kinds.getByRole("checkbox", { name: "Likes and matches" });
  const messages = kinds.getByRole("checkbox", { name: "New messages" });
  // The choices are saved once the post is answered (with JavaScript it is a fetch; the address
  // ends in #push-kinds from the first save on, so it cannot tell when the second is done).
  const save = async () => {
    const saved = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/profile"),
    );
    await page.getByRole("button", { name: "Save notification choices" }).click();
    await saved;
    await page.waitForURL(/\/profile\?part=notifications#push-kinds$/);
  };
  const news = kinds.getByRole("checkbox", { name: "News and offers from us" });
  await expect(messages).toBeChecked();
  await expect(likes).toBeChecked();
  // Marketing is off until the member turns it on (issue 25): the demo member never did.
  await expect(news).not.toBeChecked();

  await likes.uncheck();
  await save();
  await page.reload();
  await expect(likes).not.toBeChecked();
  await expect(messages).toBeChecked();
  await expect(news).not.toBeChecked();

  // Turned on, it stays on; turned off again for the next run.
  await likes.check();
  await news.check();
  await save();
  await page.reload();
  await expect(likes).toBeChecked();
  await expect(news).toBeChecked();
  await news.uncheck();
  await save();
  await page.reload();
  await expect(news).not.toBeChecked();
});
