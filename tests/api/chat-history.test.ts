/**
 * Chat (issue 6): the history (GET messages.php, paged), unread counts and reading (POST
 * messages.php?read=1) with what the sender sees of it ("Seen", issue 29), and the sent messages
 * in the data export; on real D1 with the real migrations.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { DataExportSchema, MessagesReadSchema } from "../../contract/schemas";
import { call, createMember, ensureSites, loginAs } from "./helpers";
import { errorOf, answer, balanceOf, addCredits, chatId, sendOk, markRead, chats, history, user, pair } from "./chat-helpers";

beforeAll(ensureSites);

const PAGE = 30;

/** Forgets the member's send counter, for tests that send more than a burst on purpose. */
async function resetSendLimit(memberId: number) {
  await env.DB.prepare("DELETE FROM rate_limits WHERE key = ?").bind(`message:member:${memberId}`).run();
}

// =============================================================================================
// Listing messages

describe("listing messages (GET /api/messages.php)", () => {
  it("answers oldest first, 30 a page, older pages with before= and has_more", { timeout: 30_000 }, async () => {
    const { a, b, aCookie, bCookie, conversation } = await pair({ aCredits: 10 });
    await addCredits(a.id, 1000);
    const total = 35;
    const ids: number[] = [];
    for (let i = 1; i <= total; i++) {
      if (i % 15 === 0) await resetSendLimit(a.id);
      ids.push((await sendOk(aCookie, conversation, `m${i}`)).message.id);
    }
    expect(await balanceOf(a.id)).toBe(1010 - total * 10);

    const newest = await history(aCookie, conversation);
    expect(newest.messages).toHaveLength(PAGE);
    expect(newest.messages.map((m) => m.text)).toEqual(Array.from({ length: PAGE }, (_, i) => `m${total - PAGE + 1 + i}`));
    expect(newest.messages.map((m) => m.id)).toEqual(ids.slice(total - PAGE));
    expect(newest.has_more).toBe(true);
    expect(newest.messages.every((m) => m.mine && m.conversation === conversation)).toBe(true);
    expect(newest).toMatchObject({ balance: 1010 - total * 10, cost: 10 });
    expect(newest.conversation.profile).toMatchObject({ id: b.id, deleted: false });

    const older = await history(aCookie, conversation, newest.messages[0]!.id);
    expect(older.messages.map((m) => m.text)).toEqual(["m1", "m2", "m3", "m4", "m5"]);
    expect(older.has_more).toBe(false);

    // Before the first: nothing. Before a middle one: the ones before it.
    expect(await history(aCookie, conversation, ids[0]!)).toMatchObject({ messages: [], has_more: false });
    const middle = await history(aCookie, conversation, ids[10]!);
    expect(middle.messages.map((m) => m.text)).toEqual(Array.from({ length: 10 }, (_, i) => `m${i + 1}`));
    expect(middle.has_more).toBe(false);

    // Exactly a page's worth before: has_more false.
    const exact = await history(aCookie, conversation, ids[PAGE]!);
    expect(exact.messages).toHaveLength(PAGE);
    expect(exact.has_more).toBe(false);
    // One more: has_more true.
    expect((await history(aCookie, conversation, ids[PAGE + 1]!)).has_more).toBe(true);

    // B sees the same, not as theirs.
    const theirs = await history(bCookie, conversation);
    expect(theirs.messages.map((m) => m.id)).toEqual(newest.messages.map((m) => m.id));
    expect(theirs.messages.some((m) => m.mine)).toBe(false);
    expect(theirs.balance).toBe(200);
  });

  it("interleaves both members' messages in order", async () => {
    const { aCookie, bCookie, conversation } = await pair();
    await sendOk(aCookie, conversation, "1 from A");
    await sendOk(bCookie, conversation, "2 from B");
    await sendOk(aCookie, conversation, "3 from A");
    const list = await history(aCookie, conversation);
    expect(list.messages.map((m) => [m.text, m.mine])).toEqual([
      ["1 from A", true],
      ["2 from B", false],
      ["3 from A", true],
    ]);
    const ids = list.messages.map((m) => m.id);
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
  });

  it("answers 404 for another pair's conversation and a missing one", async () => {
    const { aCookie, conversation } = await pair();
    await sendOk(aCookie, conversation, "private");
    const c = await createMember();
    const cCookie = await loginAs(c);
    await errorOf(
      await call(`/api/messages.php?conversation=${conversation}`, { cookie: cCookie }),
      404,
      "conversation_not_found",
    );
    await errorOf(
      await call(`/api/messages.php?conversation=${conversation}&before=999999999`, { cookie: cCookie }),
      404,
      "conversation_not_found",
    );
    await errorOf(await call("/api/messages.php?conversation=99999999", { cookie: cCookie }), 404, "conversation_not_found");
  });

  it("answers 422 for a bad conversation or before", async () => {
    const { aCookie, conversation } = await pair();
    for (const bad of ["abc", "", "0", "-3", "1.5", "99999999999999999999"]) {
      const body = await errorOf(
        await call(`/api/messages.php?conversation=${encodeURIComponent(bad)}`, { cookie: aCookie }),
        422,
        "invalid_input",
      );
      expect(body.fields?.conversation, bad).toBe("invalid");
      const before = await errorOf(
        await call(`/api/messages.php?conversation=${conversation}&before=${encodeURIComponent(bad)}`, { cookie: aCookie }),
        422,
        "invalid_input",
      );
      expect(before.fields?.before, bad).toBe("invalid");
    }
    await errorOf(await call("/api/messages.php", { cookie: aCookie }), 422, "invalid_input");
  });

  it("is for logged-in members only", async () => {
    const { conversation } = await pair();
    await errorOf(await call(`/api/messages.php?conversation=${conversation}`), 403, "not_logged_in");
  });
});

