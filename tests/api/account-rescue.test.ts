/**
 * "This was not me" (issue 25, point 8; domain/account-rescue.ts): the mails after an email or a
 * password change carry a one-time link that gives the account back to its owner, without
 * logging in. The attack first: someone with the owner's password logs in, moves the account to
 * their own address and sets their own password; the owner rescues it from the old address.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import {
  AccountRescuedSchema,
  AccountRescueTokenSchema,
  ApiErrorSchema,
  MailChangedSchema,
  PasswordChangedSchema,
  UserAnswerSchema,
} from "../../contract/schemas";
import { call, createMember, ensureSites, loginAs, sessionCookie } from "./helpers";

beforeAll(ensureSites);

const SITE2 = "127.0.0.1";
const RESCUE = "/api/account_rescue.php";
const DAY = 24 * 60 * 60 * 1000;

type Member = Awaited<ReturnType<typeof createMember>>;

let counter = 0;
const freshEmail = () => `intruder${Date.now()}x${++counter}@gmail.com`;
const newIp = () => `rescue-${crypto.randomUUID()}`;

function login(email: string, password: string, host?: string) {
  return call("/api/login.php", { method: "POST", json: { email, password }, host, headers: { "x-client-ip": newIp() } });
}

async function errorOf(response: Response, status: number, code: string) {
  expect(response.status, `expected ${status} ${code}`).toBe(status);
  const body = ApiErrorSchema.parse(await response.json());
  expect(body.error).toBe(code);
  return body;
}

interface MailRow {
  kind: string;
  to_address: string;
  subject: string;
  html: string;
  text: string;
}

async function lastMail(memberId: number, kind: string): Promise<MailRow> {
  const row = await env.DB.prepare("SELECT * FROM mail_outbox WHERE member_id = ? AND kind = ? ORDER BY id DESC LIMIT 1")
    .bind(memberId, kind)
    .first<MailRow>();
  if (!row) throw new Error(`no ${kind} mail for member ${memberId}`);
  return row;
}

async function mailCount(memberId: number, kind: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM mail_outbox WHERE member_id = ? AND kind = ?")
    .bind(memberId, kind)
    .first<{ n: number }>();
  return row!.n;
}

function tokenIn(text: string, path: string): string {
  const match = new RegExp(`https?://\\S+${path.replace(/\//g, "\\/")}\\?token=([0-9a-f]{64})`).exec(text);
  if (!match) throw new Error(`no ${path} link in:\n${text}`);
  return match[1]!;
}

async function status(cookie: string): Promise<number> {
  return (await call("/api/user.php", { cookie })).status;
}

/** The intruder, logged in with the owner's password, moves the account to their own address. */
async function stealAddress(owner: Member, cookie: string): Promise<string> {
  const theirs = freshEmail();
  const asked = await call("/api/mail_change.php", { method: "POST", json: { email: theirs, password: owner.password }, cookie });
  expect(asked.status).toBe(200);
  const confirm = tokenIn((await lastMail(owner.id, "mail_change")).text, "/mail-change/do");
  const applied = await call("/api/mail_change.php?do=1", { method: "POST", json: { token: confirm } });
  expect(MailChangedSchema.parse(await applied.json()).email).toBe(theirs);
  return theirs;
}

/** The intruder sets their own password. */
async function stealPassword(cookie: string, current: string, password: string) {
  const changed = await call("/api/password.php", { method: "PUT", json: { current, password }, cookie });
  expect(PasswordChangedSchema.parse(await changed.json())).toEqual({ changed: true });
}

const rescue = (token: unknown, host?: string) => call(RESCUE, { method: "POST", json: { token }, host });

async function check(token: string, host?: string) {
  const response = await call(`${RESCUE}?token=${encodeURIComponent(token)}`, { host });
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store");
  expect(response.headers.get("referrer-policy")).toBe("no-referrer");
  return AccountRescueTokenSchema.parse(await response.json());
}

async function resetWith(token: string, password: string) {
  return call("/api/password_reset.php?do=1", { method: "POST", json: { token, password } });
}

