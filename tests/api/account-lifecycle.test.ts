/**
 * The account lifecycle (issue 4): changing the email address (mail_change.php), deleting the
 * account (DELETE user.php), push off (DELETE user.php?push=1), the data export
 * (user_export.php) and the mail language (PUT user.php { language }).
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import {
  AccountDeletedSchema,
  ApiErrorSchema,
  CsrfAnswerSchema,
  DataExportSchema,
  EmailCheckSchema,
  LikesAnswerSchema,
  MailChangeSentSchema,
  MailChangeTokenSchema,
  MailChangedSchema,
  NotificationsAnswerSchema,
  PushAnswerSchema,
  PushOffSchema,
  SearchAnswerSchema,
  UserAnswerSchema,
} from "../../contract/schemas";
import { mailproviderOf } from "../../contract/rules/signup";
import { sha256Hex } from "../../workers/api/lib/sha256";
import { call, createMember, ensureSites, loginAs, sessionCookie } from "./helpers";

beforeAll(ensureSites);

const SITE1 = "localhost:8787";
const SITE2 = "127.0.0.1";
const MAIL_CHANGE = "/api/mail_change.php";
const DAY = 24 * 60 * 60 * 1000;

type Member = Awaited<ReturnType<typeof createMember>>;

// ---------------------------------------------------------------------------------------------
// Helpers

/** Every caller its own client IP, so one test's per-IP limits never touch another's. */
function newIp(): string {
  return `lifecycle-${crypto.randomUUID()}`;
}

let emailCounter = 0;
function freshEmail(domain = "example.com"): string {
  return `changed${Date.now()}x${++emailCounter}@${domain}`;
}

async function errorOf(response: Response, status: number, code: string) {
  expect(response.status, `expected ${status} ${code}`).toBe(status);
  expect(response.headers.get("content-type")).toContain("application/json");
  const body = ApiErrorSchema.parse(await response.json());
  expect(body.error).toBe(code);
  return body;
}

async function me(cookie: string, host?: string) {
  const response = await call("/api/user.php", { cookie, host });
  expect(response.status).toBe(200);
  return UserAnswerSchema.parse(await response.json()).user;
}

async function userStatus(cookie: string, host?: string): Promise<number> {
  return (await call("/api/user.php", { cookie, host })).status;
}

function login(email: string, password: string, host?: string) {
  return call("/api/login.php", { method: "POST", json: { email, password }, host, headers: { "x-client-ip": newIp() } });
}

function requestChange(cookie: string | undefined, body: unknown, host?: string) {
  return call(MAIL_CHANGE, { method: "POST", json: body, cookie, host });
}

function applyChange(token: unknown, options: { host?: string; cookie?: string } = {}) {
  return call(`${MAIL_CHANGE}?do=1`, { method: "POST", json: { token }, host: options.host, cookie: options.cookie });
}

async function checkToken(token: string, host?: string) {
  const response = await call(`${MAIL_CHANGE}?token=${encodeURIComponent(token)}`, { host });
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store");
  expect(response.headers.get("referrer-policy")).toBe("no-referrer");
  return MailChangeTokenSchema.parse(await response.json());
}

interface MailRow {
  id: number;
  site_id: number;
  member_id: number | null;
  kind: string;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  delivered_at: number | null;
}

async function mails(memberId: number, kind: "mail_change" | "mail_changed"): Promise<MailRow[]> {
  const { results } = await env.DB.prepare("SELECT * FROM mail_outbox WHERE member_id = ? AND kind = ? ORDER BY id")
    .bind(memberId, kind)
    .all<MailRow>();
  return results;
}

async function changeRows(memberId: number) {
  const { results } = await env.DB.prepare("SELECT * FROM email_changes WHERE member_id = ? ORDER BY created_at")
    .bind(memberId)
    .all<{
      token_hash: string;
      site_id: number;
      new_email: string;
      created_at: number;
      expires_at: number;
      used_at: number | null;
    }>();
  return results;
}

function changeLinkIn(text: string): URL {
  const match = /https?:\/\/\S+\/mail-change\/do\?token=[0-9a-f]{64}/.exec(text);
  if (!match) throw new Error(`no mail change link in:\n${text}`);
  return new URL(match[0]);
}

/** Asks to move the member to `newEmail` and returns the token from the confirmation mail. */
async function changeToken(member: Member, cookie: string, newEmail: string, host?: string): Promise<string> {
  const response = await requestChange(cookie, { email: newEmail, password: member.password }, host);
  expect(response.status).toBe(200);
  expect(MailChangeSentSchema.parse(await response.json()).email).toBe(newEmail);
  const mail = (await mails(member.id, "mail_change")).at(-1);
  if (!mail) throw new Error("no mail change mail was written");
  expect(mail.to_address).toBe(newEmail);
  return changeLinkIn(mail.text).searchParams.get("token")!;
}

async function memberRow(id: number) {
  return (await env.DB.prepare("SELECT * FROM members WHERE id = ?").bind(id).first<Record<string, unknown>>())!;
}

async function count(sql: string, ...params: unknown[]): Promise<number> {
  const row = await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>();
  return row!.n;
}

let fileCounter = 0;
const largeKey = (thumb: string) => thumb.replace(/\.jpg$/, "-large.jpg");

/** Photos as an upload leaves them: rows by position, both versions in R2, the first one main. */
async function addImages(memberId: number, n: number) {
  const keys: string[] = [];
  for (let position = 0; position < n; position++) {
    const key = `u${memberId}-lifecycle${++fileCounter}.jpg`;
    await env.PHOTOS.put(key, new Uint8Array([0xff, 0xd8, 0xff, 1]));
    await env.PHOTOS.put(largeKey(key), new Uint8Array([0xff, 0xd8, 0xff, 2]));
    const row = await env.DB.prepare(
      "INSERT INTO images (member_id, filename, position, created_at) VALUES (?, ?, ?, ?) RETURNING id",
    )
      .bind(memberId, key, position, Date.now())
      .first<{ id: number }>();
    if (position === 0) await env.DB.prepare("UPDATE members SET main_image_id = ? WHERE id = ?").bind(row!.id, memberId).run();
    keys.push(key);
  }
  return keys;
}

