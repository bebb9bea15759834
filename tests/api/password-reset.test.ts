import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiErrorSchema, PasswordResetSentSchema, PasswordResetTokenSchema, UserAnswerSchema } from "../../contract/schemas";
import { createTranslator } from "../../contract/translator";
import { messages } from "../../contract/messages";
import { sha256Hex } from "../../workers/api/lib/sha256";
import { call, createMember, ensureSites, loginAs, sessionCookie } from "./helpers";

beforeAll(ensureSites);

const SITE2 = "127.0.0.1";

/** Every test its own client IP, so the per-IP limit of one test never touches another. */
function newIp(): string {
  return `test-${crypto.randomUUID()}`;
}

function requestReset(email: string, ip: string, host?: string) {
  return call("/api/password_reset.php", { method: "POST", json: { email }, host, headers: { "x-client-ip": ip } });
}

function resetWithToken(token: unknown, password: unknown, options: { host?: string; cookie?: string } = {}) {
  return call("/api/password_reset.php?do=1", {
    method: "POST",
    json: { token, password },
    host: options.host,
    cookie: options.cookie,
  });
}

async function tokenValid(token: string, host?: string): Promise<boolean> {
  const response = await call(`/api/password_reset.php?token=${encodeURIComponent(token)}`, { host });
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return PasswordResetTokenSchema.parse(await response.json()).valid;
}

interface MailRow {
  id: number;
  site_id: number;
  kind: string;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  delivered_at: number | null;
}

async function resetMails(memberId: number): Promise<MailRow[]> {
  const { results } = await env.DB.prepare(
    "SELECT * FROM mail_outbox WHERE member_id = ? AND kind = 'password_reset' ORDER BY id",
  )
    .bind(memberId)
    .all<MailRow>();
  return results;
}

function linkIn(text: string): URL {
  const match = /https?:\/\/\S+\/reset-password\/do\?token=[0-9a-f]{64}/.exec(text);
  if (!match) throw new Error(`no reset link in:\n${text}`);
  return new URL(match[0]);
}

/** Asks for a link for this member and returns the token from the mail. */
async function resetToken(member: { id: number; email: string }, host?: string): Promise<string> {
  const response = await requestReset(member.email, newIp(), host);
  expect(response.status).toBe(200);
  const mails = await resetMails(member.id);
  const mail = mails.at(-1);
  if (!mail) throw new Error("no reset mail was written");
  return linkIn(mail.text).searchParams.get("token")!;
}

async function login(email: string, password: string, host?: string) {
  return call("/api/login.php", { method: "POST", json: { email, password }, host, headers: { "x-client-ip": newIp() } });
}

async function userStatus(cookie: string, host?: string): Promise<number> {
  return (await call("/api/user.php", { cookie, host })).status;
}

async function errorOf(response: Response) {
  return ApiErrorSchema.parse(await response.json());
}

/** The locale the reset mail can be written in: the wanted one once translated, else English. */
function mailLocale(wanted: keyof typeof messages): keyof typeof messages {
  return createTranslator(wanted, messages[wanted]).has("mail.reset.subject") ? wanted : "en";
}

