/**
 * Sign-up's first button, pressed at every moment around the live address check (docs/product.md
 * §5): each press is sent, once. Moved out of signup.spec.ts (files stay under 450 lines).
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { fillAccount, freshEmail } from "./support/signup-form";

// The same address as signup.spec.ts: sign-ups are limited per IP, and these use one each.
test.use({ extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.141" } });

test("a press of the button while the address is still being checked is sent once the check passes", async ({
  page,
  javaScriptEnabled,
}, info) => {
  test.skip(!javaScriptEnabled, "the live address check needs JavaScript");
  // A slow network: the check answers 1.5 s after it is asked.
  await page.route("**/resources/validate-email*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const checked = page.waitForResponse((response) => response.url().includes("/resources/validate-email"));
  await fillAccount(page, { email: freshEmail(info.project.name), name: "Quick Clicker", password: "a fine password" });
  await page.getByLabel("Password").press("Tab");
  await expect(page.getByText("Checking your email address")).toBeVisible();
  // A person clicks without waiting for the button to look ready (force: no actionability wait).
  await page.getByRole("button", { name: "Sign up for free" }).click({ force: true });
  await checked;
  // Not lost: the account is made and the flow moves on (push is not offered in this browser).
  await expect(page.getByRole("heading", { name: /Never miss a message|Add a photo/ })).toBeVisible();
});

/**
 * A press of the button that lands around the moment the address check answers (the e2e sign-up
 * fixture lost one now and then): pressed while the check runs, let go as it answers, pressed as
 * it starts, clicked as or just after it answers. Each is sent, once. The check's answer is held
 * here until the test lets it through, so each timing is the one named. Before the check's status
 * took no room, the two presses let go after the layout changed ended beside the moved button.
 */
const pressTimings: [string, (press: Press) => Promise<void>][] = [
  [
    "clicked while the check runs",
    async ({ button, answer }) => {
      await button.click();
      await answer();
    },
  ],
  [
    "pressed while the check runs, let go as it answers",
    async ({ page, pointAt, answer, checking }) => {
      await pointAt();
      await page.mouse.down();
      await answer();
      await expect(checking).toBeHidden();
      await page.mouse.up();
    },
  ],
  [
    "pressed as the check starts, let go while it runs",
    async ({ page, pointAt, answer, checking }) => {
      await pointAt();
      await page.mouse.down();
      await expect(checking).toBeVisible();
      await page.mouse.up();
      await answer();
    },
  ],
  [
    "clicked the moment it answers",
    async ({ button, answer }) => {
      await Promise.all([answer(), button.click()]);
    },
  ],
  [
    "clicked just after it answers",
    async ({ button, answer, checking }) => {
      await answer();
      await expect(checking).toBeHidden();
      await button.click();
    },
  ],
  [
    // The did-you-mean line shows as the domain is typed; the server's answer corrects the address.
    "pressed while a mistyped address is checked, let go as the server corrects it",
    async ({ page, pointAt, answer, checking }) => {
      await expect(page.getByText("Did you mean")).toBeVisible();
      await pointAt();
      await page.mouse.down();
      await answer();
      await expect(checking).toBeHidden();
      await expect(page.getByLabel("Email address")).toHaveValue(/@gmail\.com$/);
      await page.mouse.up();
    },
  ],
];

interface Press {
  page: Page;
  button: ReturnType<Page["getByRole"]>;
  /** Moves the pointer over the middle of the button, as a person's hand gets there. */
  pointAt: () => Promise<void>;
  /** Lets the held check answer. */
  answer: () => Promise<void>;
  checking: ReturnType<Page["getByText"]>;
}

for (const [index, [timing, press]] of pressTimings.entries()) {
  test(`a press of the button around the address check's answer is sent once: ${timing}`, async ({
    page,
    context,
    javaScriptEnabled,
  }, info) => {
    test.skip(!javaScriptEnabled, "the live address check needs JavaScript");
    // Sign-ups are limited per IP: each timing signs up from its own.
    await context.setExtraHTTPHeaders({ "cf-connecting-ip": `198.51.100.${130 + index}` });
    let letThrough = () => {};
    const held = new Promise<void>((resolve) => (letThrough = resolve));
    // The API's real answer, kept back until the test lets it through.
    await page.route("**/resources/validate-email*", async (route) => {
      const response = await route.fetch();
      await held;
      await route.fulfill({ response });
    });
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.postData()?.includes("intent=create")) posts.push(request.url());
    });
    // The whole form in view, as on a desktop: scrolled, the browser's scroll anchoring would keep
    // the button in place by itself.
    await page.setViewportSize({ width: 1280, height: 1000 });
    await page.goto("/signup", { waitUntil: "networkidle" });
    await page.getByLabel("Name").fill("Prompt Presser");
    await page.getByLabel("Password").fill("a fine password");
    // The address last: its check starts after a pause in typing, with the pointer on its way.
    const asked = page.waitForRequest((request) => request.url().includes("/resources/validate-email"));
    const address = freshEmail(info.project.name);
    await page
      .getByLabel("Email address")
      .fill(timing.includes("mistyped") ? address.replace("@example.com", "@gmial.com") : address);
    const button = page.getByRole("button", { name: "Sign up for free" });
    // The check's status for screen readers (on screen, a spinner inside the field).
    const checking = page.getByText("Checking your email address");
    if (!timing.startsWith("pressed as")) await expect(checking).toBeVisible();
    await press({
      page,
      button,
      checking,
      pointAt: async () => {
        const box = await button.boundingBox();
        if (!box) throw new Error("the button is not on the page");
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      },
      answer: async () => {
        await asked;
        letThrough();
      },
    });
    // Sent and answered: the flow moves on (push is not offered in this browser).
    await expect(page.getByRole("heading", { name: /Never miss a message|Add a photo/ })).toBeVisible();
    // Once: a second send (a held press let go as well as sent) goes out before the first's answer.
    await page.waitForLoadState("networkidle");
    expect(posts).toHaveLength(1);
  });
}

test("a field mended before the page's script ran loses its error as the script starts", async ({
  page,
  javaScriptEnabled,
}, info) => {
  test.skip(!javaScriptEnabled, "about the moment the page's script starts");
  // A slow phone: the page's scripts arrive only when the test lets them.
  let release = () => {};
  const scriptsMayLoad = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await scriptsMayLoad;
    await route.continue();
  });
  await page.goto("/signup", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Email address").fill(freshEmail(info.project.name));
  // Spaces pass the browser's own check; the server refuses them.
  await page.getByLabel("Name").fill("   ");
  await page.getByLabel("Password").fill("a fine password");
  await page.getByRole("button", { name: "Sign up for free" }).click();
  await expect(page.getByText("Enter your name.")).toBeVisible();
  // Mended before the script runs: no event the form could see.
  await page.getByLabel("Name").fill("Early Mender");
  release();
  await expect(page.getByText("Enter your name.")).toBeHidden();
  const create = page.getByRole("button", { name: "Sign up for free" });
  await expect(create).toBeEnabled();
  await page.getByLabel("Password").fill("a fine password");
  await create.click();
  await expect(page.getByRole("heading", { name: /Never miss a message|Add a photo/ })).toBeVisible();
});