function like(cookie: string, profile: number) {
  return call("/api/likes.php", { method: "POST", json: { profile }, cookie });
}

function pushSubscription(host: string) {
  return {
    endpoint: `https://${host}/send/${crypto.randomUUID()}`,
    keys: {
      p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
      auth: "tBHItJI5svbpez7KI4CCXg",
    },
  };
}

async function subscribe(cookie: string, host = "push.example.com") {
  const subscription = pushSubscription(host);
  const response = await call("/api/user.php?push=1", { method: "POST", json: { subscription }, cookie });
  expect(response.status).toBe(200);
  expect(PushAnswerSchema.parse(await response.json())).toEqual({ push: "subscribed" });
  return subscription;
}

function deleteAccount(cookie: string | undefined, body: unknown = {}) {
  return call("/api/user.php", { method: "DELETE", json: body, cookie });
}

/** A sign-up as the app does it: csrf, the address check's token, then POST user.php?new=1. */
async function signUp(email: string, options: { password?: string; host?: string } = {}) {
  const ip = newIp();
  const host = options.host ?? SITE1;
  const check = await call(`/api/validate_email.php?email=${encodeURIComponent(email)}`, {
    host,
    headers: { "x-client-ip": ip },
  });
  expect(check.status).toBe(200);
  const checked = EmailCheckSchema.parse(await check.json());
  expect(checked.status).toBe("new");
  const csrfResponse = await call("/api/csrf.php", { host, headers: { "x-client-ip": ip } });
  const { csrf } = CsrfAnswerSchema.parse(await csrfResponse.json());
  const response = await call("/api/user.php?new=1", {
    method: "POST",
    host,
    headers: { "x-client-ip": ip },
    json: {
      email,
      name: "Again",
      password: options.password ?? "a fresh password",
      country: "NL",
      language: "en",
      timezone: "Europe/Amsterdam",
      csrf,
      token: checked.token,
    },
  });
  expect(response.status).toBe(201);
  return { user: UserAnswerSchema.parse(await response.json()).user, cookie: sessionCookie(response) };
}

async function emailCheckStatus(email: string, host = SITE1) {
  const response = await call(`/api/validate_email.php?email=${encodeURIComponent(email)}`, {
    host,
    headers: { "x-client-ip": newIp() },
  });
  expect(response.status).toBe(200);
  return EmailCheckSchema.parse(await response.json()).status;
}

// =============================================================================================
// Mail change

