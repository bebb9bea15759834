/**
 * A lander's "Say hi to …", "Like" and the member landers carry the member through sign-up
 * (issue 29 point 14; docs/product.md §11.3): the link leads to the lander's form with the member
 * in the address (the rest of the query kept), the form names them, and the end of sign-up leads to
 * that member's page. Landers run no script, so both projects do the same; a mistake in the form
 * keeps the member.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

// Sign-ups from an IP of their own (the API allows 20 an hour per IP).
test.use({ extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.23" } });

let counter = 0;
const freshEmail = (project: string) => `e2e-lander-member-${project}-${Date.now()}-${++counter}@example.com`;

async function signUpHere(page: Page, email: string, password = "a good password") {
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Name").fill("Sam");
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign up for free" }).last().click();
}

/** The end of sign-up (the activation page, opened directly) leads on to the member. */
async function continuesTo(page: Page, id: string) {
  await page.goto("/activate/done");
  await page.getByRole("link", { name: "Continue where you were" }).click();
  await expect(page).toHaveURL(new RegExp(`/members/${id}$`));
}

test("'Say hi to …' on the alone-tonight lander: the form names the member, and sign-up ends at their page", async ({
  page,
}, info) => {
  await page.goto("/landers/alonetonight/eng?x=1");
  const sayHi = page.getByRole("link", { name: /^Say hi to / }).first();
  const name = ((await sayHi.textContent()) ?? "").replace("Say hi to ", "");
  await sayHi.click();
  await expect(page).toHaveURL(/\/landers\/alonetonight\/eng\?x=1&member=(\d+)#join$/);
  const id = /member=(\d+)/.exec(page.url())?.[1] ?? "";
  await expect(page.getByRole("heading", { level: 2, name: `Sign up free to meet ${name}` })).toBeVisible();
  await expect(page.locator("form[method='post']").last()).toHaveAttribute(
    "action",
    `/landers/alonetonight/eng?x=1&member=${id}`,
  );

  await signUpHere(page, freshEmail(`hi-${info.project.name}`));
  await expect(page).toHaveURL(/\/signup$/);
  await continuesTo(page, id);
});

test("'Like' on the social network lander: a mistake keeps the member; sign-up ends at their page", async ({ page }, info) => {
  await page.goto("/landers/socialnetwork/eng");
  await page.getByRole("link", { name: "Like", exact: true }).first().click();
  await expect(page).toHaveURL(/\/landers\/socialnetwork\/eng\?member=(\d+)#join$/);
  const id = /member=(\d+)/.exec(page.url())?.[1] ?? "";
  const heading = page.getByRole("heading", { level: 2, name: /^Sign up free to meet / });
  await expect(heading).toBeVisible();

  // A password too short: the lander again, the member still in the address and the heading.
  await signUpHere(page, freshEmail(`like-${info.project.name}`), "short");
  await expect(page).toHaveURL(new RegExp(`/landers/socialnetwork/eng\\?member=${id}$`));
  await expect(heading).toBeVisible();
  await page.getByLabel("Password").fill("a good password");
  await page.getByRole("button", { name: "Sign up for free" }).last().click();
  await expect(page).toHaveURL(/\/signup$/);
  await continuesTo(page, id);
});

test("a member lander's sign-up ends at the member's page; a junk member in a lander's address is ignored", async ({
  page,
}, info) => {
  await page.goto("/members/5/landing2/eng");
  await signUpHere(page, freshEmail(`landing-${info.project.name}`));
  await expect(page).toHaveURL(/\/signup$/);
  await continuesTo(page, "5");

  await page.context().clearCookies();
  await page.goto("/landers/gallery/eng?member=../../logout");
  await expect(page.getByRole("heading", { level: 2, name: "Create your free profile" })).toBeVisible();
  await signUpHere(page, freshEmail(`junk-${info.project.name}`));
  await expect(page).toHaveURL(/\/signup$/);
  await page.goto("/activate/done");
  await expect(page.getByRole("link", { name: "Continue where you were" })).toHaveCount(0);
});
