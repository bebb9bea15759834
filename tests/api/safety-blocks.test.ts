/**
 * Trust and safety (issue 15; docs/product.md "Trust and safety"): blocks.php on real D1 with the
 * real migrations: blocking and unblocking with every bad input, another site's member and
 * concurrency, and that a block hides two members from each other everywhere and stops their
 * messages both ways.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import {
  BlockRecordSchema,
  BlocksAnswerSchema,
  ChatStartSchema,
  ChatsAnswerSchema,
  LikesAnswerSchema,
  MessagesAnswerSchema,
  NotificationsAnswerSchema,
  SearchAnswerSchema,
} from "../../contract/schemas";
import { call, createMember, ensureSites, loginAs } from "./helpers";
import { errorOf, answer, SITE2, memberOutsideSite2, pair } from "./safety-helpers";

beforeAll(ensureSites);

async function count(sql: string, ...params: unknown[]): Promise<number> {
  const row = await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>();
  return row!.n;
}

const block = (cookie: string, profile: unknown, host?: string) =>
  call("/api/blocks.php", { method: "POST", json: { profile }, cookie, host });

const unblock = (cookie: string, profile: unknown) => call("/api/blocks.php", { method: "DELETE", json: { profile }, cookie });

describe("blocks", () => {
  it("blocks and unblocks; both are idempotent; the list shows the blocked member", async () => {
    const [, annCookie, bob] = await pair();
    for (let i = 0; i < 2; i++) {
      expect(await answer(await block(annCookie, bob.id), 200, BlockRecordSchema)).toEqual({ id: bob.id, blocked: true });
    }
    expect(await count("SELECT COUNT(*) AS n FROM blocks WHERE blocked_id = ?", bob.id)).toBe(1);
    const list = await answer(await call("/api/blocks.php", { cookie: annCookie }), 200, BlocksAnswerSchema);
    expect(list.blocked).toEqual([expect.objectContaining({ id: bob.id, name: "Tess" })]);
    for (let i = 0; i < 2; i++) {
      expect(await answer(await unblock(annCookie, bob.id), 200, BlockRecordSchema)).toEqual({ id: bob.id, blocked: false });
    }
    expect((await answer(await call("/api/blocks.php", { cookie: annCookie }), 200, BlocksAnswerSchema)).blocked).toEqual([]);
  });

  it("parallel blocks make one row", async () => {
    const [, annCookie, bob] = await pair();
    const answers = await Promise.all(Array.from({ length: 8 }, () => block(annCookie, bob.id)));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(await count("SELECT COUNT(*) AS n FROM blocks WHERE blocked_id = ?", bob.id)).toBe(1);
  });

  it("refuses yourself, nobody, a deleted member, another site's member, bad ids and visitors", async () => {
    const [ann, annCookie] = await pair();
    await errorOf(await block(annCookie, ann.id), 422, "cannot_block_self");
    await errorOf(await block(annCookie, 999_999_999), 404, "profile_not_found");
    // Another site's member that this site does not show is not there to block; one it shows
    // (the platform shows profiles across its sites by country) is, so nobody it shows is out
    // of reach of a block.
    const zara = await createMember({ siteId: 2 });
    const zaraCookie = await loginAs(zara, SITE2);
    await errorOf(await block(zaraCookie, (await memberOutsideSite2()).id, SITE2), 404, "profile_not_found");
    const shown = await createMember();
    expect((await block(zaraCookie, shown.id, SITE2)).status).toBe(200);
    const gone = await createMember();
    await env.DB.prepare("UPDATE members SET status = 'deleted' WHERE id = ?").bind(gone.id).run();
    await errorOf(await block(annCookie, gone.id), 404, "profile_not_found");
    for (const bad of ["", "abc", -3, 0, 1.5, null, "<b>1</b>"]) await errorOf(await block(annCookie, bad), 422, "invalid_input");
    await errorOf(await call("/api/blocks.php", { method: "POST", json: [], cookie: annCookie }), 422, "invalid_input");
    await errorOf(await block("", ann.id), 403, "not_logged_in");
    await errorOf(await call("/api/blocks.php"), 403, "not_logged_in");
    expect(await count("SELECT COUNT(*) AS n FROM blocks WHERE member_id = ?", ann.id)).toBe(0);
  });

  it("an unblock removes only the member's own block: the other's block stands", async () => {
    const [ann, annCookie, bob, bobCookie] = await pair();
    await block(annCookie, bob.id);
    await block(bobCookie, ann.id);
    await unblock(annCookie, bob.id);
    await errorOf(await call(`/api/profile.php?id=${bob.id}`, { cookie: annCookie }), 404, "profile_not_found");
    // Bob's unblock of Ann's block (not his) changes nothing either.
    await unblock(bobCookie, ann.id);
    await call("/api/blocks.php", { method: "DELETE", json: { profile: ann.id }, cookie: bobCookie });
    expect(await count("SELECT COUNT(*) AS n FROM blocks WHERE member_id IN (?, ?)", ann.id, bob.id)).toBe(0);
  });

  it("a blocked pair vanish from each other's search, likes, notifications, chats and member pages, both ways, and come back on unblock", async () => {
    const [ann, annCookie, bob, bobCookie] = await pair();
    // They like each other and have a chat with messages both ways.
    await call("/api/likes.php", { method: "POST", json: { profile: bob.id }, cookie: annCookie });
    await call("/api/likes.php", { method: "POST", json: { profile: ann.id }, cookie: bobCookie });
    const chat = await answer(await call(`/api/chat.php?profile=${bob.id}`, { cookie: annCookie }), 200, ChatStartSchema);
    const send = (cookie: string, key: string) =>
      call("/api/messages.php", { method: "POST", json: { conversation: chat.id, text: "hi", key }, cookie });
    expect((await send(annCookie, `ann-${ann.id}-first`)).status).toBe(201);
    expect((await send(bobCookie, `bob-${bob.id}-first`)).status).toBe(201);

    const search = async (cookie: string) =>
      (
        await answer(
          await call("/api/search.php?gender=female&min_age=18&max_age=100&country=NL&countryregion=1&pp=48", { cookie }),
          200,
          SearchAnswerSchema,
        )
      ).profiles.map((p) => p.id);
    const likes = async (cookie: string) => {
      const a = await answer(await call("/api/likes.php", { cookie }), 200, LikesAnswerSchema);
      return [...a.profiles, ...a.liked_by].map((p) => p.id);
    };
    const chats = async (cookie: string) =>
      (await answer(await call("/api/chats.php", { cookie }), 200, ChatsAnswerSchema)).chats.map((c) => c.profile.id);
    const notified = async (cookie: string) =>
      (await answer(await call("/api/notifications.php", { cookie }), 200, NotificationsAnswerSchema)).notifications.flatMap(
        (n) => (n.type === "like" ? [n.profile.id] : []),
      );

    expect(await search(annCookie)).toContain(bob.id);
    expect(await search(bobCookie)).toContain(ann.id);
    expect(await likes(annCookie)).toContain(bob.id);
    expect(await chats(bobCookie)).toContain(ann.id);

    await block(annCookie, bob.id);
    for (const [cookie, other] of [
      [annCookie, bob.id],
      [bobCookie, ann.id],
    ] as const) {
      expect(await search(cookie)).not.toContain(other);
      expect(await likes(cookie)).not.toContain(other);
      expect(await notified(cookie)).not.toContain(other);
      expect(await chats(cookie)).not.toContain(other);
      await errorOf(await call(`/api/profile.php?id=${other}`, { cookie }), 404, "profile_not_found");
      await errorOf(await call(`/api/chat.php?profile=${other}`, { cookie }), 404, "profile_not_found");
      await errorOf(await call("/api/likes.php", { method: "POST", json: { profile: other }, cookie }), 404, "profile_not_found");
    }
    // Neither can message the other: a designed refusal, nothing stored, nothing charged.
    const before = await count("SELECT COUNT(*) AS n FROM messages WHERE conversation_id = ?", chat.id);
    await errorOf(await send(annCookie, `ann-${ann.id}-second`), 403, "blocked");
    await errorOf(await send(bobCookie, `bob-${bob.id}-second`), 403, "blocked");
    expect(await count("SELECT COUNT(*) AS n FROM messages WHERE conversation_id = ?", chat.id)).toBe(before);
    // The history stays readable (to report from it), marked as blocked.
    const history = await answer(
      await call(`/api/messages.php?conversation=${chat.id}`, { cookie: bobCookie }),
      200,
      MessagesAnswerSchema,
    );
    expect(history.blocked).toBe(true);
    // Visitors still see the member: a block is between two members.
    expect((await call(`/api/profile.php?id=${bob.id}`)).status).toBe(200);

    await unblock(annCookie, bob.id);
    expect(await search(bobCookie)).toContain(ann.id);
    expect(await likes(annCookie)).toContain(bob.id);
    expect(await chats(annCookie)).toContain(bob.id);
    expect((await send(bobCookie, `bob-${bob.id}-third`)).status).toBe(201);
  });
});