describe("asking to change the email address (POST /api/mail_change.php)", () => {
  it("mails a confirmation link to the new address, stores only its hash, and changes nothing yet", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    const newEmail = freshEmail("gmail.com");

    const response = await requestChange(cookie, { email: `  ${newEmail.toUpperCase()} `, password: member.password });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(MailChangeSentSchema.parse(await response.json())).toEqual({ sent: true, email: newEmail });

    const sent = await mails(member.id, "mail_change");
    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail.site_id).toBe(1);
    expect(mail.to_address).toBe(newEmail);
    expect(mail.subject).toBe("Confirm your new email address for Amora");
    expect(mail.text).toContain(newEmail);
    expect(mail.delivered_at).not.toBeNull();
    const link = changeLinkIn(mail.text);
    expect(link.origin).toBe("http://localhost:8787");
    expect(link.pathname).toBe("/mail-change/do");
    expect(mail.html).toContain(`href="${link.href}"`);
    const token = link.searchParams.get("token")!;

    const rows = await changeRows(member.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(await sha256Hex(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!).toMatchObject({ site_id: 1, new_email: newEmail, used_at: null });
    expect(rows[0]!.expires_at - rows[0]!.created_at).toBe(DAY);

    // Nothing changes until the link is used: the old address still logs in, the new one not.
    expect((await me(cookie)).email).toBe(member.email);
    expect((await login(member.email, member.password)).status).toBe(200);
    expect((await login(newEmail, member.password)).status).toBe(401);
    expect(await checkToken(token)).toEqual({ valid: true, email: newEmail });
  });

  it("applies the change with the link: new address in user.php and login, a notice mail to the old one, an email_changed notice", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    const newEmail = freshEmail("gmail.com");
    const token = await changeToken(member, cookie, newEmail);
    expect(await checkToken(token)).toEqual({ valid: true, email: newEmail });

    // No login needed: the link may be opened on another device.
    const response = await applyChange(token);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(MailChangedSchema.parse(await response.json())).toEqual({ changed: true, email: newEmail });

    const user = await me(cookie);
    expect(user.email).toBe(newEmail);
    expect(user.mailprovider).toBe(mailproviderOf(newEmail));
    const row = await memberRow(member.id);
    expect(row.email).toBe(newEmail);

    expect((await login(newEmail, member.password)).status).toBe(200);
    const old = await login(member.email, member.password);
    await errorOf(old, 401, "invalid_credentials");

    const notices = await mails(member.id, "mail_changed");
    expect(notices).toHaveLength(1);
    const notice = notices[0]!;
    expect(notice.to_address).toBe(member.email);
    expect(notice.site_id).toBe(1);
    expect(notice.subject).toBe("Your email address at Amora was changed");
    expect(notice.text).toContain(newEmail);
    // "This was not me" is a one-time rescue link (tests/api/account-rescue.test.ts), not a page behind a login.
    const rescue = /http:\/\/localhost:8787\/account-rescue\?token=[0-9a-f]{64}/.exec(notice.text);
    expect(rescue).not.toBeNull();
    expect(notice.html).toContain(`href="${rescue![0]}"`);
    // No second confirmation mail went anywhere.
    expect(await mails(member.id, "mail_change")).toHaveLength(1);

    const list = NotificationsAnswerSchema.parse(await (await call("/api/notifications.php", { cookie })).json());
    const changed = list.notifications.filter((n) => n.type === "account" && n.kind === "email_changed");
    expect(changed).toHaveLength(1);
    expect(changed[0]!.read).toBe(false);
    expect(await count("SELECT COUNT(*) AS n FROM notices WHERE member_id = ? AND kind = 'email_changed'", member.id)).toBe(1);

    expect((await changeRows(member.id))[0]!.used_at).not.toBeNull();
    expect(await checkToken(token)).toEqual({ valid: false });
    // The old address is free for a new account; the new one is taken.
    expect(await emailCheckStatus(member.email)).toBe("new");
    expect(await emailCheckStatus(newEmail)).toBe("active");
  });

  it("is for logged-in members only", async () => {
    const response = await requestChange(undefined, { email: freshEmail(), password: "correct horse" });
    await errorOf(response, 403, "not_logged_in");
    await errorOf(await requestChange("sid=not-a-session", { email: freshEmail(), password: "x" }), 403, "not_logged_in");
  });

  it("refuses a wrong, missing or non-string password with 403 wrong_password, and mails nothing", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    for (const password of ["not the password", undefined, "", 42, null, ["correct horse"], "x".repeat(5000)]) {
      // The password limit allows 5 failures per 15 minutes: start each case afresh.
      await env.DB.prepare("DELETE FROM rate_limits WHERE key = ?").bind(`password:member:${member.id}`).run();
      const response = await requestChange(cookie, { email: freshEmail(), password });
      const body = await errorOf(response, 403, "wrong_password");
      expect(body.fields?.password).toBe("wrong_password");
    }
    expect(await mails(member.id, "mail_change")).toHaveLength(0);
    expect(await changeRows(member.id)).toHaveLength(0);
    expect((await me(cookie)).email).toBe(member.email);
  });

  it("locks out after 5 wrong passwords in 15 minutes, the right one included (the password-change limit)", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    for (let i = 0; i < 5; i++) {
      await errorOf(await requestChange(cookie, { email: freshEmail(), password: `wrong ${i}` }), 403, "wrong_password");
    }
    const locked = await requestChange(cookie, { email: freshEmail(), password: member.password });
    const body = await errorOf(locked, 429, "rate_limited");
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(15 * 60);
    expect(await mails(member.id, "mail_change")).toHaveLength(0);
    // The same limit guards deletion.
    await errorOf(await deleteAccount(cookie, { password: member.password }), 429, "rate_limited");
    expect(await userStatus(cookie)).toBe(200);
  });

  it("refuses the address the account has now, in any case", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    for (const email of [member.email, ` ${member.email.toUpperCase()} `]) {
      const body = await errorOf(await requestChange(cookie, { email, password: member.password }), 422, "same_email");
      expect(body.fields?.email).toBe("same_email");
    }
    expect(await mails(member.id, "mail_change")).toHaveLength(0);
  });

  it("refuses an address another member of this site has (active or not confirmed) with 409", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    const other = await createMember();
    const unconfirmed = await createMember();
    await env.DB.prepare("UPDATE members SET status = 'not_confirmed' WHERE id = ?").bind(unconfirmed.id).run();
    for (const email of [other.email, other.email.toUpperCase(), unconfirmed.email]) {
      const body = await errorOf(
        await requestChange(cookie, { email, password: member.password }),
        409,
        "existing_account_active",
      );
      expect(body.fields?.email).toBe("existing_account_active");
    }
    expect(await mails(member.id, "mail_change")).toHaveLength(0);
    expect(await changeRows(member.id)).toHaveLength(0);
  });

  it("allows an address that has an account only on another site", async () => {
    const member = await createMember();
    const elsewhere = await createMember({ siteId: 2 });
    const cookie = await loginAs(member);
    const token = await changeToken(member, cookie, elsewhere.email);
    expect((await applyChange(token)).status).toBe(200);
    expect((await me(cookie)).email).toBe(elsewhere.email);
  });

  it("refuses an address that cannot receive mail with 422 invalid_email", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    for (const email of ["a@b.invalid", "nobody@localhost", "no-at-sign.example.com", "two@@example.com", "x@example.test"]) {
      const body = await errorOf(await requestChange(cookie, { email, password: member.password }), 422, "invalid_email");
      expect(body.fields?.email, email).toBe("invalid_email");
    }
    expect(await mails(member.id, "mail_change")).toHaveLength(0);
  });

  it("refuses a missing, empty, non-string or too long address with 422 invalid_input", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    const cases: [unknown, string][] = [
      [undefined, "required"],
      ["", "too_small"],
      ["   ", "too_small"],
      [`${"a".repeat(243)}@example.com`, "too_big"], // 255 characters
    ];
    for (const [email, code] of cases) {
      const body = await errorOf(await requestChange(cookie, { email, password: member.password }), 422, "invalid_input");
      expect(body.fields?.email, String(email)).toBe(code);
    }
    // A body that is not an object, and one that is not JSON.
    await errorOf(await requestChange(cookie, ["not", "an", "object"]), 422, "invalid_input");
    await errorOf(await requestChange(cookie, null), 422, "invalid_input");
    const broken = await call(MAIL_CHANGE, {
      method: "POST",
      body: "{",
      headers: { "content-type": "application/json" },
      cookie,
    });
    await errorOf(broken, 400, "invalid_json");
    expect(await mails(member.id, "mail_change")).toHaveLength(0);
    // Form-encoded bodies are accepted as everywhere else.
    const form = await call(MAIL_CHANGE, {
      method: "POST",
      body: new URLSearchParams({ email: freshEmail(), password: member.password }),
      cookie,
    });
    expect(form.status).toBe(200);
    MailChangeSentSchema.parse(await form.json());
  });

  it("reports a non-string address as invalid_type, not as missing", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    for (const email of [42, true, ["a@example.com"], { address: "a@example.com" }]) {
      const body = await errorOf(await requestChange(cookie, { email, password: member.password }), 422, "invalid_input");
      expect(body.fields?.email, JSON.stringify(email)).toBe("invalid_type");
    }
    // Missing is "required".
    const missing = await errorOf(await requestChange(cookie, { password: member.password }), 422, "invalid_input");
    expect(missing.fields?.email).toBe("required");
  });

  it("allows 3 requests an hour per member; the 4th is 429 and mails nothing", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    for (let i = 0; i < 3; i++) await changeToken(member, cookie, freshEmail());
    const refused = await requestChange(cookie, { email: freshEmail(), password: member.password });
    const body = await errorOf(refused, 429, "rate_limited");
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(60 * 60);
    expect(await mails(member.id, "mail_change")).toHaveLength(3);
    expect(await changeRows(member.id)).toHaveLength(3);
    // Another member is not affected.
    const other = await createMember();
    await changeToken(other, await loginAs(other), freshEmail());
  });
});

