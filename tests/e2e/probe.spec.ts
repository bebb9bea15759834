/**
 * The security probe's findings on the app worker (issue 25, points 18, 19 and 21;
 * docs/decisions/041-probe-findings-outbound-and-input.md), each as the exact attack, sent raw
 * (node:http): Playwright's request client would resolve "//evil.example/" as an address of its
 * own and always names a body's type.
 */
import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { E2E_PORT } from "../../playwright.config";
import { DEMO, expect, test } from "./support/fixtures";

// Sign-ups are limited to 20 per IP an hour: this file signs up from its own address (the look-alike name test signs up).
// Locally the app reads the visitor's IP from cf-connecting-ip.
test.use({ extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.142" } });

const HOST = `localhost:${E2E_PORT}`;
const ORIGIN = `http://${HOST}`;

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request exactly as written: the path as-is, only the headers given (and Host). */
function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: "127.0.0.1", port: E2E_PORT, method, path, headers: { host: HOST, ...headers } },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    request.on("error", reject);
    if (body !== undefined) request.write(body);
    request.end();
  });
}

/** Every route of app/routes.ts whose module has an action, as a path to post to (parameters filled in). */
function routesWithAnAction(): string[] {
  const table = readFileSync("app/routes.ts", "utf8");
  const paths: string[] = [];
  for (const [, path, file] of table.matchAll(/route\(\s*"([^"]*)",\s*"([^"]+)"/g)) {
    const module = readFileSync(`app/${file}`, "utf8");
    if (!/export (?:async )?function action\b|export const action\b/.test(module)) continue;
    const filled = (path ?? "")
      .split("/")
      .filter((segment) => !segment.endsWith("?"))
      .map((segment) => (segment === "*" ? "anything" : segment.startsWith(":") ? "1" : segment))
      .join("/");
    paths.push(`/${filled}`);
  }
  return [...new Set(paths)];
}

test.describe("the security probe's findings on the app (issue 25)", () => {
  test("20: a look-alike name is refused beside the field, translated; a name in Polish letters is not", async ({
    page,
    javaScriptEnabled,
    checkA11y,
  }) => {
    await page.goto("/signup");
    await page.getByLabel("Email address").fill(`probe-name-${Date.now()}-${javaScriptEnabled}@example.com`);
    // "Anna" with a Cyrillic А: it looks like the Latin name.
    await page.getByLabel("Name").fill("\u0410nna");
    await page.getByLabel("Password").fill("a good password");
    const create = page.getByRole("button", { name: "Sign up for free" });
    // The API alone applies this rule (lib/forms/fields.ts): its answer shows beside the field.
    await create.click();
    const name = page.getByLabel("Name");
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Write the name in the letters of one alphabet")).toBeVisible();
    await checkA11y();
    await name.fill("Łukasz");
    await page.getByLabel("Password").fill("a good password");
    await expect(create).toBeEnabled();
    await create.click();
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Sign up for free");
  });

  test("18: every route with an action answers a JSON or untyped body 415, never 500", { tag: "@http" }, async () => {
    const routes = routesWithAnAction();
    // The enumeration found the forms (a broken parse must not pass with nothing checked).
    expect(routes).toEqual(expect.arrayContaining(["/login", "/signup", "/profile", "/complaints", "/language", "/logout"]));
    expect(routes.length).toBeGreaterThan(30);
    const sameOrigin = { origin: ORIGIN, "sec-fetch-site": "same-origin" };
    const bodies = [
      { name: "JSON", headers: { ...sameOrigin, "content-type": "application/json" }, body: '{"a":1}' },
      { name: "no content type", headers: sameOrigin, body: "a=1" },
      { name: "text", headers: { ...sameOrigin, "content-type": "text/plain" }, body: "a=1" },
    ];
    const answers: string[] = [];
    for (const path of routes) {
      for (const { name, headers, body } of bodies) {
        // The JSON call of the browser's own (push subscriptions) reads JSON: it answers 4xx, not 415.
        if (path === "/resources/push-subscription") continue;
        const answer = await raw("POST", path, headers, body);
        answers.push(`${path} (${name}): ${answer.status}`);
      }
    }
    expect(answers).toEqual(answers.map((line) => line.replace(/\d+$/, "415")));
    // The browser's JSON call still takes JSON (and refuses a visitor, as before).
    const push = await raw("POST", "/resources/push-subscription", { ...sameOrigin, "content-type": "application/json" }, "{}");
    expect(push.status).toBeLessThan(500);
    expect(push.status).not.toBe(415);
  });

  test("18: the page says, translated, that the form could not be read", { tag: "@http" }, async () => {
    const answer = await raw(
      "POST",
      "/login",
      {
        origin: ORIGIN,
        "sec-fetch-site": "same-origin",
        "content-type": "application/json",
        "accept-language": "de",
        "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36",
      },
      '{"email":"anna@example.com"}',
    );
    expect(answer.status).toBe(415);
    expect(answer.body).toContain("Dieses Formular konnte nicht gelesen werden");
    // A form post is read as before.
    const form = await raw(
      "POST",
      "/login",
      { origin: ORIGIN, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
      new URLSearchParams({ email: DEMO.email, password: "wrong password" }).toString(),
    );
    expect(form.status).toBe(401);
  });

  test("19: //evil.example/ never becomes the host of a redirect", { tag: "@http" }, async () => {
    for (const path of ["//evil.example/", "//evil.example/members?x=1", "///evil.example"]) {
      const local = await raw("GET", path);
      expect(String(local.headers.location ?? ""), path).not.toContain("evil.example/");
      expect(local.status, path).toBe(404);
      // Behind a proxy that received plain http (the TLS proxy, Cloudflare's edge): to https, same host.
      const proxied = await raw("GET", path, { "x-forwarded-proto": "http" });
      expect(proxied.status, path).toBe(301);
      expect(new URL(String(proxied.headers.location)).host, path).toBe(HOST);
    }
  });

  test("21: a post without Origin and fetch metadata whose Referer is another site is refused", { tag: "@http" }, async () => {
    const form = new URLSearchParams({ email: DEMO.email, password: DEMO.password }).toString();
    const post = (headers: Record<string, string>) =>
      raw("POST", "/login", { "content-type": "application/x-www-form-urlencoded", ...headers }, form);
    const refused = await post({ referer: "https://evil.example/page.html" });
    expect(refused.status).toBe(403);
    expect(refused.headers["set-cookie"]).toBeUndefined();
    // This site's Referer, and a post with none of the three headers (no browser's), go on.
    const passing: Record<string, string>[] = [{ referer: `${ORIGIN}/login` }, {}];
    for (const headers of passing) {
      const answer = await post(headers);
      expect(answer.status, JSON.stringify(headers)).toBe(302);
    }
  });
});
