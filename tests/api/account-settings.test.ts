/**
 * The account lifecycle (issue 4): push off (DELETE user.php?push=1) and the mail language (PUT
 * user.php { language }).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { DataExportSchema, PushOffSchema, UserAnswerSchema } from "../../contract/schemas";
import { call, createMember, ensureSites, loginAs } from "./helpers";
import { errorOf, me, login, memberRow, count, subscribe } from "./account-lifecycle-helpers";

beforeAll(ensureSites);

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
