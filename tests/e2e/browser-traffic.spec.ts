/**
 * What the browser may reach (ADR 015): on the API itself only what app/lib/api/browser-allow-list.ts
 * lists (photos here); every other /api/* path is the app's JSON 404. The JSON a page fetches comes
 * from the app's resource routes.
 */
import { DEMO, expect, login, test } from "./support/fixtures";

test("the app answers 404 for /api calls the browser has no business with, and still serves photos", { tag: "@http" }, async ({
  page,
}) => {
  for (const path of [
    "/api/settings.php",
    "/api/user.php",
    "/api/validate_email.php?email=a@example.com",
    "/api/geocode.php?lat=52&lon=5",
    "/api/activate.php",
  ]) {
    const refused = await page.request.get(path);
    expect(refused.status(), path).toBe(404);
    expect(await refused.json(), path).toEqual({ error: "not_found", message: "No such API call." });
  }
  expect((await page.request.post("/api/login.php", { data: { email: DEMO.email, password: DEMO.password } })).status()).toBe(
    404,
  );

  // A member's photo is the API's file, reached through the app.
  await page.goto("/members");
  const photo = await page.locator('img[src^="/api/images/"]').first().getAttribute("src");
  expect(photo).toBeTruthy();
  const image = await page.request.get(photo!);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toMatch(/^image\//);
});

test("the resource routes answer what the pages ask", { tag: "@http" }, async ({ page }) => {
  // A visitor: no session; the email check and the place at a position work before sign-up.
  expect((await page.request.get("/resources/session")).status()).toBe(403);
  const check = await page.request.get(`/resources/validate-email?email=${encodeURIComponent(DEMO.email)}`);
  expect(await check.json()).toEqual({ status: "active", email: DEMO.email });
  const place = await page.request.get("/resources/geocode?lat=52.0907&lon=5.1214");
  expect(place.ok(), await place.text()).toBe(true);
  expect(await place.json()).toMatchObject({
    country: "NL",
    city: expect.any(String),
    attribution: expect.stringContaining("GeoNames"),
  });
  expect((await page.request.get("/resources/geocode?lat=north&lon=5")).status()).toBe(422);

  // A member: the session lasts, the badge has a count, the activation state is known.
  await login(page);
  expect((await page.request.get("/resources/session")).status()).toBe(204);
  expect(await (await page.request.get("/resources/badge")).json()).toEqual({ count: expect.any(Number) });
  expect(await (await page.request.get("/resources/activation")).json()).toEqual({ delivered: expect.any(Boolean) });
});

// Security probe (issue 17): a 2 MB body used to get a 500 page with a stack trace from the local
// server when the app answered before reading it. Every answer is now the app's or the API's own.
test("an oversized body gets a clear refusal, never a 500 or a stack trace", { tag: "@http" }, async ({ request }) => {
  const body = "x".repeat(2 * 1024 * 1024);
  const cases: Array<[string, string, number]> = [
    ["/api/login.php", "application/json", 404], // not the browser's to call
    ["/api/page-hidden.php", "application/json", 413], // forwarded: the API's limit, applied here
    ["/api/payment_webhook.php", "application/x-www-form-urlencoded", 413],
    ["/api/user.php", "multipart/form-data; boundary=x", 404],
    ["/", "application/x-www-form-urlencoded", 405], // no action
  ];
  for (const [path, type, status] of cases) {
    const response = await request.post(path, { data: body, headers: { "content-type": type } });
    expect(response.status(), path).toBe(status);
    expect(await response.text(), path).not.toMatch(/TypeError|node_modules|\bat \S+ \(/);
  }
});
