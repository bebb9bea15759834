/**
 * The account lifecycle (issue 4): deleting the account (DELETE user.php): what is erased, what is
 * kept (the ledger), and who may do it.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { AccountDeletedSchema, LikesAnswerSchema, NotificationsAnswerSchema, SearchAnswerSchema } from "../../contract/schemas";
import { call, createMember, ensureSites, loginAs } from "./helpers";
import {
  freshEmail,
  errorOf,
  me,
  userStatus,
  login,
  applyChange,
  changeToken,
  memberRow,
  count,
  largeKey,
  addImages,
  like,
  subscribe,
  deleteAccount,
  signUp,
  emailCheckStatus,
} from "./account-lifecycle-helpers";

beforeAll(ensureSites);

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