describe("the attack, and the rescue from the old address", () => {
  it("restores the old address, ends every session, takes the password away, mails a reset link; the owner's new password works", async () => {
    const owner = await createMember({ password: "owner's password" });
    const ownerCookie = await loginAs(owner);
    // The intruder has the password: logs in twice (two devices), takes the address, then the password.
    const intruder = await loginAs(owner);
    const intruder2 = await loginAs(owner);
    const theirs = await stealAddress(owner, intruder);
    await stealPassword(intruder, owner.password, "intruder's password");
    expect((await login(theirs, "intruder's password")).status).toBe(200);
    await errorOf(await login(owner.email, owner.password), 401, "invalid_credentials");

    // The owner's mail: a "This was not me" button that is a rescue link, not /login.
    const notice = await lastMail(owner.id, "mail_changed");
    expect(notice.to_address).toBe(owner.email);
    expect(notice.text).toContain("This was not me");
    expect(notice.text).not.toContain("/login");
    const token = tokenIn(notice.text, "/account-rescue");
    expect(notice.html).toContain(`href="http://localhost:8787/account-rescue?token=${token}"`);
    expect(await check(token)).toEqual({ valid: true, kind: "email_change" });

    // No login needed.
    const rescued = await rescue(token);
    expect(rescued.status).toBe(200);
    expect(rescued.headers.get("cache-control")).toBe("no-store");
    expect(AccountRescuedSchema.parse(await rescued.json())).toEqual({ rescued: true, kind: "email_change", email: owner.email });

    // The address is back; every session, the owner's too, has ended.
    const row = await env.DB.prepare("SELECT email, password_hash FROM members WHERE id = ?")
      .bind(owner.id)
      .first<{ email: string; password_hash: string | null }>();
    expect(row).toEqual({ email: owner.email, password_hash: null });
    for (const cookie of [intruder, intruder2, ownerCookie]) expect(await status(cookie)).toBe(403);
    const sessions = await env.DB.prepare("SELECT COUNT(*) AS n FROM sessions WHERE member_id = ?")
      .bind(owner.id)
      .first<{ n: number }>();
    expect(sessions!.n).toBe(0);

    // No password logs in: not the intruder's, not the owner's old one, on either address.
    await errorOf(await login(owner.email, "intruder's password"), 401, "invalid_credentials");
    await errorOf(await login(owner.email, owner.password), 401, "invalid_credentials");
    await errorOf(await login(theirs, "intruder's password"), 401, "invalid_credentials");

    // A reset link went to the restored address; with it the owner sets a new password and is in.
    const resetMail = await lastMail(owner.id, "password_reset");
    expect(resetMail.to_address).toBe(owner.email);
    const reset = await resetWith(tokenIn(resetMail.text, "/reset-password/do"), "owner's new password");
    expect(reset.status).toBe(200);
    const fresh = sessionCookie(reset);
    expect(UserAnswerSchema.parse(await (await call("/api/user.php", { cookie: fresh })).json()).user.email).toBe(owner.email);
    expect((await login(owner.email, "owner's new password")).status).toBe(200);
    await errorOf(await login(owner.email, "intruder's password"), 401, "invalid_credentials");
    // The intruder's sessions stay gone.
    for (const cookie of [intruder, intruder2]) expect(await status(cookie)).toBe(403);

    // The link works once: replayed, it is 410 and changes nothing (the owner stays logged in).
    await errorOf(await rescue(token), 410, "token_invalid");
    expect(await check(token)).toEqual({ valid: false });
    expect(await status(fresh)).toBe(200);
    expect(await mailCount(owner.id, "password_reset")).toBe(1);
  });

  it("ends the intruder's pending address change and reset links", async () => {
    const owner = await createMember();
    const intruder = await loginAs(owner);
    await stealAddress(owner, intruder);
    const token = tokenIn((await lastMail(owner.id, "mail_changed")).text, "/account-rescue");
    // The intruder asks for a second change, and a reset link to their address.
    const again = await call("/api/mail_change.php", {
      method: "POST",
      json: { email: freshEmail(), password: owner.password },
      cookie: intruder,
    });
    expect(again.status).toBe(200);
    const pending = tokenIn((await lastMail(owner.id, "mail_change")).text, "/mail-change/do");
    const theirs = (await env.DB.prepare("SELECT email FROM members WHERE id = ?").bind(owner.id).first<{ email: string }>())!
      .email;
    const asked = await call("/api/password_reset.php", {
      method: "POST",
      json: { email: theirs },
      headers: { "x-client-ip": newIp() },
    });
    expect(asked.status).toBe(200);
    const intrudersReset = tokenIn((await lastMail(owner.id, "password_reset")).text, "/reset-password/do");
    expect((await rescue(token)).status).toBe(200);
    expect((await resetWith(intrudersReset, "intruder's password")).status).toBe(410);
    await errorOf(await call("/api/mail_change.php?do=1", { method: "POST", json: { token: pending } }), 410, "token_invalid");
    const open = await env.DB.prepare("SELECT COUNT(*) AS n FROM password_resets WHERE member_id = ? AND used_at IS NULL")
      .bind(owner.id)
      .first<{ n: number }>();
    expect(open!.n).toBe(1); // only the one just mailed to the owner
  });

  it("a second change's rescue link (to the intruder's address) cannot undo the owner's rescue, nor end it first", async () => {
    const owner = await createMember();
    const intruder = await loginAs(owner);
    const first = await stealAddress(owner, intruder);
    const ownersLink = tokenIn((await lastMail(owner.id, "mail_changed")).text, "/account-rescue");
    // A second change: its notice (and rescue link) goes to the intruder's first address.
    await stealAddress({ ...owner, email: first }, intruder);
    const intrudersLink = tokenIn((await lastMail(owner.id, "mail_changed")).text, "/account-rescue");
    expect((await lastMail(owner.id, "mail_changed")).to_address).toBe(first);

    // The intruder uses theirs first: the owner's still works, and wins.
    expect((await rescue(intrudersLink)).status).toBe(200);
    const rescued = AccountRescuedSchema.parse(await (await rescue(ownersLink)).json());
    expect(rescued.email).toBe(owner.email);
    // The owner's rescue ended every later link; the address stays the owner's.
    await errorOf(await rescue(intrudersLink), 410, "token_invalid");
    const row = await env.DB.prepare("SELECT email FROM members WHERE id = ?").bind(owner.id).first<{ email: string }>();
    expect(row!.email).toBe(owner.email);
  });
});

