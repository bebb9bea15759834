import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import {
  ApiErrorSchema,
  CsrfAnswerSchema,
  EmailCheckSchema,
  InterestsAnswerSchema,
  ProfileFieldsAnswerSchema,
  PushAnswerSchema,
  UserAnswerSchema,
} from "../../contract/schemas";
import { messages } from "../../contract/messages";
import { call, createMember, ensureSites, loginAs, sessionCookie } from "./helpers";

beforeAll(ensureSites);

const SITE1 = "localhost:8787";
const SITE2 = "127.0.0.1:8787";

// Every test gets its own client IP, so the per-IP rate limits of one test never touch another.
let ipCounter = 0;
const newIp = () => {
  const n = ++ipCounter;
  return `10.3.${Math.floor(n / 250)}.${(n % 250) + 1}`;
};

let emailCounter = 0;
const freshEmail = (domain = "example.com", prefix = "signup") => `${prefix}${Date.now()}x${++emailCounter}@${domain}`;

async function getCsrf(host = SITE1, ip = newIp()): Promise<string> {
  const response = await call("/api/csrf.php", { host, headers: { "x-client-ip": ip } });
  expect(response.status).toBe(200);
  return CsrfAnswerSchema.parse(await response.json()).csrf;
}

async function checkEmail(email: string, opts: { host?: string; ip?: string } = {}) {
  const response = await call(`/api/validate_email.php?email=${encodeURIComponent(email)}`, {
    host: opts.host ?? SITE1,
    headers: { "x-client-ip": opts.ip ?? newIp() },
  });
  expect(response.status).toBe(200);
  return EmailCheckSchema.parse(await response.json());
}

async function tokenFor(email: string, host = SITE1, ip?: string): Promise<string> {
  const check = await checkEmail(email, { host, ip });
  expect(check.status).toBe("new");
  return check.token;
}

function postSignup(body: unknown, opts: { host?: string; ip: string; raw?: string }) {
  return call("/api/user.php?new=1", {
    method: "POST",
    host: opts.host ?? SITE1,
    headers: { "x-client-ip": opts.ip, ...(opts.raw !== undefined ? { "content-type": "application/json" } : {}) },
    ...(opts.raw !== undefined ? { body: opts.raw } : { json: body }),
  });
}

/** A complete, valid sign-up body for a fresh address (csrf and token fetched for real). */
async function validBody(opts: { host?: string; ip: string; email?: string } & Record<string, unknown>) {
  const { host = SITE1, ip, email = freshEmail(), ...rest } = opts;
  return {
    email,
    name: "Kim",
    password: "secret password",
    country: "NL",
    language: "en",
    timezone: "Europe/Amsterdam",
    csrf: await getCsrf(host, ip),
    token: await tokenFor(email, host, ip),
    ...rest,
  };
}

async function signUp(opts: { host?: string; ip?: string; email?: string } & Record<string, unknown> = {}) {
  const ip = opts.ip ?? newIp();
  const body = await validBody({ ...opts, ip });
  const response = await postSignup(body, { host: opts.host, ip });
  expect(response.status).toBe(201);
  const { user } = UserAnswerSchema.parse(await response.json());
  return { user, cookie: sessionCookie(response), body, ip };
}

async function membersWithEmail(email: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM members WHERE email = ?")
    .bind(email.trim().toLowerCase())
    .first<{ n: number }>();
  return row!.n;
}

async function memberRow(id: number) {
  return (await env.DB.prepare("SELECT * FROM members WHERE id = ?").bind(id).first<Record<string, unknown>>())!;
}

async function expectError(response: Response, status: number, error: string, fields?: Record<string, unknown>) {
  expect(response.status).toBe(status);
  const body = ApiErrorSchema.parse(await response.json());
  expect(body.error).toBe(error);
  if (fields) expect(body.fields).toMatchObject(fields);
  return body;
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Today, `years` years ago (28 February when today is 29 February). */
function yearsAgo(years: number): string {
  const now = new Date();
  const day = now.getUTCMonth() === 1 && now.getUTCDate() === 29 ? 28 : now.getUTCDate();
  return isoDate(new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), day)));
}

// -------------------------------------------------------------------------------------------

describe("GET /api/csrf.php", () => {
  it("answers a fresh token that is never cached", async () => {
    const first = await call("/api/csrf.php");
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toContain("no-store");
    const { csrf } = CsrfAnswerSchema.parse(await first.json());
    expect(csrf.length).toBeGreaterThan(20);
    // A token per form: a later call gives another (the expiry is part of it).
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = CsrfAnswerSchema.parse(await (await call("/api/csrf.php")).json()).csrf;
    expect(second).not.toBe(csrf);
  });

  it("refuses to sign anything on a public host without SIGNING_SECRET (the development secret is for this machine only)", async () => {
    const { app } = await import("../../workers/api/index");
    const forged = await app.request(
      "https://dating-api.example.workers.dev/api/csrf.php",
      { headers: { "x-original-host": "localhost", "x-package-name": "classic" } },
      env,
    );
    expect(forged.status).toBe(503);
    expect(ApiErrorSchema.parse(await forged.json()).error).toBe("site_misconfigured");
    const configured = await app.request(
      "https://dating.example.com/api/csrf.php",
      { headers: { "x-original-host": "dating.example.com", "x-package-name": "classic" } },
      { ...env, SIGNING_SECRET: "a-real-secret-of-at-least-thirty-two-characters" },
    );
    expect(configured.status).toBe(200);
  });
});