describe("checking a mail change link (GET /api/mail_change.php?token=)", () => {
  it("answers valid:false for a missing, malformed, made-up or another site's token", async () => {
    const missing = await call(MAIL_CHANGE);
    expect(missing.status).toBe(200);
    expect(MailChangeTokenSchema.parse(await missing.json())).toEqual({ valid: false });
    for (const token of ["", "not-a-token", "f".repeat(64), "F".repeat(64), "0".repeat(63), "0".repeat(65)]) {
      expect(await checkToken(token), token).toEqual({ valid: false });
    }
    const member = await createMember({ siteId: 2 });
    const token = await changeToken(member, await loginAs(member, SITE2), freshEmail(), SITE2);
    expect(await checkToken(token)).toEqual({ valid: false });
    expect((await checkToken(token, SITE2)).valid).toBe(true);
    expect(await checkToken(token.toUpperCase(), SITE2)).toEqual({ valid: false });
  });
});

describe("confirming a mail change (POST /api/mail_change.php?do=1)", () => {
  it("stops working once the password is changed: whoever asked may have had the old one", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    const token = await changeToken(member, cookie, freshEmail());
    const changed = await call("/api/password.php", {
      method: "PUT",
      json: { current: member.password, password: "a whole new password" },
      cookie,
    });
    expect(changed.status).toBe(200);
    await errorOf(await applyChange(token), 410, "token_invalid");
    expect((await me(cookie)).email).toBe(member.email);
  });

  it("works once: the token reused is 410 token_invalid", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    const first = freshEmail();
    const token = await changeToken(member, cookie, first);
    expect((await applyChange(token)).status).toBe(200);
    await errorOf(await applyChange(token), 410, "token_invalid");
    expect((await me(cookie)).email).toBe(first);
    expect(await mails(member.id, "mail_changed")).toHaveLength(1);
    expect(await count("SELECT COUNT(*) AS n FROM notices WHERE member_id = ? AND kind = 'email_changed'", member.id)).toBe(1);
  });

  it("lets only one of two simultaneous uses succeed", async () => {
    const member = await createMember();
    const token = await changeToken(member, await loginAs(member), freshEmail());
    const answers = await Promise.all([applyChange(token), applyChange(token)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 410]);
    expect(await mails(member.id, "mail_changed")).toHaveLength(1);
  });

  it("ends the member's other change links, and reset links sent to the old address", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    const older = await changeToken(member, cookie, freshEmail());
    const newer = freshEmail();
    const newerToken = await changeToken(member, cookie, newer);
    const reset = await call("/api/password_reset.php", {
      method: "POST",
      json: { email: member.email },
      headers: { "x-client-ip": newIp() },
    });
    expect(reset.status).toBe(200);
    expect(await count("SELECT COUNT(*) AS n FROM password_resets WHERE member_id = ? AND used_at IS NULL", member.id)).toBe(1);

    expect((await applyChange(newerToken)).status).toBe(200);
    expect(await checkToken(older)).toEqual({ valid: false });
    await errorOf(await applyChange(older), 410, "token_invalid");
    expect((await me(cookie)).email).toBe(newer);
    expect(await count("SELECT COUNT(*) AS n FROM password_resets WHERE member_id = ? AND used_at IS NULL", member.id)).toBe(0);
  });

  it("refuses an expired token with 410 and changes nothing", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    const token = await changeToken(member, cookie, freshEmail());
    await env.DB.prepare("UPDATE email_changes SET expires_at = ? WHERE member_id = ?")
      .bind(Date.now() - 1, member.id)
      .run();
    expect(await checkToken(token)).toEqual({ valid: false });
    await errorOf(await applyChange(token), 410, "token_invalid");
    expect((await me(cookie)).email).toBe(member.email);
    expect(await mails(member.id, "mail_changed")).toHaveLength(0);
  });

  it("still takes a token just inside its 24 hours", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    const email = freshEmail();
    const token = await changeToken(member, cookie, email);
    await env.DB.prepare("UPDATE email_changes SET created_at = created_at - ?, expires_at = ? WHERE member_id = ?")
      .bind(DAY - 60_000, Date.now() + 60_000, member.id)
      .run();
    expect((await applyChange(token)).status).toBe(200);
    expect((await me(cookie)).email).toBe(email);
  });

  it("refuses another site's token, which still works on its own site", async () => {
    const member = await createMember({ siteId: 2 });
    const cookie = await loginAs(member, SITE2);
    const email = freshEmail();
    const token = await changeToken(member, cookie, email, SITE2);
    const mail = (await mails(member.id, "mail_change"))[0]!;
    expect(mail.site_id).toBe(2);
    expect(changeLinkIn(mail.text).origin).toBe("http://127.0.0.1");

    await errorOf(await applyChange(token), 410, "token_invalid");
    expect((await me(cookie, SITE2)).email).toBe(member.email);
    const response = await applyChange(token, { host: SITE2 });
    expect(response.status).toBe(200);
    expect(MailChangedSchema.parse(await response.json()).email).toBe(email);
    expect((await me(cookie, SITE2)).email).toBe(email);
    const notice = (await mails(member.id, "mail_changed"))[0]!;
    expect(notice.site_id).toBe(2);
    expect(notice.text).toContain("http://127.0.0.1/account-rescue?token=");
  });

  it("refuses a made-up, malformed or missing token with 410, never a 500", async () => {
    for (const token of ["f".repeat(64), "not-a-token", "", "F".repeat(64), 42, null, undefined, ["a"], { token: "x" }]) {
      await errorOf(await applyChange(token), 410, "token_invalid");
    }
    const empty = await call(`${MAIL_CHANGE}?do=1`, { method: "POST" });
    await errorOf(empty, 410, "token_invalid");
    const broken = await call(`${MAIL_CHANGE}?do=1`, {
      method: "POST",
      body: "{",
      headers: { "content-type": "application/json" },
    });
    await errorOf(broken, 400, "invalid_json");
    const notObject = await call(`${MAIL_CHANGE}?do=1`, { method: "POST", json: "a string" });
    await errorOf(notObject, 422, "invalid_input");
  });

  it("refuses with 409 when the address was taken between the request and the confirmation; the email stays", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    const email = freshEmail();
    const token = await changeToken(member, cookie, email);
    const taker = await signUp(email);
    expect(taker.user.email).toBe(email);

    const body = await errorOf(await applyChange(token), 409, "existing_account_active");
    expect(body.fields?.email).toBe("existing_account_active");
    expect((await me(cookie)).email).toBe(member.email);
    expect((await memberRow(member.id)).email).toBe(member.email);
    expect((await me(taker.cookie)).email).toBe(email);
    expect(await mails(member.id, "mail_changed")).toHaveLength(0);
    expect(await count("SELECT COUNT(*) AS n FROM notices WHERE member_id = ? AND kind = 'email_changed'", member.id)).toBe(0);
    expect((await login(member.email, member.password)).status).toBe(200);
  });

  it("gives the address to the first of two members who asked for it; the second gets 409", async () => {
    const ann = await createMember();
    const bob = await createMember();
    const email = freshEmail();
    const annToken = await changeToken(ann, await loginAs(ann), email);
    const bobToken = await changeToken(bob, await loginAs(bob), email);
    expect((await applyChange(bobToken)).status).toBe(200);
    await errorOf(await applyChange(annToken), 409, "existing_account_active");
    expect((await memberRow(ann.id)).email).toBe(ann.email);
    expect((await memberRow(bob.id)).email).toBe(email);
  });

  it("confirms a not yet confirmed member: the link proves the new address", async () => {
    const member = await createMember();
    await env.DB.prepare("UPDATE members SET status = 'not_confirmed', activated_at = NULL WHERE id = ?").bind(member.id).run();
    const cookie = await loginAs(member);
    expect((await me(cookie)).status).toBe("not_confirmed");
    const email = freshEmail();
    const token = await changeToken(member, cookie, email);
    expect((await applyChange(token)).status).toBe(200);
    const user = await me(cookie);
    expect(user.status).toBe("active");
    expect(user.email).toBe(email);
    const row = await memberRow(member.id);
    expect(row.status).toBe("active");
    expect(row.activated_at).not.toBeNull();
  });

  it("refuses the link of a member who has since deleted the account", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    const token = await changeToken(member, cookie, freshEmail());
    expect((await deleteAccount(cookie, { password: member.password })).status).toBe(200);
    expect(await checkToken(token)).toEqual({ valid: false });
    await errorOf(await applyChange(token), 410, "token_invalid");
    expect((await memberRow(member.id)).email).toBeNull();
  });
});

