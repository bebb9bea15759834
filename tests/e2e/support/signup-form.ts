/** The sign-up form's first step as the sign-up specs fill it. */
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

let counter = 0;
export function freshEmail(project: string): string {
  return `e2e-${project}-${Date.now()}-${++counter}@example.com`;
}

export async function fillAccount(page: Page, account: { email: string; name: string; password: string }) {
  await page.goto("/signup");
  await expect(page.getByRole("heading", { level: 1, name: "Sign up for free" })).toBeVisible();
  await page.getByLabel("Email address").fill(account.email);
  await page.getByLabel("Name").fill(account.name);
  await page.getByLabel("Password").fill(account.password);
}