describe("GET /api/validate_email.php", () => {
  it("answers 'new' with a token for a fresh address, and no-store", async () => {
    const email = freshEmail();
    const response = await call(`/api/validate_email.php?email=${encodeURIComponent(email)}`, {
      headers: { "x-client-ip": newIp() },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("no-store");
    const check = EmailCheckSchema.parse(await response.json());
    expect(check).toMatchObject({ status: "new", email, request_email: email });
    expect(check.token).not.toBe("");
  });

  it("corrects a mistyped domain, trims and lower-cases, and echoes the typed address", async () => {
    const check = await checkEmail("Kim@GMIAL.com ");
    expect(check.status).toBe("new");
    expect(check.email).toBe("kim@gmail.com");
    expect(check.request_email).toBe("Kim@GMIAL.com ");
    expect(check.token).not.toBe("");
  });

  it.each(["a@b.invalid", "nobody@localhost", "no-at-sign.example.com", "two@@example.com"])(
    "answers 'invalid' without a token for %s",
    async (email) => {
      const check = await checkEmail(email);
      expect(check.status).toBe("invalid");
      expect(check.token).toBe("");
    },
  );

  it("answers 'active' for an existing member, without a token", async () => {
    const member = await createMember();
    const check = await checkEmail(member.email.toUpperCase());
    expect(check).toMatchObject({ status: "active", token: "", email: member.email });
  });

  it("answers the stored status 'not_confirmed' and 'deleted'", async () => {
    const member = await createMember();
    await env.DB.prepare("UPDATE members SET status = 'not_confirmed' WHERE id = ?").bind(member.id).run();
    expect((await checkEmail(member.email)).status).toBe("not_confirmed");
    await env.DB.prepare("UPDATE members SET status = 'deleted' WHERE id = ?").bind(member.id).run();
    const deleted = await checkEmail(member.email);
    expect(deleted.status).toBe("deleted");
    expect(deleted.token).toBe("");
  });

  it("answers an address that has an account on another site only as 'new' on this one", async () => {
    const member = await createMember({ siteId: 2 });
    expect((await checkEmail(member.email, { host: SITE1 })).status).toBe("new");
    expect((await checkEmail(member.email, { host: SITE2 })).status).toBe("active");
  });

  it("answers an empty or missing address with 422 required", async () => {
    const ip = newIp();
    await expectError(await call("/api/validate_email.php?email=", { headers: { "x-client-ip": ip } }), 422, "invalid_input", {
      email: "required",
    });
    await expectError(
      await call("/api/validate_email.php?email=%20%20", { headers: { "x-client-ip": ip } }),
      422,
      "invalid_input",
      {
        email: "required",
      },
    );
    await expectError(await call("/api/validate_email.php", { headers: { "x-client-ip": ip } }), 422, "invalid_input", {
      email: "required",
    });
  });

  it("answers an address over 254 characters with 422", async () => {
    const email = `${"a".repeat(243)}@example.com`; // 255 characters
    expect(email.length).toBe(255);
    const response = await call(`/api/validate_email.php?email=${email}`, { headers: { "x-client-ip": newIp() } });
    await expectError(response, 422, "invalid_input", { email: "too_big" });
  });

  it("allows 100 checks per 15 minutes per IP, then answers 429 with retry_after; other IPs go on", async () => {
    const ip = newIp();
    for (let i = 0; i < 100; i++) {
      const response = await call(`/api/validate_email.php?email=probe${i}@example.com`, { headers: { "x-client-ip": ip } });
      expect(response.status).toBe(200);
    }
    const limited = await call("/api/validate_email.php?email=probe-last@example.com", { headers: { "x-client-ip": ip } });
    const body = await expectError(limited, 429, "rate_limited");
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(15 * 60);
    const row = await env.DB.prepare("SELECT SUM(count) AS n FROM rate_limits WHERE key = ?")
      .bind(`email-check:ip:${ip}`)
      .first<{ n: number }>();
    expect(row!.n).toBe(100);
    expect((await checkEmail("probe-other@example.com", { ip: newIp() })).status).toBe("new");
  }, 60_000);
});

// -------------------------------------------------------------------------------------------

describe("POST /api/user.php?new=1", () => {
  it("creates a not-yet-confirmed member with starting credits, a session, a welcome notice and the tracking", async () => {
    const ip = newIp();
    const email = freshEmail("gmail.com", "kim");
    const trafficsource = { network: "adnet", ref: "r1", sub1: "s1" };
    const body = await validBody({ ip, email, language: "nl", trafficsource, profile: { gender: "female" } });
    const response = await postSignup(body, { ip });
    expect(response.status).toBe(201);
    const { user } = UserAnswerSchema.parse(await response.json());
    expect(user.email).toBe(email);
    expect(user.status).toBe("not_confirmed");
    expect(user.profile.lastSignupStep).toBe(1);
    expect(user.profile.name).toBe("Kim");
    expect(user.profile.gender).toBe("female");
    expect(user.profile.country).toBe("NL");
    expect(user.profile.language).toBe("nl");
    expect(user.credits).toBe(50);
    expect(user.mailprovider).toBe(2);
    expect(user.push).toBeNull();

    const id = user.profile.id;
    const row = await memberRow(id);
    expect(row).toMatchObject({
      site_id: 1,
      email,
      status: "not_confirmed",
      language: "nl",
      mailprovider: 2,
      timezone: "Europe/Amsterdam",
    });
    expect(row.password_hash).not.toContain("secret password");
    expect(JSON.parse(row.trafficsource as string)).toEqual(trafficsource);

    const ledger = await env.DB.prepare("SELECT amount, idempotency_key FROM credit_ledger WHERE member_id = ?").bind(id).all();
    expect(ledger.results).toEqual([{ amount: 50, idempotency_key: `start:${id}` }]);
    const notices = await env.DB.prepare("SELECT kind, read_at FROM notices WHERE member_id = ?").bind(id).all();
    expect(notices.results).toEqual([{ kind: "welcome", read_at: null }]);

    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith("sid="))!;
    expect(setCookie).toMatch(/HttpOnly/);
    const me = await call("/api/user.php", { cookie: sessionCookie(response) });
    expect(me.status).toBe(200);
    expect(UserAnswerSchema.parse(await me.json()).user.profile.id).toBe(id);

    // The password works for a later login.
    await loginAs({ email, password: "secret password" });
  });

  it("refuses an empty or missing name with 422 required: it never makes one from the address (issue 16)", async () => {
    const ip = newIp();
    for (const name of ["", "   ", undefined]) {
      const body = await validBody({ ip, name });
      await expectError(await postSignup(body, { ip }), 422, "invalid_input", { name: "required" });
      expect(await membersWithEmail(body.email)).toBe(0);
    }
  });

  it("refuses a 151-character name with 422 too_big", async () => {
    const ip = newIp();
    const body = await validBody({ ip, name: "n".repeat(151) });
    await expectError(await postSignup(body, { ip }), 422, "invalid_input", { name: "too_big" });
    expect(await membersWithEmail(body.email)).toBe(0);
    // 150 is fine.
    const ok = await postSignup({ ...(await validBody({ ip, email: body.email })), name: "n".repeat(150) }, { ip });
    expect(ok.status).toBe(201);
    expect(UserAnswerSchema.parse(await ok.json()).user.profile.name).toBe("n".repeat(150));
  });

  it("refuses a name starting with '@'", async () => {
    const ip = newIp();
    const body = await validBody({ ip, name: " @kim" });
    await expectError(await postSignup(body, { ip }), 422, "invalid_input", { name: "name_starts_with_at" });
    expect(await membersWithEmail(body.email)).toBe(0);
  });

  it("refuses a name equal to the email, whatever the case", async () => {
    const ip = newIp();
    const email = freshEmail();
    const body = await validBody({ ip, email, name: email.toUpperCase() });
    await expectError(await postSignup(body, { ip }), 422, "invalid_input", { name: "name_equal_to_email" });
    expect(await membersWithEmail(email)).toBe(0);
  });

  it("refuses a password shorter than 8 characters, as /profile and the reset do (issue 16)", async () => {
    const ip = newIp();
    for (const password of ["abc", "1234567", "        "]) {
      const body = await validBody({ ip, password });
      await expectError(await postSignup(body, { ip }), 422, "invalid_input", { password: "too_small" });
      expect(await membersWithEmail(body.email)).toBe(0);
    }
    // Eight characters will do, and so does the demo accounts' password.
    for (const password of ["12345678", "demo-password"]) {
      const body = await validBody({ ip, password });
      expect((await postSignup(body, { ip })).status).toBe(201);
    }
  });

  it("answers the name's and the password's codes together", async () => {
    const ip = newIp();
    const body = await validBody({ ip, name: "", password: "abc" });
    await expectError(await postSignup(body, { ip }), 422, "invalid_input", { name: "required", password: "too_small" });
  });

  it("refuses a missing password with 422 required", async () => {
    const ip = newIp();
    const body: Record<string, unknown> = await validBody({ ip });
    delete body.password;
    await expectError(await postSignup(body, { ip }), 422, "invalid_input", { password: "required" });
    expect(await membersWithEmail(body.email as string)).toBe(0);
    await expectError(await postSignup({ ...body, password: "" }, { ip }), 422, "invalid_input", {
      password: expect.any(String),
    });
    expect(await membersWithEmail(body.email as string)).toBe(0);
  });

  it("answers wrong types with 422, not 500", async () => {
    const ip = newIp();
    const body = await validBody({ ip });
    await expectError(await postSignup({ ...body, email: 42 }, { ip }), 422, "invalid_input", { email: expect.any(String) });
    await expectError(await postSignup({ ...body, name: ["Kim"] }, { ip }), 422, "invalid_input", { name: expect.any(String) });
    await expectError(await postSignup({ ...body, trafficsource: "adnet" }, { ip }), 422, "invalid_input");
    await expectError(await postSignup([body], { ip }), 422, "invalid_input");
    expect(await membersWithEmail(body.email)).toBe(0);
  });

  it("answers malformed JSON with 400 invalid_json", async () => {
    const ip = newIp();
    await expectError(await postSignup(null, { ip, raw: '{"email": "a@example.com",' }), 400, "invalid_json");
  });

  it("refuses a missing, forged or other site's csrf token with 403 csrf_invalid", async () => {
    const ip = newIp();
    const body: Record<string, unknown> = await validBody({ ip });
    const { csrf, ...withoutCsrf } = body;
    expect(csrf).toBeTruthy();
    await expectError(await postSignup(withoutCsrf, { ip }), 403, "csrf_invalid");
    await expectError(await postSignup({ ...body, csrf: "garbage.token" }, { ip }), 403, "csrf_invalid");
    // A well-formed token of another purpose (the email check's) is no csrf token either.
    await expectError(await postSignup({ ...body, csrf: body.token }, { ip }), 403, "csrf_invalid");
    const otherSite = await getCsrf(SITE2, ip);
    await expectError(await postSignup({ ...body, csrf: otherSite }, { ip }), 403, "csrf_invalid");
    expect(await membersWithEmail(body.email as string)).toBe(0);
  });

  it("refuses a missing email-check token with 422 token", async () => {
    const ip = newIp();
    const body: Record<string, unknown> = await validBody({ ip });
    delete body.token;
    await expectError(await postSignup(body, { ip }), 422, "invalid_input", { token: "invalid" });
    // A token of another site does not do either.
    const otherSiteToken = await tokenFor(body.email as string, SITE2, ip);
    await expectError(await postSignup({ ...body, token: otherSiteToken }, { ip }), 422, "invalid_input", { token: "invalid" });
    expect(await membersWithEmail(body.email as string)).toBe(0);
  });

  it("refuses a country the site does not serve", async () => {
    const ip = newIp();
    const body = await validBody({ ip, country: "JP" });
    await expectError(await postSignup(body, { ip }), 422, "invalid_input", { country: "not_allowed" });
    expect(await membersWithEmail(body.email)).toBe(0);

    const onSite2 = await validBody({ host: SITE2, ip, country: "US", trafficsource: { network: "adnet" } });
    await expectError(await postSignup(onSite2, { host: SITE2, ip }), 422, "invalid_input", { country: "not_allowed" });
    expect(await membersWithEmail(onSite2.email)).toBe(0);
  });

  it("on a with_trafficsource site, refuses sign-up without a network (403 signup_closed) and accepts it with one", async () => {
    const ip = newIp();
    const body = await validBody({ host: SITE2, ip, country: "BE" });
    await expectError(await postSignup(body, { host: SITE2, ip }), 403, "signup_closed");
    await expectError(await postSignup({ ...body, trafficsource: { ref: "x" } }, { host: SITE2, ip }), 403, "signup_closed");
    expect(await membersWithEmail(body.email)).toBe(0);

    const response = await postSignup({ ...body, trafficsource: { network: "adnet" } }, { host: SITE2, ip });
    expect(response.status).toBe(201);
    const { user } = UserAnswerSchema.parse(await response.json());
    expect(user.credits).toBe(30);
    expect(user.profile.language).toBe("en");
    expect(user.profile.country).toBe("BE");
    expect((await memberRow(user.profile.id)).site_id).toBe(2);
  });

  it("answers the same form posted twice with the same account (200) and a session, never a second account", async () => {
    const ip = newIp();
    const body = await validBody({ ip });
    const first = await postSignup(body, { ip });
    expect(first.status).toBe(201);
    const created = UserAnswerSchema.parse(await first.json()).user;

    const second = await postSignup(body, { ip });
    expect(second.status).toBe(200);
    const replayed = UserAnswerSchema.parse(await second.json()).user;
    expect(replayed.profile.id).toBe(created.profile.id);
    const cookie = sessionCookie(second);
    expect(UserAnswerSchema.parse(await (await call("/api/user.php", { cookie })).json()).user.profile.id).toBe(
      created.profile.id,
    );
    expect(await membersWithEmail(body.email)).toBe(1);
    // Still one credit grant and one notice.
    const ledger = await env.DB.prepare("SELECT COUNT(*) AS n FROM credit_ledger WHERE member_id = ?")
      .bind(created.profile.id)
      .first<{ n: number }>();
    expect(ledger!.n).toBe(1);
  });

  it("answers two identical posts racing with one account", async () => {
    const ip = newIp();
    const body = await validBody({ ip });
    const answers = await Promise.all([postSignup(body, { ip }), postSignup(body, { ip })]);
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.every((s) => [200, 201, 409].includes(s))).toBe(true);
    for (const answer of answers) if (answer.status === 409) await expectError(answer, 409, "signup_in_progress");
    expect(await membersWithEmail(body.email)).toBe(1);
  });

  it("refuses a used csrf token with another address or the wrong password: 403, no second account", async () => {
    const ip = newIp();
    const body = await validBody({ ip });
    expect((await postSignup(body, { ip })).status).toBe(201);

    const otherEmail = freshEmail();
    const otherToken = await tokenFor(otherEmail, SITE1, ip);
    const another = await postSignup({ ...body, email: otherEmail, token: otherToken }, { ip });
    await expectError(another, 403, "csrf_invalid");
    expect(another.headers.getSetCookie().some((c) => c.startsWith("sid="))).toBe(false);
    expect(await membersWithEmail(otherEmail)).toBe(0);

    const wrongPassword = await postSignup({ ...body, password: "guessed" }, { ip });
    await expectError(wrongPassword, 403, "csrf_invalid");
    expect(wrongPassword.headers.getSetCookie().some((c) => c.startsWith("sid="))).toBe(false);
    expect(await membersWithEmail(body.email)).toBe(1);
  });

  it("allows 20 sign-ups per hour per IP, then answers 429 with retry_after and creates nothing", async () => {
    const ip = newIp();
    // Refused forms do not count.
    await expectError(await postSignup({ ...(await validBody({ ip })), name: "@x" }, { ip }), 422, "invalid_input");
    for (let i = 0; i < 20; i++) {
      const response = await postSignup(await validBody({ ip }), { ip });
      expect(response.status).toBe(201);
    }
    const body = await validBody({ ip });
    const limited = await postSignup(body, { ip });
    const error = await expectError(limited, 429, "rate_limited");
    expect(error.retry_after).toBeGreaterThan(0);
    expect(error.retry_after).toBeLessThanOrEqual(3600);
    expect(await membersWithEmail(body.email)).toBe(0);
    // Another IP still signs up.
    const other = newIp();
    expect((await postSignup(await validBody({ ip: other }), { ip: other })).status).toBe(201);
  }, 120_000);

  it("answers POST without ?new or ?push with 400", async () => {
    const response = await call("/api/user.php", { method: "POST", json: {}, headers: { "x-client-ip": newIp() } });
    await expectError(response, 400, "invalid_input");
  });
});

