/**
 * The account lifecycle (issue 4): confirming an email address change with the mailed link (POST
 * mail_change.php?do=1): once only, within 24 hours, on its own site, and only while the address is free.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { MailChangedSchema } from "../../contract/schemas";
import { call, createMember, ensureSites, loginAs } from "./helpers";
import {
  SITE2,
  MAIL_CHANGE,
  DAY,
  newIp,
  freshEmail,
  errorOf,
  me,
  login,
  applyChange,
  checkToken,
  mails,
  changeLinkIn,
  changeToken,
  memberRow,
  count,
  deleteAccount,
  signUp,
} from "./account-lifecycle-helpers";

beforeAll(ensureSites);

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
