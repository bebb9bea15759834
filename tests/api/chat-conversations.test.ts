/**
 * Chat (issue 6): starting a conversation (GET chat.php?profile=), removing it from one member's list
 * (DELETE chat.php), and what the other member keeps when one deletes the account; on real D1 with
 * the real migrations.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ChatDeletedSchema, MessagesReadSchema } from "../../contract/schemas";
import { call, createMember, ensureSites, loginAs } from "./helpers";
import {
  SITE2,
  errorOf,
  answer,
  count,
  messageRows,
  charges,
  setCountry,
  newKey,
  startChat,
  chatId,
  send,
  sendOk,
  markRead,
  chats,
  history,
  user,
  pair,
  deleteAccount,
} from "./chat-helpers";

beforeAll(ensureSites);

const removeChat = (cookie: string | undefined, body: unknown) => call("/api/chat.php", { method: "DELETE", json: body, cookie });

// =============================================================================================
// Starting a chat

describe("starting a chat (GET /api/chat.php?profile=)", () => {
  it("creates one conversation for the pair; again, and from the other side, the same id", async () => {
    const a = await createMember();
    const b = await createMember();
    const aCookie = await loginAs(a);
    const bCookie = await loginAs(b);

    const first = await chatId(aCookie, b.id);
    expect(await chatId(aCookie, b.id)).toBe(first);
    expect(await chatId(bCookie, a.id)).toBe(first);

    const low = Math.min(a.id, b.id);
    const high = Math.max(a.id, b.id);
    expect(await count("SELECT COUNT(*) AS n FROM conversations WHERE member_low = ? AND member_high = ?", low, high)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM conversation_members WHERE conversation_id = ?", first)).toBe(2);

    // Both list it, without messages yet.
    const aList = await chats(aCookie);
    expect(aList).toEqual([expect.objectContaining({ conversation: { id: first }, num_unread_messages: 0, last_message: null })]);
    expect(aList[0]!.profile).toMatchObject({ id: b.id, name: "Tess", deleted: false });
    const bList = await chats(bCookie);
    expect(bList.map((c) => c.conversation.id)).toEqual([first]);
    expect(bList[0]!.profile.id).toBe(a.id);

    const empty = await history(aCookie, first);
    expect(empty).toMatchObject({ conversation: { id: first }, messages: [], has_more: false, balance: 0, cost: 10 });
    expect(empty.conversation.profile.id).toBe(b.id);
  });

  it("puts nothing in the other member's list until the first message", async () => {
    const a = await createMember({ credits: 50 });
    const b = await createMember();
    const aCookie = await loginAs(a);
    const bCookie = await loginAs(b);
    const id = await chatId(aCookie, b.id);
    expect((await chats(aCookie)).map((c) => c.conversation.id)).toEqual([id]);
    expect(await chats(bCookie)).toEqual([]);
    const sent = await call("/api/messages.php", {
      method: "POST",
      json: { conversation: id, text: "hello", key: `first-${a.id}-key` },
      cookie: aCookie,
    });
    expect(sent.status).toBe(201);
    expect((await chats(bCookie)).map((c) => c.conversation.id)).toEqual([id]);
  });

  it("concurrent starts by both members make one conversation", async () => {
    const a = await createMember();
    const b = await createMember();
    const aCookie = await loginAs(a);
    const bCookie = await loginAs(b);
    const ids = await Promise.all([0, 1, 2, 3].map((i) => chatId(i % 2 ? aCookie : bCookie, i % 2 ? b.id : a.id)));
    expect(new Set(ids).size).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM conversation_members WHERE conversation_id = ?", ids[0])).toBe(2);
  });

  it("refuses your own profile with 422 own_profile", async () => {
    const a = await createMember();
    const cookie = await loginAs(a);
    const body = await errorOf(await startChat(cookie, a.id), 422, "own_profile");
    expect(body.fields?.profile).toBe("own_profile");
    expect(await count("SELECT COUNT(*) AS n FROM conversation_members WHERE member_id = ?", a.id)).toBe(0);
  });

  it("answers 404 for an unknown, a deleted, a not-yet-confirmed profile and one outside the site's countries", async () => {
    const a = await createMember();
    const cookie = await loginAs(a);
    await errorOf(await startChat(cookie, 99_999_999), 404, "profile_not_found");
    await errorOf(await startChat(cookie, Number.MAX_SAFE_INTEGER), 404, "profile_not_found");

    const gone = await createMember();
    await env.DB.prepare("UPDATE members SET status = 'deleted' WHERE id = ?").bind(gone.id).run();
    await errorOf(await startChat(cookie, gone.id), 404, "profile_not_found");

    const pending = await createMember();
    await env.DB.prepare("UPDATE members SET status = 'not_confirmed' WHERE id = ?").bind(pending.id).run();
    await errorOf(await startChat(cookie, pending.id), 404, "profile_not_found");

    const faraway = await createMember();
    await setCountry(faraway.id, "JP");
    await errorOf(await startChat(cookie, faraway.id), 404, "profile_not_found");

    // The second site serves NL/BE/DE/AT only: a US member is not a profile there.
    const local = await createMember({ siteId: 2 });
    const localCookie = await loginAs(local, SITE2);
    const american = await createMember();
    await setCountry(american.id, "US");
    await errorOf(await startChat(localCookie, american.id, SITE2), 404, "profile_not_found");

    expect(await count("SELECT COUNT(*) AS n FROM conversation_members WHERE member_id = ?", a.id)).toBe(0);
  });

  it("answers 422 for a missing, non-numeric, zero, negative, fractional or huge profile id", async () => {
    const a = await createMember();
    const cookie = await loginAs(a);
    for (const profile of [
      "abc",
      "",
      "0",
      "-1",
      "-5",
      "1.5",
      "99999999999999999999",
      "9007199254740992",
      "NaN",
      "Infinity",
      "1;drop table members",
    ]) {
      const body = await errorOf(await startChat(cookie, profile), 422, "invalid_input");
      expect(body.fields?.profile, profile).toBe("invalid");
    }
    await errorOf(await call("/api/chat.php", { cookie }), 422, "invalid_input");
  });

  it("is for logged-in members only", async () => {
    const b = await createMember();
    await errorOf(await startChat(undefined, b.id), 403, "not_logged_in");
    await errorOf(await startChat("sid=forged", b.id), 403, "not_logged_in");
    await errorOf(await call("/api/chats.php"), 403, "not_logged_in");
  });
});

// =============================================================================================
// Removing a chat from the list

describe("removing a chat (DELETE /api/chat.php)", () => {
  it("removes it from A's list and A's history only; B's message brings it back with only the new message", async () => {
    const { aCookie, bCookie, conversation } = await pair();
    await sendOk(aCookie, conversation, "old from A");
    await sendOk(bCookie, conversation, "old from B");

    expect(await answer(await removeChat(aCookie, { conversation }), 200, ChatDeletedSchema)).toEqual({ deleted: true });
    expect(await chats(aCookie)).toEqual([]);
    expect((await history(aCookie, conversation)).messages).toEqual([]);
    expect((await history(aCookie, conversation)).has_more).toBe(false);
    expect((await user(aCookie)).unread_messages).toBe(0);
    // B keeps everything.
    expect((await chats(bCookie)).map((c) => c.conversation.id)).toEqual([conversation]);
    expect((await history(bCookie, conversation)).messages.map((m) => m.text)).toEqual(["old from A", "old from B"]);
    // The rows stay.
    expect(await messageRows(conversation)).toBe(2);

    // Twice is fine.
    await answer(await removeChat(aCookie, { conversation }), 200, ChatDeletedSchema);

    await sendOk(bCookie, conversation, "new from B");
    const back = await chats(aCookie);
    expect(back).toEqual([
      expect.objectContaining({
        conversation: { id: conversation },
        num_unread_messages: 1,
        last_message: expect.objectContaining({ text: "new from B", mine: false }),
      }),
    ]);
    expect((await history(aCookie, conversation)).messages.map((m) => m.text)).toEqual(["new from B"]);
    expect((await user(aCookie)).unread_messages).toBe(1);
  });

  it("A's own new message after removing brings it back too, with only that message", async () => {
    const { aCookie, conversation } = await pair();
    await sendOk(aCookie, conversation, "before");
    await answer(await removeChat(aCookie, { conversation }), 200, ChatDeletedSchema);
    await sendOk(aCookie, conversation, "after");
    expect((await chats(aCookie)).map((c) => c.conversation.id)).toEqual([conversation]);
    expect((await history(aCookie, conversation)).messages.map((m) => m.text)).toEqual(["after"]);
  });

  it("removing a chat without messages, and removing unread messages, leaves nothing unread", async () => {
    const { aCookie, bCookie, conversation } = await pair();
    await answer(await removeChat(bCookie, { conversation }), 200, ChatDeletedSchema);
    expect(await chats(bCookie)).toEqual([]);
    await sendOk(aCookie, conversation, "unread by B");
    expect((await user(bCookie)).unread_messages).toBe(1);
    await answer(await removeChat(bCookie, { conversation }), 200, ChatDeletedSchema);
    expect((await user(bCookie)).unread_messages).toBe(0);
    expect(await chats(bCookie)).toEqual([]);
  });

  it("reopening a removed chat from the profile keeps its old messages gone", async () => {
    const { b, aCookie, bCookie, conversation } = await pair();
    await sendOk(aCookie, conversation, "old from A");
    await sendOk(bCookie, conversation, "old from B");
    await answer(await removeChat(aCookie, { conversation }), 200, ChatDeletedSchema);

    expect(await chatId(aCookie, b.id)).toBe(conversation);
    const list = await chats(aCookie);
    expect(list.map((c) => c.conversation.id)).toEqual([conversation]);
    // "Its old messages stay gone" (endpoints/chat.ts): neither the history nor the list shows them.
    expect((await history(aCookie, conversation)).messages.map((m) => m.text)).toEqual([]);
    expect(list[0]!.last_message).toBeNull();
  });

  it("answers 404 for another pair's conversation and a missing one, 422 for a bad body, 403 for visitors", async () => {
    const { aCookie, bCookie, conversation } = await pair();
    await sendOk(aCookie, conversation, "keep me");
    const c = await createMember();
    const cCookie = await loginAs(c);
    await errorOf(await removeChat(cCookie, { conversation }), 404, "conversation_not_found");
    await errorOf(await removeChat(cCookie, { conversation: 99_999_999 }), 404, "conversation_not_found");
    expect((await chats(aCookie)).length).toBe(1);
    expect((await chats(bCookie)).length).toBe(1);
    for (const bad of [{}, { conversation: "x" }, { conversation: -1 }, { conversation: [] }]) {
      await errorOf(await removeChat(aCookie, bad), 422, "invalid_input");
    }
    await errorOf(await removeChat(undefined, { conversation }), 403, "not_logged_in");
    await errorOf(
      await call("/api/chat.php", {
        method: "DELETE",
        json: { conversation },
        cookie: aCookie,
        headers: { "sec-fetch-site": "cross-site" },
      }),
      403,
      "cross_site",
    );
    expect((await chats(aCookie)).length).toBe(1);
  });
});

// =============================================================================================
// Account deletion

describe("a member who deletes the account", () => {
  it("stays in the other member's list as a deleted member, with the history; sending answers 410", async () => {
    const { a, b, aCookie, bCookie, conversation } = await pair();
    await sendOk(aCookie, conversation, "hi B");
    await sendOk(bCookie, conversation, "hi A, bye");
    await deleteAccount(b, bCookie);

    const list = await chats(aCookie);
    expect(list.map((c) => c.conversation.id)).toEqual([conversation]);
    expect(list[0]!.profile).toMatchObject({ id: b.id, deleted: true, name: "", age: null, city: null, main_image: null });
    expect(list[0]!.last_message).toMatchObject({ text: "hi A, bye", mine: false });
    const kept = await history(aCookie, conversation);
    expect(kept.conversation.profile).toMatchObject({ id: b.id, deleted: true, name: "" });
    expect(kept.messages.map((m) => m.text)).toEqual(["hi B", "hi A, bye"]);

    await errorOf(await send(aCookie, { conversation, text: "still there?", key: newKey() }), 410, "recipient_gone");
    expect(await messageRows(conversation)).toBe(2);
    expect(await charges(a.id)).toBe(1);
    // The deleted profile cannot be chatted with again.
    await errorOf(await startChat(aCookie, b.id), 404, "profile_not_found");
    // The deleted member's own view is gone; A's stays.
    expect(await count("SELECT COUNT(*) AS n FROM conversation_members WHERE member_id = ?", b.id)).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM conversation_members WHERE member_id = ?", a.id)).toBe(1);
    // Reading and removing still work for A.
    await answer(await markRead(aCookie, { conversation }), 200, MessagesReadSchema);
    await answer(await removeChat(aCookie, { conversation }), 200, ChatDeletedSchema);
    expect(await chats(aCookie)).toEqual([]);
  });
});
