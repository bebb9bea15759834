/**
 * Faults in the middle of a flow (issue 17): the API's fault switch (POST /api/dev/fault.php,
 * development only, for this member only) makes the next message send, sign-up or purchase
 * fail. The member sees a clear message, keeps the typed text, and sending again posts and
 * charges it exactly once. (The provider's webhook under faults: tests/api/payment-faults.test.ts.)
 */
import type { Page } from "@playwright/test";
import { confirmAddress, expect, newMember, test } from "./support/fixtures";

// Sign-ups from this spec's own visitor IP (the API allows 20 an hour per IP).
test.use({ extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.30" } });

async function openChat(page: Page, stamp: string): Promise<number> {
  await newMember(page, `e2e-fault-${stamp}@example.com`, `Fay ${stamp.slice(-6)}`);
  // Writing waits for a confirmed address (docs/decisions/040).
  await confirmAddress(page, `e2e-fault-${stamp}@example.com`);
  await page.goto("/members/5");
  await page.getByRole("link", { name: "Start a conversation" }).click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  const costLine = page.getByText(/A message costs \d+ credits\. You have 50\./);
  await expect(costLine).toBeVisible();
  return Number((await costLine.textContent())?.match(/costs (\d+)/)?.[1]);
}

async function failNextSend(page: Page, mode: "error" | "error_after") {
  const set = await page.request.post("/api/dev/fault.php", { data: { method: "POST", path: "/api/messages.php", mode } });
  expect(set.ok()).toBe(true);
}

for (const [mode, what] of [
  ["error_after", "the API sent it but its answer was lost"],
  ["error", "the API failed before sending"],
] as const) {
  test(`a send that failed (${what}) keeps the text; sending again posts and charges it once`, async ({ page }, info) => {
    test.slow();
    const stamp = `${info.project.name}-${mode}-${Date.now().toString(36)}`;
    const cost = await openChat(page, stamp);
    const text = `Are you there? ${stamp}`;

    await failNextSend(page, mode);
    await page.getByLabel("Your message").fill(text);
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText("We could not confirm that your message was sent.")).toBeVisible();
    await expect(page.getByLabel("Your message")).toHaveValue(text);

    await page.getByRole("button", { name: "Send" }).click();
    const history = page.getByRole("log", { name: "Messages" });
    await expect(history.getByText(text)).toHaveCount(1);
    await expect(page.getByText(`A message costs ${cost} credits. You have ${50 - cost}.`)).toBeVisible();
    await expect(page.getByLabel("Your message")).toHaveValue("");

    // Reloaded from the API: still one message, one charge.
    await page.reload();
    await expect(history.getByText(text)).toHaveCount(1);
    await expect(page.getByText(`You have ${50 - cost}.`)).toBeVisible();
  });
}

for (const [mode, what] of [
  ["error_after", "the account was made but the answer was lost"],
  ["error", "the API failed before making it"],
] as const) {
  test(`sign-up that failed (${what}) keeps what was typed; trying again makes one account`, async ({ page, context }, info) => {
    test.slow();
    // A visitor's faults are their IP's, and these tests run side by side: one IP each.
    const ip = `198.51.100.${31 + (mode === "error" ? 1 : 0) + (info.project.name === "js" ? 0 : 2)}`;
    await context.setExtraHTTPHeaders({ "cf-connecting-ip": ip });
    const stamp = `${info.project.name}-${mode}-${Date.now().toString(36)}`;
    const email = `e2e-fault-signup-${stamp}@example.com`;
    await page.goto("/signup", { waitUntil: "networkidle" });
    const set = await page.request.post("/api/dev/fault.php", { data: { method: "POST", path: "/api/user.php", mode } });
    expect(set.ok()).toBe(true);

    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Name").fill("Faye");
    await page.getByLabel("Password").fill("a good password");
    await page.getByRole("button", { name: "Sign up for free" }).click();
    await expect(page.getByText("We could not confirm your sign-up")).toBeVisible();
    await expect(page.getByLabel("Email address")).toHaveValue(email);
    await expect(page.getByLabel("Name")).toHaveValue("Faye");

    await page.getByLabel("Password").fill("a good password");
    await page.getByRole("button", { name: "Sign up for free" }).click();
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Sign up for free");
    // One account, and it is this visitor's: the profile shows the name typed.
    await page.goto("/profile?part=about");
    await expect(page.getByRole("textbox", { name: "Name" })).toHaveValue("Faye");
  });
}

test.describe("a purchase with faults on the way", () => {
  test("the buy form's lost answer: a clear page with a retry; the return page fails clearly, and its retry shows the credits once", async ({
    page,
    context,
  }, info) => {
    test.slow();
    // Members here sign up from this test's own visitor IPs (one per project).
    await context.setExtraHTTPHeaders({ "cf-connecting-ip": info.project.name === "js" ? "198.51.100.120" : "198.51.100.121" });
    const stamp = `${info.project.name}-${Date.now()}`;
    await newMember(page, `e2e-fault-pay-${stamp}@example.com`, `Pia ${stamp.slice(-6)}`);
    await page.goto("/credits/100/paypal");
    const fault = (data: object) => page.request.post("/api/dev/fault.php", { data }).then((r) => expect(r.ok()).toBe(true));
    const buy = async () => {
      await expect(page.getByRole("heading", { name: "Your order" })).toBeVisible();
      await page.getByLabel(/I want the credits in my account right away/).check();
      await page.getByRole("button", { name: "Buy now, payment due" }).click();
    };

    // The API made the order, but its answer was lost: the error page, with a retry.
    await fault({ method: "POST", path: "/api/orders.php", mode: "error_after" });
    await buy();
    await expect(page.getByText(/^Error 50\d$/)).toBeVisible();
    await page.getByRole("link", { name: "Try again" }).click();

    // Buying again reaches the checkout; the member pays, and comes back while the API fails.
    await fault({ method: "GET", path: "/api/orders.php", mode: "error" });
    await buy();
    await expect(page.getByText("Test mode · demo payment provider")).toBeVisible();
    await page.getByRole("button", { name: /^Pay/ }).click();
    await expect(page).toHaveURL(/\/transactions\/ord_[a-z2-7]{26}$/);
    await expect(page.getByText(/^Error 50\d$/)).toBeVisible();
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { name: "Thank you, payment received" })).toBeVisible();
    await expect(page.getByTestId("balance")).toHaveText("You have 150 credits.");
    // Charged and granted once: the unpaid first order added nothing, a reload adds nothing.
    await page.reload();
    await expect(page.getByTestId("balance")).toHaveText("You have 150 credits.");
    await page.goto("/credits");
    await expect(page.getByTestId("credits")).toHaveText("150 credits");
  });
});