describe("the rescue after a password change", () => {
  it("mails the address a rescue link; using it ends every session, the changed password stops working, a reset link follows", async () => {
    const owner = await createMember({ password: "owner's password" });
    const intruder = await loginAs(owner);
    const ownerCookie = await loginAs(owner);
    await stealPassword(intruder, owner.password, "intruder's password");
    // The password change ended the owner's session already; the intruder's goes on.
    expect(await status(ownerCookie)).toBe(403);
    expect(await status(intruder)).toBe(200);

    const notice = await lastMail(owner.id, "password_changed");
    expect(notice.to_address).toBe(owner.email);
    expect(notice.subject).toBe("Your password at Amora was changed");
    expect(notice.text).toContain("This was not me");
    const token = tokenIn(notice.text, "/account-rescue");
    expect(await check(token)).toEqual({ valid: true, kind: "password_change" });
    const row = await env.DB.prepare("SELECT expires_at - created_at AS ttl FROM account_rescues WHERE member_id = ?")
      .bind(owner.id)
      .first<{ ttl: number }>();
    expect(row!.ttl).toBe(7 * DAY);

    const rescued = AccountRescuedSchema.parse(await (await rescue(token)).json());
    expect(rescued).toEqual({ rescued: true, kind: "password_change", email: owner.email });
    expect(await status(intruder)).toBe(403);
    await errorOf(await login(owner.email, "intruder's password"), 401, "invalid_credentials");
    const resetMail = await lastMail(owner.id, "password_reset");
    expect(resetMail.to_address).toBe(owner.email);
    expect((await resetWith(tokenIn(resetMail.text, "/reset-password/do"), "owner's new password")).status).toBe(200);
    expect((await login(owner.email, "owner's new password")).status).toBe(200);
    await errorOf(await rescue(token), 410, "token_invalid");
  });

  it("a wrong current password changes nothing and mails nothing", async () => {
    const owner = await createMember();
    const cookie = await loginAs(owner);
    const refused = await call("/api/password.php", {
      method: "PUT",
      json: { current: "wrong", password: "whatever 123" },
      cookie,
    });
    expect(refused.status).toBe(403);
    expect(await mailCount(owner.id, "password_changed")).toBe(0);
  });
});