// =============================================================================================
// Deletion

describe("deleting the account (DELETE /api/user.php)", () => {
  /** A birth date that makes the member exactly `age` today. */
  function birthDate(age: number) {
    const now = new Date();
    return `${now.getUTCFullYear() - age}-${String(now.getUTCMonth() + 1).padStart(2, "0")}-01`;
  }

  it("erases the member: session, search, profile, likes, email, photos; keeps the ledger; the address can sign up again", async () => {
    const ann = await createMember({ credits: 120 });
    const bob = await createMember();
    // Ann is the only 77-year-old in Antwerpen, so a search finds exactly her.
    await env.DB.prepare("UPDATE members SET country = 'BE', countryregion = 3, date_of_birth = ? WHERE id = ?")
      .bind(birthDate(77), ann.id)
      .run();
    const annCookie = await loginAs(ann);
    const annPhone = await loginAs(ann);
    const bobCookie = await loginAs(bob);
    const keys = await addImages(ann.id, 2);
    const bobKeys = await addImages(bob.id, 1);
    await subscribe(annCookie);
    expect((await like(annCookie, bob.id)).status).toBe(200);
    expect((await like(bobCookie, ann.id)).status).toBe(200);
    const token = await changeToken(ann, annCookie, freshEmail());

    const searchAnn = async () => {
      const response = await call(
        "/api/search.php?country=BE&countryregion=3&gender=&min_age=77&max_age=77&manual_search=1&do_not_save=1",
        {
          cookie: bobCookie,
        },
      );
      expect(response.status).toBe(200);
      return SearchAnswerSchema.parse(await response.json()).profiles.map((p) => p.id);
    };
    expect(await searchAnn()).toContain(ann.id);
    expect((await call(`/api/profile.php?id=${ann.id}`, { cookie: bobCookie })).status).toBe(200);

    const response = await deleteAccount(annCookie, { password: ann.password });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(AccountDeletedSchema.parse(await response.json())).toEqual({ deleted: true });
    const cleared = response.headers.getSetCookie().find((c) => c.startsWith("sid="));
    expect(cleared).toBeDefined();
    expect(cleared).toMatch(/^sid=;/);
    expect(cleared).toMatch(/Max-Age=0/i);
    expect(cleared).toMatch(/Path=\//i);

    // Every session ended, not only this one; the password no longer logs in.
    await errorOf(await call("/api/user.php", { cookie: annCookie }), 403, "not_logged_in");
    expect(await userStatus(annPhone)).toBe(403);
    await errorOf(await login(ann.email, ann.password), 401, "invalid_credentials");
    await errorOf(await call("/api/user_export.php", { cookie: annPhone }), 403, "not_logged_in");

    // Gone from other members' view.
    expect(await searchAnn()).not.toContain(ann.id);
    await errorOf(await call(`/api/profile.php?id=${ann.id}`, { cookie: bobCookie }), 404, "profile_not_found");
    const bobLikes = LikesAnswerSchema.parse(await (await call("/api/likes.php", { cookie: bobCookie })).json());
    expect(bobLikes.profiles.map((p) => p.id)).not.toContain(ann.id);
    expect(bobLikes.liked_by.map((p) => p.id)).not.toContain(ann.id);
    const bobNotifications = NotificationsAnswerSchema.parse(
      await (await call("/api/notifications.php", { cookie: bobCookie })).json(),
    );
    expect(bobNotifications.notifications.some((n) => n.type === "like" && n.profile.id === ann.id)).toBe(false);
    expect((await me(bobCookie)).new_likes).toBe(0);
    await errorOf(await like(bobCookie, ann.id), 404, "profile_not_found");

    // The tombstone: no address, no password, no personal data.
    const row = await memberRow(ann.id);
    expect(row).toMatchObject({
      status: "deleted",
      email: null,
      password_hash: null,
      password_salt: null,
      name: "",
      gender: null,
      date_of_birth: null,
      city: null,
      main_image_id: null,
      trafficsource: null,
      personal: "{}",
      fields: "{}",
    });
    expect(row.deleted_at).not.toBeNull();
    for (const table of [
      "sessions",
      "images",
      "notices",
      "push_subscriptions",
      "email_changes",
      "mail_outbox",
      "password_resets",
    ]) {
      expect(await count(`SELECT COUNT(*) AS n FROM ${table} WHERE member_id = ?`, ann.id), table).toBe(0);
    }
    expect(await count("SELECT COUNT(*) AS n FROM likes WHERE member_id = ? OR profile_id = ?", ann.id, ann.id)).toBe(0);
    await errorOf(await applyChange(token), 410, "token_invalid");

    // Both versions of every photo gone from R2; another member's stay.
    for (const key of keys) {
      expect(await env.PHOTOS.head(key), key).toBeNull();
      expect(await env.PHOTOS.head(largeKey(key)), largeKey(key)).toBeNull();
    }
    expect(await env.PHOTOS.head(bobKeys[0]!)).not.toBeNull();
    expect(await env.PHOTOS.head(largeKey(bobKeys[0]!))).not.toBeNull();

    // The ledger stays for the books, still pointing at the tombstone.
    const { results: ledger } = await env.DB.prepare("SELECT member_id, amount FROM credit_ledger WHERE member_id = ?")
      .bind(ann.id)
      .all<{ member_id: number; amount: number }>();
    expect(ledger).toEqual([{ member_id: ann.id, amount: 120 }]);

    // Bob is untouched.
    expect((await me(bobCookie)).email).toBe(bob.email);

    // The address is free again: a new, separate account.
    expect(await emailCheckStatus(ann.email)).toBe("new");
    const again = await signUp(ann.email);
    expect(again.user.email).toBe(ann.email);
    expect(again.user.profile.id).not.toBe(ann.id);
    expect(again.user.new_likes).toBe(0);
    expect(again.user.profile.images).toEqual([]);
    expect((await login(ann.email, "a fresh password")).status).toBe(200);
    expect((await memberRow(ann.id)).status).toBe("deleted");
  });

  it("leaves no login lock-out of the old account on the address", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    for (let i = 0; i < 10; i++) await login(member.email, `wrong ${i}`);
    await errorOf(await login(member.email, member.password), 429, "rate_limited");
    expect((await deleteAccount(cookie, { password: member.password })).status).toBe(200);
    await signUp(member.email, { password: "the new account" });
    expect((await login(member.email, "the new account")).status).toBe(200);
  });

  it("leaves no login lock-out of the old account on the address, however the address was typed", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    // The address as some keyboards and pastes send it: capitals, a zero-width space, the
    // domain's trailing dot. Sign-up stores it normalised (lib/email.ts normaliseEmail).
    const typed = `${member.email.toUpperCase().replace("@", "\u200b@")}.`;
    for (let i = 0; i < 10; i++) await login(typed, `wrong ${i}`);
    await errorOf(await login(typed, member.password), 429, "rate_limited");
    expect((await deleteAccount(cookie, { password: member.password })).status).toBe(200);
    await signUp(member.email, { password: "the new account" });
    expect((await login(typed, "the new account")).status).toBe(200);
  });

  it("refuses a wrong, missing or non-string password with 403 and deletes nothing", async () => {
    const member = await createMember({ credits: 10 });
    const other = await createMember();
    const cookie = await loginAs(member);
    const keys = await addImages(member.id, 1);
    expect((await like(await loginAs(other), member.id)).status).toBe(200);
    for (const body of [{ password: "not the password" }, {}, { password: "" }, { password: 42 }, { password: null }]) {
      await env.DB.prepare("DELETE FROM rate_limits WHERE key = ?").bind(`password:member:${member.id}`).run();
      const error = await errorOf(await deleteAccount(cookie, body), 403, "wrong_password");
      expect(error.fields?.password).toBe("wrong_password");
    }
    const empty = await call("/api/user.php", { method: "DELETE", cookie });
    await errorOf(empty, 403, "wrong_password");
    const broken = await call("/api/user.php", {
      method: "DELETE",
      body: "{",
      headers: { "content-type": "application/json" },
      cookie,
    });
    await errorOf(broken, 400, "invalid_json");

    expect((await me(cookie)).email).toBe(member.email);
    const row = await memberRow(member.id);
    expect(row.status).toBe("active");
    expect(row.deleted_at).toBeNull();
    expect(await count("SELECT COUNT(*) AS n FROM images WHERE member_id = ?", member.id)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM likes WHERE profile_id = ?", member.id)).toBe(1);
    expect(await env.PHOTOS.head(keys[0]!)).not.toBeNull();
    expect(await env.PHOTOS.head(largeKey(keys[0]!))).not.toBeNull();
    expect((await login(member.email, member.password)).status).toBe(200);
  });

  it("answers a second deletion with 403 not_logged_in", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    expect((await deleteAccount(cookie, { password: member.password })).status).toBe(200);
    await errorOf(await deleteAccount(cookie, { password: member.password }), 403, "not_logged_in");
  });

  it("refuses a cross-site request and deletes nothing", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    const response = await call("/api/user.php", {
      method: "DELETE",
      json: { password: member.password },
      cookie,
      headers: { "sec-fetch-site": "cross-site" },
    });
    await errorOf(response, 403, "cross_site");
    expect((await memberRow(member.id)).status).toBe("active");
    expect(await userStatus(cookie)).toBe(200);
  });

  it("is for logged-in members only", async () => {
    await errorOf(await deleteAccount(undefined, { password: "correct horse" }), 403, "not_logged_in");
    await errorOf(await deleteAccount("sid=forged", { password: "correct horse" }), 403, "not_logged_in");
  });

  it("deletes a member without photos, likes or push", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    const response = await deleteAccount(cookie, { password: member.password });
    expect(response.status).toBe(200);
    AccountDeletedSchema.parse(await response.json());
    expect((await memberRow(member.id)).status).toBe("deleted");
  });

  it("takes the password form-encoded too", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    const response = await call("/api/user.php", {
      method: "DELETE",
      body: new URLSearchParams({ password: member.password }),
      cookie,
    });
    expect(response.status).toBe(200);
    AccountDeletedSchema.parse(await response.json());
  });
});