describe("asking for a reset link", () => {
  it("answers the same for an unknown and a known address, and mails only the member", async () => {
    const member = await createMember();
    const ip = newIp();
    const unknown = await requestReset(`nobody-${crypto.randomUUID()}@example.com`, ip);
    const known = await requestReset(member.email, ip);
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    const unknownBody: unknown = await unknown.json();
    const knownBody: unknown = await known.json();
    expect(unknownBody).toEqual({ sent: true });
    expect(knownBody).toEqual(unknownBody);
    PasswordResetSentSchema.parse(knownBody);
    expect(known.headers.get("cache-control")).toBe(unknown.headers.get("cache-control"));

    const mails = await resetMails(member.id);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.kind).toBe("password_reset");
    expect(mail.site_id).toBe(1);
    expect(mail.to_address).toBe(member.email);
    expect(mail.subject).toBe("Reset your password for Amora");
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain("Demo Dating B.V.");
    expect(mail.delivered_at).not.toBeNull();
    const link = linkIn(mail.text);
    expect(link.origin).toBe("http://localhost:8787");
    expect(link.pathname).toBe("/reset-password/do");
    expect(mail.html).toContain(`href="${link.href}"`);

    // No member, no mail, no token.
    const { results } = await env.DB.prepare("SELECT member_id FROM password_resets WHERE member_id = ?").bind(member.id).all();
    expect(results).toHaveLength(1);
  });

  it("finds the member whatever the case and spacing of the address", async () => {
    const member = await createMember();
    const response = await requestReset(`  ${member.email.toUpperCase()} `, newIp());
    expect(response.status).toBe(200);
    expect(await resetMails(member.id)).toHaveLength(1);
  });

  it("writes the mail in the member's language, and links over https when the app was reached so", async () => {
    const member = await createMember();
    await env.DB.prepare("UPDATE members SET language = 'nl' WHERE id = ?").bind(member.id).run();
    const response = await call("/api/password_reset.php", {
      method: "POST",
      json: { email: member.email },
      headers: { "x-client-ip": newIp(), "x-forwarded-proto": "https" },
    });
    expect(response.status).toBe(200);
    const mail = (await resetMails(member.id))[0]!;
    const locale = mailLocale("nl");
    expect(mail.html).toContain(`<html lang="${locale}">`);
    expect(mail.subject).toBe(createTranslator(locale, messages[locale]).t("mail.reset.subject", { site: "Amora" }));
    expect(linkIn(mail.text).origin).toBe("https://localhost:8787");
  });

  it("sends nothing for a deleted or a fictional member", async () => {
    const deleted = await createMember();
    const fictional = await createMember();
    await env.DB.prepare("UPDATE members SET status = 'deleted' WHERE id = ?").bind(deleted.id).run();
    await env.DB.prepare("UPDATE members SET is_fictional = 1 WHERE id = ?").bind(fictional.id).run();
    for (const member of [deleted, fictional]) {
      const response = await requestReset(member.email, newIp());
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ sent: true });
      expect(await resetMails(member.id)).toHaveLength(0);
    }
  });

  it("refuses an empty, missing or too long address", async () => {
    const ip = newIp();
    for (const email of ["", "   ", `${"a".repeat(250)}@example.com`]) {
      const response = await requestReset(email, ip);
      expect(response.status).toBe(422);
      const body = await errorOf(response);
      expect(body.error).toBe("invalid_input");
      expect(body.fields?.email).toBeDefined();
    }
    const missing = await call("/api/password_reset.php", { method: "POST", json: {}, headers: { "x-client-ip": ip } });
    expect(missing.status).toBe(422);
    expect((await errorOf(missing)).fields?.email).toBe("required");
  });

  it("stores only the token's hash, valid for one hour", async () => {
    const member = await createMember();
    const token = await resetToken(member);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const row = await env.DB.prepare("SELECT * FROM password_resets WHERE member_id = ?")
      .bind(member.id)
      .first<Record<string, unknown>>();
    expect(row).not.toBeNull();
    expect(Object.values(row!)).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.token_hash).toBe(await sha256Hex(token));
    expect(row!.site_id).toBe(1);
    expect(row!.used_at).toBeNull();
    expect(Number(row!.expires_at) - Number(row!.created_at)).toBe(60 * 60 * 1000);
  });
});

describe("rate limits on reset requests", () => {
  it("allows 10 requests per IP in 15 minutes", async () => {
    const ip = newIp();
    for (let i = 0; i < 10; i++) {
      expect((await requestReset(`sweep-${i}-${crypto.randomUUID()}@example.com`, ip)).status).toBe(200);
    }
    const refused = await requestReset(`sweep-last-${crypto.randomUUID()}@example.com`, ip);
    expect(refused.status).toBe(429);
    const body = await errorOf(refused);
    expect(body.error).toBe("rate_limited");
    expect(body.message).toMatch(/try again later/i);
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(15 * 60);
    // Another IP is not affected.
    expect((await requestReset(`sweep-other-${crypto.randomUUID()}@example.com`, newIp())).status).toBe(200);
  });

  it("allows 3 requests per address in an hour, from any IP, and mails nothing more", async () => {
    const member = await createMember();
    for (let i = 0; i < 3; i++) expect((await requestReset(member.email, newIp())).status).toBe(200);
    const refused = await requestReset(member.email, newIp());
    expect(refused.status).toBe(429);
    const body = await errorOf(refused);
    expect(body.error).toBe("rate_limited");
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(60 * 60);
    expect(await resetMails(member.id)).toHaveLength(3);

    // An unknown address is limited the same way, so the limit tells nothing either.
    const unknown = `nobody-${crypto.randomUUID()}@example.com`;
    for (let i = 0; i < 3; i++) expect((await requestReset(unknown, newIp())).status).toBe(200);
    expect((await requestReset(unknown, newIp())).status).toBe(429);
  });
});

describe("checking a link", () => {
  it("answers whether the token still works", async () => {
    const member = await createMember();
    const token = await resetToken(member);
    expect(await tokenValid(token)).toBe(true);
    expect(await tokenValid("0".repeat(64))).toBe(false);
    expect(await tokenValid("not-a-token")).toBe(false);
    expect(await tokenValid(token, SITE2)).toBe(false);

    const missing = await call("/api/password_reset.php");
    expect(missing.status).toBe(200);
    expect(await missing.json()).toEqual({ valid: false });

    expect((await resetWithToken(token, "a brand new secret")).status).toBe(200);
    expect(await tokenValid(token)).toBe(false);
  });
});