describe("bad, forged, expired, replayed and parallel links", () => {
  it("refuses a made-up, malformed, missing or non-string token with 410, never a 500", async () => {
    for (const token of ["0".repeat(64), "abc", "", undefined, 42, null, ["x"], { a: 1 }, "f".repeat(65)]) {
      await errorOf(await rescue(token), 410, "token_invalid");
    }
    for (const body of ["not json", "[]", "null"]) {
      const response = await call(RESCUE, { method: "POST", body, headers: { "content-type": "application/json" } });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    expect(await check("nope")).toEqual({ valid: false });
    expect(AccountRescueTokenSchema.parse(await (await call(RESCUE)).json())).toEqual({ valid: false });
  });

  it("refuses an expired link, and another site's", async () => {
    const owner = await createMember();
    const cookie = await loginAs(owner);
    await stealPassword(cookie, owner.password, "another password 1");
    const token = tokenIn((await lastMail(owner.id, "password_changed")).text, "/account-rescue");
    await errorOf(await rescue(token, SITE2), 410, "token_invalid");
    expect(await check(token, SITE2)).toEqual({ valid: false });
    await env.DB.prepare("UPDATE account_rescues SET expires_at = ? WHERE member_id = ?")
      .bind(Date.now() - 1, owner.id)
      .run();
    await errorOf(await rescue(token), 410, "token_invalid");
    expect(await status(cookie)).toBe(200); // nothing happened
  });

  it("of parallel uses of one link, exactly one rescues; one reset mail goes out", async () => {
    const owner = await createMember();
    const cookie = await loginAs(owner);
    await stealPassword(cookie, owner.password, "another password 2");
    const token = tokenIn((await lastMail(owner.id, "password_changed")).text, "/account-rescue");
    const answers = await Promise.all(Array.from({ length: 6 }, () => rescue(token)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 410, 410, 410, 410, 410]);
    expect(await mailCount(owner.id, "password_reset")).toBe(1);
  });

  it("cannot give back an old address that another account has taken since: 409, and the link still works", async () => {
    const owner = await createMember();
    const intruder = await loginAs(owner);
    await stealAddress(owner, intruder);
    const token = tokenIn((await lastMail(owner.id, "mail_changed")).text, "/account-rescue");
    // Someone signs up with the freed address.
    await env.DB.prepare("INSERT INTO members (site_id, email, name, gender, signup_date) VALUES (1, ?, 'Other', 'male', ?)")
      .bind(owner.email, Date.now())
      .run();
    await errorOf(await rescue(token), 409, "rescue_email_taken");
    expect(await check(token)).toEqual({ valid: true, kind: "email_change" });
  });

  it("refuses the link of an account deleted since", async () => {
    const owner = await createMember();
    const cookie = await loginAs(owner);
    await stealPassword(cookie, owner.password, "another password 3");
    const token = tokenIn((await lastMail(owner.id, "password_changed")).text, "/account-rescue");
    const deleted = await call("/api/user.php", { method: "DELETE", json: { password: "another password 3" }, cookie });
    expect(deleted.status).toBe(200);
    await errorOf(await rescue(token), 410, "token_invalid");
  });
});
