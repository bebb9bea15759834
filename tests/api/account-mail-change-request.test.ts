/**
 * The account lifecycle (issue 4): asking to change the email address (POST mail_change.php) and
 * checking a change link (GET mail_change.php?token=): the password, the new address's rules, the
 * limits, and the confirmation mail.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import {
  MailChangeSentSchema,
  MailChangeTokenSchema,
  MailChangedSchema,
  NotificationsAnswerSchema,
} from "../../contract/schemas";
import { mailproviderOf } from "../../contract/rules/signup";
import { sha256Hex } from "../../workers/api/lib/sha256";
import { call, createMember, ensureSites, loginAs } from "./helpers";
import {
  SITE2,
  MAIL_CHANGE,
  DAY,
  freshEmail,
  errorOf,
  me,
  userStatus,
  login,
  requestChange,
  applyChange,
  checkToken,
  mails,
  changeLinkIn,
  changeToken,
  memberRow,
  count,
  deleteAccount,
  emailCheckStatus,
} from "./account-lifecycle-helpers";

beforeAll(ensureSites);

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