// =============================================================================================
// Push off

describe("push off (DELETE /api/user.php?push=1)", () => {
  it("removes every subscription of the member and answers push 'denied'; the account stays", async () => {
    const member = await createMember();
    const other = await createMember();
    const laptop = await loginAs(member);
    const phone = await loginAs(member);
    const otherCookie = await loginAs(other);
    await subscribe(laptop);
    await subscribe(phone);
    const othersSubscription = await subscribe(otherCookie);
    expect((await me(laptop)).push).toBe("subscribed");
    expect(await count("SELECT COUNT(*) AS n FROM push_subscriptions WHERE member_id = ?", member.id)).toBe(2);

    const response = await call("/api/user.php?push=1", { method: "DELETE", cookie: laptop });
    expect(response.status).toBe(200);
    expect(PushOffSchema.parse(await response.json())).toEqual({ push: "denied" });
    expect(await count("SELECT COUNT(*) AS n FROM push_subscriptions WHERE member_id = ?", member.id)).toBe(0);
    expect((await me(laptop)).push).toBe("denied");
    expect((await me(phone)).push).toBe("denied");
    expect((await memberRow(member.id)).push_state).toBe("denied");

    // Only this member's.
    expect(await count("SELECT COUNT(*) AS n FROM push_subscriptions WHERE endpoint = ?", othersSubscription.endpoint)).toBe(1);
    expect((await me(otherCookie)).push).toBe("subscribed");

    // Again is harmless, and the account was not deleted.
    const again = await call("/api/user.php?push=1", { method: "DELETE", cookie: laptop });
    expect(again.status).toBe(200);
    PushOffSchema.parse(await again.json());
    expect((await memberRow(member.id)).status).toBe("active");
    expect((await login(member.email, member.password)).status).toBe(200);
  });

  it("is for logged-in members only", async () => {
    await errorOf(await call("/api/user.php?push=1", { method: "DELETE" }), 403, "not_logged_in");
  });
});