// -------------------------------------------------------------------------------------------

describe("PUT /api/user.php", () => {
  const put = (cookie: string | undefined, json: unknown) => call("/api/user.php", { method: "PUT", json, cookie });

  async function userAfter(response: Response) {
    expect(response.status).toBe(200);
    return UserAnswerSchema.parse(await response.json()).user;
  }

  it("saves country, region and city", async () => {
    const { user, cookie } = await signUp();
    const saved = await userAfter(await put(cookie, { country: "NL", countryregion: 2, city: "  Haarlem " }));
    expect(saved.profile).toMatchObject({ country: "NL", countryregion: 2, city: "Haarlem" });
    expect(await memberRow(user.profile.id)).toMatchObject({ country: "NL", countryregion: 2, city: "Haarlem" });
  });

  it("refuses a region of another country with 422 not_in_country, changing nothing", async () => {
    const { user, cookie } = await signUp();
    await userAfter(await put(cookie, { country: "NL", countryregion: 1 }));
    await expectError(await put(cookie, { country: "NL", countryregion: 3 }), 422, "invalid_input", {
      countryregion: "not_in_country",
    });
    await expectError(await put(cookie, { countryregion: 3 }), 422, "invalid_input", { countryregion: "not_in_country" });
    await expectError(await put(cookie, { countryregion: 999999 }), 422, "invalid_input", { countryregion: "not_in_country" });
    expect(await memberRow(user.profile.id)).toMatchObject({ country: "NL", countryregion: 1 });
    // With its own country it is fine.
    expect((await userAfter(await put(cookie, { country: "BE", countryregion: 3 }))).profile).toMatchObject({
      country: "BE",
      countryregion: 3,
    });
  });

  it("refuses a country the site does not serve", async () => {
    const { user, cookie } = await signUp();
    await expectError(await put(cookie, { country: "JP" }), 422, "invalid_input", { country: "not_allowed" });
    await expectError(await put(cookie, { country: "nl" }), 422, "invalid_input", { country: expect.any(String) });
    expect((await memberRow(user.profile.id)).country).toBe("NL");
  });

  it("resets the region when the country changes without one", async () => {
    const { user, cookie } = await signUp();
    await userAfter(await put(cookie, { country: "NL", countryregion: 2 }));
    const moved = await userAfter(await put(cookie, { country: "BE" }));
    expect(moved.profile).toMatchObject({ country: "BE", countryregion: null });
    expect((await memberRow(user.profile.id)).countryregion).toBeNull();
    // The same country again keeps the region.
    await userAfter(await put(cookie, { country: "BE", countryregion: 3 }));
    expect((await userAfter(await put(cookie, { country: "BE" }))).profile.countryregion).toBe(3);
  });

  it("refuses a city over 255 characters, and an empty city clears it", async () => {
    const { user, cookie } = await signUp();
    await expectError(await put(cookie, { city: "c".repeat(256) }), 422, "invalid_input", { city: "too_big" });
    expect((await memberRow(user.profile.id)).city).toBeNull();
    expect((await userAfter(await put(cookie, { city: "c".repeat(255) }))).profile.city).toBe("c".repeat(255));
    expect((await userAfter(await put(cookie, { city: "" }))).profile.city).toBeNull();
  });

  it("changes the name by the sign-up's rule, against the member's own address (issue 16)", async () => {
    const { user, cookie } = await signUp();
    const renamed = await userAfter(await put(cookie, { name: "  Kim Two " }));
    expect(renamed.profile.name).toBe("Kim Two");
    expect((await memberRow(user.profile.id)).name).toBe("Kim Two");
    for (const [name, code] of [
      ["", "required"],
      ["   ", "required"],
      ["n".repeat(151), "too_big"],
      ["@kim", "name_starts_with_at"],
      [user.email.toUpperCase(), "name_equal_to_email"],
    ] as const) {
      await expectError(await put(cookie, { name }), 422, "invalid_input", { name: code });
    }
    await expectError(await put(cookie, { name: 42 }), 422, "invalid_input", { name: expect.any(String) });
    expect((await memberRow(user.profile.id)).name).toBe("Kim Two");
    // Another member's address is just a name.
    expect((await userAfter(await put(cookie, { name: "someone@example.com" }))).profile.name).toBe("someone@example.com");
  });

  it("saves the gender and refuses another value", async () => {
    const { user, cookie } = await signUp();
    expect((await userAfter(await put(cookie, { gender: "male" }))).profile.gender).toBe("male");
    await expectError(await put(cookie, { gender: "other" }), 422, "invalid_input", { gender: expect.any(String) });
    expect((await memberRow(user.profile.id)).gender).toBe("male");
  });

  it("saves whom the member is interested in (issue 16)", async () => {
    const { user, cookie } = await signUp();
    expect(user.profile.interested_in).toBeNull();
    for (const value of ["male", "female", "everyone", null] as const) {
      expect((await userAfter(await put(cookie, { interested_in: value }))).profile.interested_in).toBe(value);
      expect((await memberRow(user.profile.id)).interested_in).toBe(value);
    }
    await expectError(await put(cookie, { interested_in: "robots" }), 422, "invalid_input", {
      interested_in: expect.any(String),
    });
  });

  it("takes whom the member is interested in with the sign-up's profile", async () => {
    const { user } = await signUp({ profile: { gender: "male", interested_in: "male" } });
    expect(user.profile).toMatchObject({ gender: "male", interested_in: "male" });
  });

  it("saves a valid date of birth and clears it with null", async () => {
    const { user, cookie } = await signUp();
    const saved = await userAfter(await put(cookie, { date_of_birth: "1990-06-15" }));
    expect(saved.profile.date_of_birth).toBe("1990-06-15");
    expect(saved.profile.age).toBeGreaterThanOrEqual(35);
    const eighteen = yearsAgo(18);
    expect((await userAfter(await put(cookie, { date_of_birth: eighteen }))).profile.age).toBe(18);
    const cleared = await userAfter(await put(cookie, { date_of_birth: null }));
    expect(cleared.profile).toMatchObject({ date_of_birth: null, age: null });
    expect((await memberRow(user.profile.id)).date_of_birth).toBeNull();
  });

  it.each([
    ["a 17-year-old", () => yearsAgo(17)],
    ["30 February", () => "2000-02-30"],
    ["month 0", () => "2000-00-10"],
    ["day 0", () => "2000-01-00"],
    ["a 101-year-old", () => yearsAgo(101)],
    ["another format", () => "15-06-1990"],
  ])("refuses %s as date of birth with 422 date_of_birth_error", async (_, date) => {
    const { user, cookie } = await signUp();
    await userAfter(await put(cookie, { date_of_birth: "1990-06-15" }));
    await expectError(await put(cookie, { date_of_birth: date() }), 422, "invalid_input", {
      date_of_birth: "date_of_birth_error",
    });
    expect((await memberRow(user.profile.id)).date_of_birth).toBe("1990-06-15");
  });

  it("stores about-me text verbatim (the app renders it as text) and refuses unknown keys", async () => {
    const { user, cookie } = await signUp();
    const script = "<script>alert(1)</script>";
    const saved = await userAfter(await put(cookie, { personal: { about_me: script } }));
    expect(saved.profile.personal).toEqual({ about_me: script });
    expect(JSON.parse((await memberRow(user.profile.id)).personal as string)).toEqual({ about_me: script });
    // Another note merges; an empty one removes it.
    expect((await userAfter(await put(cookie, { personal: { looking_for: "Someone kind" } }))).profile.personal).toEqual({
      about_me: script,
      looking_for: "Someone kind",
    });
    expect((await userAfter(await put(cookie, { personal: { looking_for: "" } }))).profile.personal).toEqual({
      about_me: script,
    });

    await expectError(await put(cookie, { personal: { hobby: "x" } }), 422, "invalid_input", {
      "personal.hobby": "unknown_field",
    });
    await expectError(await put(cookie, { personal: { about_me: 5 } }), 422, "invalid_input");
    expect(JSON.parse((await memberRow(user.profile.id)).personal as string)).toEqual({ about_me: script });
  });

  it("saves select fields and interests, refusing values and fields the definition does not have", async () => {
    const { user, cookie } = await signUp();
    const saved = await userAfter(await put(cookie, { fields: { smoking: "no", interests: "travel,music" } }));
    expect(saved.profile.fields).toEqual({ smoking: "no", interests: "travel,music" });

    await expectError(await put(cookie, { fields: { smoking: "maybe" } }), 422, "invalid_input", {
      "fields.smoking": "not_allowed",
    });
    await expectError(await put(cookie, { fields: { unknown: "x" } }), 422, "invalid_input", {
      "fields.unknown": "unknown_field",
    });
    await expectError(await put(cookie, { fields: { interests: "travel,hacking" } }), 422, "invalid_input", {
      "fields.interests": "not_allowed",
    });
    expect(JSON.parse((await memberRow(user.profile.id)).fields as string)).toEqual({ smoking: "no", interests: "travel,music" });
  });

  it("saves lastSignupStep 0 to 7 and refuses 8", async () => {
    const { user, cookie } = await signUp();
    expect((await userAfter(await put(cookie, { lastSignupStep: 4 }))).profile.lastSignupStep).toBe(4);
    expect((await memberRow(user.profile.id)).last_signup_step).toBe(4);
    await expectError(await put(cookie, { lastSignupStep: 8 }), 422, "invalid_input", { lastSignupStep: expect.any(String) });
    await expectError(await put(cookie, { lastSignupStep: 2.5 }), 422, "invalid_input", { lastSignupStep: expect.any(String) });
    expect((await memberRow(user.profile.id)).last_signup_step).toBe(4);
  });

  it("refuses an unknown top-level key, changing nothing", async () => {
    const { user, cookie } = await signUp();
    await expectError(await put(cookie, { city: "Delft", status: "active" }), 422, "invalid_input");
    await expectError(await put(cookie, { city: "Delft", site_id: 2 }), 422, "invalid_input");
    expect(await memberRow(user.profile.id)).toMatchObject({ city: null, status: "not_confirmed", email: user.email });
  });

  it("answers a visitor with 403 not_logged_in", async () => {
    await expectError(await put(undefined, { city: "Delft" }), 403, "not_logged_in");
    await expectError(await put("sid=made-up", { city: "Delft" }), 403, "not_logged_in");
  });

  it("only ever changes the session's own member", async () => {
    const other = await createMember();
    const before = await memberRow(other.id);
    const { user, cookie } = await signUp();
    const response = await call(`/api/user.php?id=${other.id}&profile=${other.id}`, {
      method: "PUT",
      cookie,
      json: { city: "Delft", country: "BE", countryregion: 3, gender: "male" },
    });
    const saved = await userAfter(response);
    expect(saved.profile.id).toBe(user.profile.id);
    expect(saved.profile.city).toBe("Delft");
    await expectError(await put(cookie, { id: other.id, city: "Leiden" }), 422, "invalid_input");
    expect(await memberRow(other.id)).toEqual(before);
  });

  it("does not accept a session from another site", async () => {
    const { cookie } = await signUp();
    const response = await call("/api/user.php", { method: "PUT", json: { city: "Delft" }, cookie, host: SITE2 });
    await expectError(response, 403, "not_logged_in");
  });
});

