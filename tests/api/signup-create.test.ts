/**
 * Sign-up (POST user.php?new=1): the member it creates, the name, password, csrf and address-token
 * rules, the site's countries and traffic sources, repeated and racing posts, and the per-IP limit.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { UserAnswerSchema } from "../../contract/schemas";
import { call, ensureSites, loginAs, sessionCookie } from "./helpers";
import {
  SITE1,
  SITE2,
  newIp,
  freshEmail,
  getCsrf,
  tokenFor,
  postSignup,
  validBody,
  memberRow,
  expectError,
} from "./signup-helpers";

beforeAll(ensureSites);

async function membersWithEmail(email: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM members WHERE email = ?")
    .bind(email.trim().toLowerCase())
    .first<{ n: number }>();
  return row!.n;
}

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