describe("setting the new password", () => {
  it("logs the member in, ends every other session, and changes the password", async () => {
    const member = await createMember();
    const phone = await loginAs(member);
    const laptop = await loginAs(member);
    expect(await userStatus(phone)).toBe(200);
    const token = await resetToken(member);

    const response = await resetWithToken(token, "a brand new secret");
    expect(response.status).toBe(200);
    const { user } = UserAnswerSchema.parse(await response.json());
    expect(user.email).toBe(member.email);
    expect(user.profile.id).toBe(member.id);

    const fresh = sessionCookie(response);
    expect(await userStatus(fresh)).toBe(200);
    expect(await userStatus(phone)).toBe(403);
    expect(await userStatus(laptop)).toBe(403);
    const { results } = await env.DB.prepare("SELECT member_id FROM sessions WHERE member_id = ?").bind(member.id).all();
    expect(results).toHaveLength(1);

    expect((await login(member.email, "a brand new secret")).status).toBe(200);
    const old = await login(member.email, member.password);
    expect(old.status).toBe(401);
  });

  it("works once", async () => {
    const member = await createMember();
    const token = await resetToken(member);
    expect((await resetWithToken(token, "first new password")).status).toBe(200);
    const again = await resetWithToken(token, "second new password");
    expect(again.status).toBe(410);
    expect((await errorOf(again)).error).toBe("token_invalid");
    expect((await login(member.email, "first new password")).status).toBe(200);
    expect((await login(member.email, "second new password")).status).toBe(401);
  });

  it("lets only one of two simultaneous uses succeed", async () => {
    const member = await createMember();
    const token = await resetToken(member);
    const answers = await Promise.all([
      resetWithToken(token, "racing password one"),
      resetWithToken(token, "racing password two"),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 410]);
  });

  it("ends the member's other links", async () => {
    const member = await createMember();
    const first = await resetToken(member);
    const second = await resetToken(member);
    expect(first).not.toBe(second);
    expect((await resetWithToken(second, "the newest password")).status).toBe(200);
    expect(await tokenValid(first)).toBe(false);
    expect((await resetWithToken(first, "an older link's password")).status).toBe(410);
  });

  it("confirms a not yet confirmed address", async () => {
    const member = await createMember();
    await env.DB.prepare("UPDATE members SET status = 'not_confirmed' WHERE id = ?").bind(member.id).run();
    const token = await resetToken(member);
    const response = await resetWithToken(token, "confirmed by mail");
    expect(response.status).toBe(200);
    expect(UserAnswerSchema.parse(await response.json()).user.status).toBe("active");
    const row = await env.DB.prepare("SELECT status, activated_at FROM members WHERE id = ?")
      .bind(member.id)
      .first<{ status: string; activated_at: number | null }>();
    expect(row?.status).toBe("active");
    expect(row?.activated_at).not.toBeNull();
  });

  it("refuses an expired token and changes nothing", async () => {
    const member = await createMember();
    const session = await loginAs(member);
    const token = await resetToken(member);
    await env.DB.prepare("UPDATE password_resets SET expires_at = ? WHERE member_id = ?")
      .bind(Date.now() - 1, member.id)
      .run();
    const response = await resetWithToken(token, "too late for this");
    expect(response.status).toBe(410);
    expect((await errorOf(response)).error).toBe("token_invalid");
    expect(response.headers.getSetCookie().some((c) => c.startsWith("sid="))).toBe(false);
    expect(await tokenValid(token)).toBe(false);
    expect(await userStatus(session)).toBe(200);
    expect((await login(member.email, member.password)).status).toBe(200);
  });

  it("refuses another site's token", async () => {
    const member = await createMember({ siteId: 2 });
    const token = await resetToken(member, SITE2);
    const mail = (await resetMails(member.id))[0]!;
    expect(mail.site_id).toBe(2);
    expect(linkIn(mail.text).origin).toBe("http://127.0.0.1");

    const response = await resetWithToken(token, "wrong site password");
    expect(response.status).toBe(410);
    expect((await errorOf(response)).error).toBe("token_invalid");
    // Nothing changed: the token still works on its own site.
    expect(await tokenValid(token, SITE2)).toBe(true);
    expect((await resetWithToken(token, "right site password", { host: SITE2 })).status).toBe(200);
  });

  it("refuses a made-up, malformed or missing token", async () => {
    for (const token of ["f".repeat(64), "not-a-token", "", 42, null, undefined]) {
      const response = await resetWithToken(token, "a fine new password");
      expect(response.status, String(token)).toBe(410);
      expect((await errorOf(response)).error).toBe("token_invalid");
    }
  });

  it("refuses a weak, empty or too long password, and the token still works", async () => {
    const member = await createMember();
    const token = await resetToken(member);
    const cases: [unknown, string][] = [
      [undefined, "required"],
      ["", "required"],
      ["short", "too_small"],
      ["1234567", "too_small"],
      [" ".repeat(12), "too_small"],
      ["x".repeat(1001), "too_big"],
    ];
    for (const [password, code] of cases) {
      const response = await resetWithToken(token, password);
      expect(response.status, String(password)).toBe(422);
      const body = await errorOf(response);
      expect(body.error).toBe("invalid_input");
      expect(body.fields?.password).toBe(code);
    }
    expect(await tokenValid(token)).toBe(true);
    expect((await login(member.email, member.password)).status).toBe(200);
    // Exactly 8 and exactly 1000 characters are fine.
    expect((await resetWithToken(token, "x".repeat(1000))).status).toBe(200);
    expect((await login(member.email, "x".repeat(1000))).status).toBe(200);
    const other = await createMember();
    expect((await resetWithToken(await resetToken(other), "12345678")).status).toBe(200);
  });
});