// -------------------------------------------------------------------------------------------

describe("POST /api/user.php?push=1", () => {
  const subscription = (n = `${Date.now()}-${++emailCounter}`) => ({
    endpoint: `https://push.example.com/send/${n}`,
    keys: {
      p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
      auth: "tBHItJI5svbpez7KI4CCXg",
    },
  });
  const push = (cookie: string | undefined, json: unknown) => call("/api/user.php?push=1", { method: "POST", json, cookie });
  const me = async (cookie: string) => UserAnswerSchema.parse(await (await call("/api/user.php", { cookie })).json()).user;
  const rowsFor = async (endpoint: string) =>
    (
      await env.DB.prepare("SELECT member_id FROM push_subscriptions WHERE endpoint = ?")
        .bind(endpoint)
        .all<{ member_id: number }>()
    ).results;

  it("stores a subscription: the user's push becomes 'subscribed'", async () => {
    const { user, cookie } = await signUp();
    const sub = subscription();
    const response = await push(cookie, { subscription: sub });
    expect(response.status).toBe(200);
    expect(PushAnswerSchema.parse(await response.json())).toEqual({ push: "subscribed" });
    expect((await me(cookie)).push).toBe("subscribed");
    expect(await rowsFor(sub.endpoint)).toEqual([{ member_id: user.profile.id }]);
  });

  it("records a refusal: the user's push becomes 'denied'", async () => {
    const { user, cookie } = await signUp();
    const response = await push(cookie, { subscription: "denied" });
    expect(response.status).toBe(200);
    expect(PushAnswerSchema.parse(await response.json())).toEqual({ push: "denied" });
    expect((await me(cookie)).push).toBe("denied");
    expect((await memberRow(user.profile.id)).push_state).toBe("denied");
    // Subscribing later wins over the earlier refusal.
    expect((await push(cookie, { subscription: subscription() })).status).toBe(200);
    expect((await me(cookie)).push).toBe("subscribed");
  });

  it("refuses a non-https endpoint and malformed keys with 422, storing nothing", async () => {
    const { user, cookie } = await signUp();
    const sub = subscription();
    const http = { ...sub, endpoint: sub.endpoint.replace("https:", "http:") };
    await expectError(await push(cookie, { subscription: http }), 422, "invalid_input");
    await expectError(await push(cookie, { subscription: { ...sub, endpoint: "javascript:alert(1)" } }), 422, "invalid_input");
    await expectError(await push(cookie, { subscription: { ...sub, keys: { p256dh: "<x>", auth: "y" } } }), 422, "invalid_input");
    await expectError(await push(cookie, { subscription: "granted" }), 422, "invalid_input");
    await expectError(await push(cookie, {}), 422, "invalid_input", { subscription: expect.any(String) });
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM push_subscriptions WHERE member_id = ?")
      .bind(user.profile.id)
      .first<{ n: number }>();
    expect(rows!.n).toBe(0);
    expect((await me(cookie)).push).toBeNull();
  });

  it("answers a visitor with 403", async () => {
    const sub = subscription();
    await expectError(await push(undefined, { subscription: sub }), 403, "not_logged_in");
    expect(await rowsFor(sub.endpoint)).toEqual([]);
  });

  it("moves an endpoint to another member only with new keys (one row; issue 25, ADR 041)", async () => {
    const first = await signUp();
    const second = await signUp();
    const sub = subscription();
    expect((await push(first.cookie, { subscription: sub })).status).toBe(200);
    // The same endpoint and keys from another member: refused, nothing moves, nothing says whose.
    await expectError(await push(second.cookie, { subscription: sub }), 422, "invalid_input", {
      "subscription.endpoint": "resubscribe",
    });
    expect(await rowsFor(sub.endpoint)).toEqual([{ member_id: first.user.profile.id }]);
    // A fresh subscription of that browser (new keys from the push service) moves it.
    const fresh = {
      ...sub,
      keys: {
        p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
        auth: "BTBZMqHH6r4Tts7J_aSIgg",
      },
    };
    expect((await push(second.cookie, { subscription: fresh })).status).toBe(200);
    expect(await rowsFor(sub.endpoint)).toEqual([{ member_id: second.user.profile.id }]);
    expect((await me(second.cookie)).push).toBe("subscribed");
    expect((await me(first.cookie)).push).toBeNull();
  });
});

