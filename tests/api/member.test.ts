/**
 * Who a request comes from (workers/api/lib/member.ts): the session's member, looked up once,
 * and the rule each kind of call applies to it. A session whose member has become fictional or
 * deleted (states a test writes directly) opens no member call, and such a deleted member
 * searches as a visitor.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiErrorSchema, SearchAnswerSchema, UserAnswerSchema } from "../../contract/schemas";
import { call, createMember, ensureSites, loginAs } from "./helpers";

beforeAll(ensureSites);

const SITE2 = "127.0.0.1";

async function errorCode(response: Response) {
  return ApiErrorSchema.parse(await response.json()).error;
}

describe("member calls (requireMember)", () => {
  it("answer the member of a live session", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    const response = await call("/api/user.php", { cookie });
    expect(response.status).toBe(200);
    expect(UserAnswerSchema.parse(await response.json()).user.email).toBe(member.email);
  });

  it("refuse a session whose member is fictional or deleted: 403 not_logged_in", async () => {
    for (const change of [
      "UPDATE members SET is_fictional = 1 WHERE id = ?",
      "UPDATE members SET status = 'deleted' WHERE id = ?",
    ]) {
      const member = await createMember();
      const cookie = await loginAs(member);
      await env.DB.prepare(change).bind(member.id).run();
      for (const path of ["/api/user.php", "/api/chats.php", "/api/user_export.php"]) {
        const response = await call(path, { cookie });
        expect(response.status, `${change} ${path}`).toBe(403);
        expect(await errorCode(response)).toBe("not_logged_in");
      }
    }
  });

  it("refuse a session of another site", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    const response = await call("/api/user.php", { cookie, host: SITE2 });
    expect(response.status).toBe(403);
  });
});

describe("calls that also answer visitors (viewerOf)", () => {
  it("search as the member, and as a visitor once the account is deleted", async () => {
    const member = await createMember({ siteId: 2 });
    const cookie = await loginAs(member, SITE2);
    const asMember = await call("/api/search.php?auto_load=1", { cookie, host: SITE2 });
    expect(asMember.status).toBe(200);
    SearchAnswerSchema.parse(await asMember.json());

    await env.DB.prepare("UPDATE members SET status = 'deleted' WHERE id = ?").bind(member.id).run();
    // This site has no search for visitors.
    const asVisitor = await call("/api/search.php?auto_load=1", { cookie, host: SITE2 });
    expect(asVisitor.status).toBe(403);
    expect(await errorCode(asVisitor)).toBe("search_requires_login");
  });
});

describe("the page-hidden beacon", () => {
  it("remembers when the session's member was last seen, and does nothing for a visitor", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    await env.DB.prepare("UPDATE members SET last_seen = 0 WHERE id = ?").bind(member.id).run();
    expect((await call("/api/page-hidden.php", { method: "POST" })).status).toBe(204);
    expect((await call("/api/page-hidden.php", { method: "POST", cookie })).status).toBe(204);
    const row = await env.DB.prepare("SELECT last_seen FROM members WHERE id = ?").bind(member.id).first<{ last_seen: number }>();
    expect(row!.last_seen).toBeGreaterThan(0);
  });
});