// =============================================================================================
// Read and unread

describe("unread messages and reading (POST /api/messages.php?read=1)", () => {
  it("counts the other member's messages as unread until read; one's own never", async () => {
    const { aCookie, bCookie, conversation } = await pair();
    await sendOk(aCookie, conversation, "one");
    await sendOk(aCookie, conversation, "two");

    expect((await user(bCookie)).unread_messages).toBe(2);
    const bList = await chats(bCookie);
    expect(bList[0]).toMatchObject({
      conversation: { id: conversation },
      num_unread_messages: 2,
      last_message: { text: "two", mine: false },
    });
    // A's own messages are not unread for A.
    expect((await user(aCookie)).unread_messages).toBe(0);
    expect((await chats(aCookie))[0]).toMatchObject({ num_unread_messages: 0, last_message: { text: "two", mine: true } });

    // Reading the history alone marks nothing.
    await history(bCookie, conversation);
    expect((await user(bCookie)).unread_messages).toBe(2);

    expect(await answer(await markRead(bCookie, { conversation }), 200, MessagesReadSchema)).toEqual({ unread: 0 });
    expect((await user(bCookie)).unread_messages).toBe(0);
    expect((await chats(bCookie))[0]!.num_unread_messages).toBe(0);
    // Again is harmless.
    await answer(await markRead(bCookie, { conversation }), 200, MessagesReadSchema);

    // B answers: one unread for A; B's own reply is not unread for B.
    await sendOk(bCookie, conversation, "three");
    expect((await user(aCookie)).unread_messages).toBe(1);
    expect((await chats(aCookie))[0]!.num_unread_messages).toBe(1);
    expect((await user(bCookie)).unread_messages).toBe(0);
    expect((await chats(bCookie))[0]!.num_unread_messages).toBe(0);
  });

  it("sums unread messages over conversations, and reading one leaves the others", async () => {
    const hub = await createMember();
    const hubCookie = await loginAs(hub);
    const x = await createMember({ credits: 100 });
    const y = await createMember({ credits: 100 });
    const xCookie = await loginAs(x);
    const yCookie = await loginAs(y);
    const withX = await chatId(xCookie, hub.id);
    const withY = await chatId(yCookie, hub.id);
    await sendOk(xCookie, withX, "x1");
    await sendOk(yCookie, withY, "y1");
    await sendOk(yCookie, withY, "y2");
    expect((await user(hubCookie)).unread_messages).toBe(3);
    // Newest first: Y wrote last.
    const list = await chats(hubCookie);
    expect(list.map((c) => [c.conversation.id, c.num_unread_messages])).toEqual([
      [withY, 2],
      [withX, 1],
    ]);
    await answer(await markRead(hubCookie, { conversation: withY }), 200, MessagesReadSchema);
    expect((await user(hubCookie)).unread_messages).toBe(1);
    // A newer message moves X to the top.
    await sendOk(xCookie, withX, "x2");
    expect((await chats(hubCookie)).map((c) => c.conversation.id)).toEqual([withX, withY]);
  });

  it("tells the sender how far the other member has read (seen_up_to), and nothing across a block", async () => {
    const { b, aCookie, bCookie, conversation } = await pair();
    const first = await sendOk(aCookie, conversation, "one");
    const second = await sendOk(aCookie, conversation, "two");
    expect((await history(aCookie, conversation)).seen_up_to).toBe(0);
    await answer(await markRead(bCookie, { conversation }), 200, MessagesReadSchema);
    expect((await history(aCookie, conversation)).seen_up_to).toBe(second.message.id);
    expect(second.message.id).toBeGreaterThan(first.message.id);
    // A block hides it again.
    const blocked = await call("/api/blocks.php", { method: "POST", cookie: aCookie, json: { profile: b.id } });
    expect(blocked.status).toBeLessThan(300);
    expect((await history(aCookie, conversation)).seen_up_to).toBe(0);
  });

  it("answers 404 for another pair's conversation, 422 for a bad one, 403 for visitors", async () => {
    const { aCookie, bCookie, conversation } = await pair();
    await sendOk(aCookie, conversation, "unread");
    const c = await createMember();
    const cCookie = await loginAs(c);
    await errorOf(await markRead(cCookie, { conversation }), 404, "conversation_not_found");
    await errorOf(await markRead(cCookie, { conversation: 99_999_999 }), 404, "conversation_not_found");
    expect((await user(bCookie)).unread_messages).toBe(1);
    for (const bad of [
      {},
      { conversation: "abc" },
      { conversation: -1 },
      { conversation: 0 },
      { conversation: 1.5 },
      { conversation: null },
    ]) {
      await errorOf(await markRead(bCookie, bad), 422, "invalid_input");
    }
    await errorOf(await markRead(undefined, { conversation }), 403, "not_logged_in");
  });
});

// =============================================================================================
// Export

describe("the data export lists the messages the member sent", () => {
  it("messages_sent holds the member's own messages, not the other member's", async () => {
    const { aCookie, bCookie, conversation } = await pair();
    await sendOk(aCookie, conversation, "mine 1");
    await sendOk(bCookie, conversation, "B's secret reply");
    await sendOk(aCookie, conversation, "mine 2");
    const response = await call("/api/user_export.php", { cookie: aCookie });
    const text = await response.clone().text();
    const data = await answer(response, 200, DataExportSchema);
    expect(data.messages_sent).toEqual([
      expect.objectContaining({ conversation, text: "mine 1" }),
      expect.objectContaining({ conversation, text: "mine 2" }),
    ]);
    expect(text).not.toContain("B's secret reply");
  });
});