// -------------------------------------------------------------------------------------------

describe("GET /api/profile_fields.php and /api/interests.php", () => {
  type Tree = { [key: string]: string | Tree };
  const en = messages.en as unknown as Tree;
  const lookup = (tree: Tree, key: string): string | undefined => {
    let node: string | Tree | undefined = tree;
    for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
    return typeof node === "string" ? node : undefined;
  };

  it("lists the select fields with allowed values and English labels, and the site's about-me texts", async () => {
    const response = await call("/api/profile_fields.php?language=en");
    expect(response.status).toBe(200);
    const { fields } = ProfileFieldsAnswerSchema.parse(await response.json());
    const selects = fields.filter((f) => f.type === "select");
    expect(selects.map((f) => f.name)).toEqual(["relationship_status", "children", "body_type", "smoking"]);
    const smoking = selects.find((f) => f.name === "smoking")!;
    expect(smoking).toEqual({
      name: "smoking",
      type: "select",
      label: "Smoking",
      allowed_values: [
        { value: "no", label: "Non-smoker" },
        { value: "sometimes", label: "Smokes sometimes" },
        { value: "yes", label: "Smoker" },
      ],
    });
    const texts = fields.filter((f) => f.type === "text");
    expect(texts).toEqual([
      { name: "about_me", type: "text", label: "About me", max_length: 2000 },
      { name: "looking_for", type: "text", label: "Who I am looking for", max_length: 2000 },
    ]);
    // Site 2 shows only about_me.
    const site2 = ProfileFieldsAnswerSchema.parse(
      await (await call("/api/profile_fields.php?language=en", { host: SITE2 })).json(),
    );
    expect(site2.fields.filter((f) => f.type === "text").map((f) => f.name)).toEqual(["about_me"]);
  });

  it("labels in Dutch where the translation exists, else in English, never with raw keys", async () => {
    const nl = messages.nl as unknown as Tree;
    const enFields = ProfileFieldsAnswerSchema.parse(await (await call("/api/profile_fields.php?language=en")).json()).fields;
    const nlFields = ProfileFieldsAnswerSchema.parse(await (await call("/api/profile_fields.php?language=nl")).json()).fields;
    // The same structure.
    expect(nlFields.map((f) => [f.name, f.type])).toEqual(enFields.map((f) => [f.name, f.type]));
    for (const field of nlFields) {
      const key = field.type === "select" ? `profileFields.${field.name}.label` : `profileNotes.${field.name}`;
      expect(field.label, key).toBe(lookup(nl, key) ?? lookup(en, key));
      if (field.type === "select") {
        for (const option of field.allowed_values) {
          const valueKey = `profileFields.${field.name}.values.${option.value}`;
          expect(option.label, valueKey).toBe(lookup(nl, valueKey) ?? lookup(en, valueKey));
        }
      }
    }
  });

  it("lists the 12 interests with their names", async () => {
    const response = await call("/api/interests.php?language=en");
    expect(response.status).toBe(200);
    const { interests } = InterestsAnswerSchema.parse(await response.json());
    expect(interests).toHaveLength(12);
    expect(interests[0]).toEqual({ id: "travel", name: "Travel" });
    expect(interests.map((i) => i.id)).toContain("wine");
    for (const interest of interests) expect(interest.name).toBe(lookup(en, `interests.${interest.id}`));
  });

  it("names interests in Dutch where translated, else in English, never with raw keys (site 2 speaks Dutch)", async () => {
    const nl = messages.nl as unknown as Tree;
    const { interests } = InterestsAnswerSchema.parse(await (await call("/api/interests.php", { host: SITE2 })).json());
    expect(interests).toHaveLength(12);
    for (const interest of interests) {
      const key = `interests.${interest.id}`;
      expect(interest.name, key).toBe(lookup(nl, key) ?? lookup(en, key));
    }
  });
});