// =============================================================================================
// Export

describe("the data export (GET /api/user_export.php)", () => {
  it("answers everything about the member as a JSON download, and nothing about anyone else", async () => {
    const ann = await createMember({ credits: 77 });
    const bob = await createMember({ credits: 33 });
    const annCookie = await loginAs(ann);
    const bobCookie = await loginAs(bob);
    await env.DB.prepare("UPDATE members SET trafficsource = ?, search_filters = ?, personal = ? WHERE id = ?")
      .bind(JSON.stringify({ network: "adnet" }), JSON.stringify({ country: "NL" }), JSON.stringify({ about: "Hello" }), ann.id)
      .run();
    await env.DB.prepare("INSERT INTO notices (member_id, kind, created_at) VALUES (?, 'welcome', ?)")
      .bind(ann.id, Date.now())
      .run();
    await env.DB.prepare("INSERT INTO notices (member_id, kind, created_at) VALUES (?, 'email_changed', ?)")
      .bind(bob.id, Date.now())
      .run();
    await env.DB.prepare(
      "INSERT INTO credit_ledger (member_id, amount, reason, idempotency_key, created_at) VALUES (?, -5, 'bobs_secret_purchase', ?, ?)",
    )
      .bind(bob.id, `bob-secret:${bob.id}`, Date.now())
      .run();
    const annKeys = await addImages(ann.id, 2);
    const bobKeys = await addImages(bob.id, 1);
    await subscribe(annCookie, "push.ann.example");
    await subscribe(bobCookie, "push.bob.example");
    expect((await like(annCookie, bob.id)).status).toBe(200);
    expect((await like(bobCookie, ann.id)).status).toBe(200);

    const response = await call("/api/user_export.php", { cookie: annCookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const text = await response.text();
    const data = DataExportSchema.parse(JSON.parse(text));

    expect(data.site).toBe("Amora");
    expect(Date.parse(data.exported_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(data.account).toMatchObject({
      id: ann.id,
      email: ann.email,
      status: "active",
      language: "en",
      paid_user: false,
      trafficsource: { network: "adnet" },
      last_search: { country: "NL" },
      push_kinds: { messages: true, likes: true, news: false },
    });
    expect(data.profile).toMatchObject({
      name: "Tess",
      gender: "female",
      date_of_birth: "1990-06-15",
      country: "NL",
      city: "Utrecht",
    });
    expect(data.profile.personal).toEqual({ about: "Hello" });

    expect(data.photos.map((p) => p.thumbnail_url)).toEqual(annKeys.map((k) => `http://localhost:8787/api/images/${k}`));
    expect(data.photos.map((p) => p.large_url)).toEqual(annKeys.map((k) => `http://localhost:8787/api/images/${largeKey(k)}`));
    expect(data.photos.map((p) => p.main)).toEqual([true, false]);
    for (const photo of data.photos) expect(new URL(photo.thumbnail_url).protocol).toBe("http:");

    expect(data.likes.given).toEqual([expect.objectContaining({ profile_id: bob.id, name: "Tess" })]);
    expect(data.likes.received).toEqual([expect.objectContaining({ profile_id: bob.id, name: "Tess" })]);
    expect(data.messages_sent).toEqual([]);
    expect(data.credits.balance).toBe(77);
    expect(data.credits.ledger).toEqual([expect.objectContaining({ amount: 77, reason: "test" })]);
    expect(data.notices.map((n) => n.kind)).toEqual(["welcome"]);
    expect(data.push_subscriptions).toEqual([expect.objectContaining({ service: "push.ann.example" })]);
    expect(data.sessions).toHaveLength(1);

    // Nothing of Bob's but his id and name as the other side of a like.
    expect(text).not.toContain(bob.email);
    expect(text).not.toContain(bobKeys[0]!);
    expect(text).not.toContain("push.bob.example");
    expect(text).not.toContain("bobs_secret_purchase");
    expect(text).not.toContain("email_changed");
    // Nor any secret of Ann's own.
    const row = await memberRow(ann.id);
    expect(text).not.toContain(String(row.password_hash));
    expect(text).not.toContain(String(row.password_salt));

    // And Bob's export holds his own.
    const bobData = DataExportSchema.parse(await (await call("/api/user_export.php", { cookie: bobCookie })).json());
    expect(bobData.account.email).toBe(bob.email);
    expect(bobData.account.id).toBe(bob.id);
    expect(bobData.photos.map((p) => p.thumbnail_url)).toEqual([`http://localhost:8787/api/images/${bobKeys[0]}`]);
    expect(bobData.credits.balance).toBe(28);
    expect(JSON.stringify(bobData)).not.toContain(ann.email);
  });

  it("uses the origin the member came from for photo URLs (https, the second site)", async () => {
    const member = await createMember({ siteId: 2 });
    const cookie = await loginAs(member, SITE2);
    const [key] = await addImages(member.id, 1);
    const response = await call("/api/user_export.php", { cookie, host: SITE2, headers: { "x-forwarded-proto": "https" } });
    expect(response.status).toBe(200);
    const data = DataExportSchema.parse(await response.json());
    expect(data.site).toBe("Zilverhart");
    expect(data.photos[0]!.thumbnail_url).toBe(`https://127.0.0.1/api/images/${key}`);
  });

  it("exports a member with nothing stored but the account", async () => {
    const member = await createMember();
    const data = DataExportSchema.parse(await (await call("/api/user_export.php", { cookie: await loginAs(member) })).json());
    expect(data.photos).toEqual([]);
    expect(data.likes).toEqual({ given: [], received: [] });
    expect(data.credits).toEqual({ balance: 0, ledger: [] });
    expect(data.account.trafficsource).toBeNull();
    expect(data.account.last_search).toBeNull();
  });

  it("is for logged-in members only", async () => {
    await errorOf(await call("/api/user_export.php"), 403, "not_logged_in");
    await errorOf(await call("/api/user_export.php", { cookie: "sid=forged" }), 403, "not_logged_in");
  });
});

// =============================================================================================
// Language

describe("the mail language (PUT /api/user.php { language })", () => {
  it("saves a supported language", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    const response = await call("/api/user.php", { method: "PUT", json: { language: "nl" }, cookie });
    expect(response.status).toBe(200);
    expect(UserAnswerSchema.parse(await response.json()).user.profile.language).toBe("nl");
    expect((await me(cookie)).profile.language).toBe("nl");
    expect((await memberRow(member.id)).language).toBe("nl");
    const data = DataExportSchema.parse(await (await call("/api/user_export.php", { cookie })).json());
    expect(data.account.language).toBe("nl");
  });

  it("refuses an unknown or malformed language with 422 and keeps the old one", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    for (const language of ["xx", "", "NL", "nl-NL", 5, null]) {
      const response = await call("/api/user.php", { method: "PUT", json: { language }, cookie });
      const body = await errorOf(response, 422, "invalid_input");
      expect(body.fields?.language, String(language)).toBeDefined();
    }
    expect((await me(cookie)).profile.language).toBe("en");
  });

  it("is for logged-in members only", async () => {
    await errorOf(await call("/api/user.php", { method: "PUT", json: { language: "nl" } }), 403, "not_logged_in");
  });
});

// =============================================================================================
// Bad input, anywhere

describe("bad input to the new calls", () => {
  it("always answers a JSON error with a 4xx status, never a 500", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    const bodies: { body?: BodyInit; type?: string }[] = [
      { body: "{", type: "application/json" },
      { body: "null", type: "application/json" },
      { body: "[]", type: "application/json" },
      { body: '"text"', type: "application/json" },
      { body: "12", type: "application/json" },
      { body: '{"email":{"$gt":""},"password":{"a":1},"token":[1,2]}', type: "application/json" },
      { body: "email=&password=", type: "application/x-www-form-urlencoded" },
      { body: "\u0000\uffff", type: "text/plain" },
      {},
    ];
    const calls: [string, string][] = [
      ["POST", MAIL_CHANGE],
      ["POST", `${MAIL_CHANGE}?do=1`],
      ["DELETE", "/api/user.php"],
      ["PUT", "/api/user.php"],
    ];
    for (const [method, path] of calls) {
      for (const { body, type } of bodies) {
        // An empty PUT is a valid no-op update.
        if (method === "PUT" && body === undefined) continue;
        const response = await call(path, { method, body, cookie, headers: type ? { "content-type": type } : {} });
        const label = `${method} ${path} ${String(body)}`;
        expect(response.status, label).toBeGreaterThanOrEqual(400);
        expect(response.status, label).toBeLessThan(500);
        ApiErrorSchema.parse(await response.json());
        // The password limit must not end the sweep early.
        await env.DB.prepare("DELETE FROM rate_limits WHERE key = ?").bind(`password:member:${member.id}`).run();
      }
    }
    // Still there, unchanged.
    expect((await me(cookie)).email).toBe(member.email);
    expect(await mails(member.id, "mail_change")).toHaveLength(0);
  });

  it("answers other methods with 405", async () => {
    for (const [method, path] of [
      ["PATCH", MAIL_CHANGE],
      ["DELETE", MAIL_CHANGE],
      ["POST", "/api/user_export.php"],
    ] as const) {
      await errorOf(await call(path, { method }), 405, "method_not_allowed");
    }
  });
});
