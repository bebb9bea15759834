/**
 * Chat (issue 6): sending a message (POST messages.php), on real D1 with the real migrations. Sends are
 * charged in the credit ledger in the same batch as the message, idempotent by the page's key, and
 * limited per minute.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { MessageSentSchema } from "../../contract/schemas";
import { call, createMember, ensureSites, loginAs } from "./helpers";
import {
  SITE2,
  errorOf,
  answer,
  count,
  messageRows,
  charges,
  balanceOf,
  addCredits,
  setCountry,
  newKey,
  chatId,
  send,
  sendOk,
  chats,
  history,
  user,
  pair,
  signUp,
  deleteAccount,
} from "./chat-helpers";

beforeAll(ensureSites);

const SEND_LIMIT = 20;

const sentBy = (memberId: number) => count("SELECT COUNT(*) AS n FROM messages WHERE sender_id = ?", memberId);

/** The send limit counts per fixed minute: start a burst well inside one. */
async function awayFromMinuteEdge() {
  const into = Date.now() % 60_000;
  if (into > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - into + 100));
}

// =============================================================================================
// Sending

describe("sending a message (POST /api/messages.php)", () => {
  it("answers 201 with the message and the balance, and writes the message and its charge", async () => {
    const { a, b, aCookie, bCookie, conversation } = await pair({ aCredits: 50 });
    const sent = await sendOk(aCookie, conversation, "  Hello Bob!  ", "first-key-1");
    expect(sent.message).toMatchObject({ conversation, mine: true, text: "Hello Bob!" });
    expect(Math.abs(sent.message.created_at - Date.now())).toBeLessThan(60_000);
    expect(sent).toMatchObject({ balance: 40, cost: 10 });

    const ledger = await env.DB.prepare(
      "SELECT amount, reason, idempotency_key FROM credit_ledger WHERE member_id = ? AND reason = 'message'",
    )
      .bind(a.id)
      .all<{ amount: number; reason: string; idempotency_key: string }>();
    expect(ledger.results).toEqual([{ amount: -10, reason: "message", idempotency_key: `message:${a.id}:first-key-1` }]);
    const row = await env.DB.prepare("SELECT * FROM messages WHERE id = ?")
      .bind(sent.message.id)
      .first<Record<string, unknown>>();
    expect(row).toMatchObject({ conversation_id: conversation, sender_id: a.id, body: "Hello Bob!", send_key: "first-key-1" });
    expect(await count("SELECT last_message_id AS n FROM conversations WHERE id = ?", conversation)).toBe(sent.message.id);
    // The recipient pays nothing.
    expect(await balanceOf(b.id)).toBe(200);
    expect(await charges(b.id)).toBe(0);

    // Both sides see it; only for the sender it is "mine".
    expect((await history(aCookie, conversation)).messages).toEqual([sent.message]);
    expect((await history(bCookie, conversation)).messages).toEqual([{ ...sent.message, mine: false }]);
    expect((await user(aCookie)).credits).toBe(40);
  });

  it("charges a new member's starting credits: balance = starting_credits - cost", async () => {
    const { user: newbie, cookie } = await signUp("NL");
    expect(newbie.credits).toBe(50);
    const b = await createMember();
    const conversation = await chatId(cookie, b.id);
    const sent = await sendOk(cookie, conversation, "Hi!");
    expect(sent).toMatchObject({ balance: 40, cost: 10 });
    expect((await user(cookie)).credits).toBe(40);
  });

  it("charges the sender's country minimum when it is above the site's message_credits (US on Amora: 12)", async () => {
    const { user: american, cookie } = await signUp("US");
    expect(american.credits).toBe(50);
    const b = await createMember();
    const conversation = await chatId(cookie, b.id);
    expect((await history(cookie, conversation)).cost).toBe(12);
    const sent = await sendOk(cookie, conversation, "Hello from the US");
    expect(sent).toMatchObject({ balance: 38, cost: 12 });
    expect((await user(cookie)).credits).toBe(38);
    const ledger = await env.DB.prepare("SELECT amount, reason FROM credit_ledger WHERE member_id = ? ORDER BY id")
      .bind(american.profile.id)
      .all();
    expect(ledger.results).toEqual([
      { amount: 50, reason: "starting_credits" },
      { amount: -12, reason: "message" },
    ]);
  });

  it("the cost follows the sender's country, not the recipient's, and the site's settings", async () => {
    const nl = await createMember({ credits: 100 });
    const us = await createMember({ credits: 100 });
    const fr = await createMember({ credits: 100 });
    await setCountry(us.id, "US");
    await setCountry(fr.id, "FR"); // no minimum: message_credits
    const nlCookie = await loginAs(nl);
    const usCookie = await loginAs(us);
    const frCookie = await loginAs(fr);
    const nlUs = await chatId(nlCookie, us.id);
    const frUs = await chatId(frCookie, us.id);
    expect((await sendOk(nlCookie, nlUs, "to the US")).cost).toBe(10);
    expect((await sendOk(usCookie, nlUs, "to NL")).cost).toBe(12);
    expect((await sendOk(frCookie, frUs, "to the US")).cost).toBe(10);
    expect(await balanceOf(nl.id)).toBe(90);
    expect(await balanceOf(us.id)).toBe(88);
    expect(await balanceOf(fr.id)).toBe(90);

    // The second site: message_credits 8, NL minimum 8.
    const z1 = await createMember({ siteId: 2, credits: 30 });
    const z2 = await createMember({ siteId: 2 });
    const zCookie = await loginAs(z1, SITE2);
    const zConversation = await chatId(zCookie, z2.id, SITE2);
    const zSent = await answer(
      await call("/api/messages.php", {
        method: "POST",
        host: SITE2,
        cookie: zCookie,
        json: { conversation: zConversation, text: "Hoi", key: newKey() },
      }),
      201,
      MessageSentSchema,
    );
    expect(zSent).toMatchObject({ cost: 8, balance: 22 });
  });

  it("a minimum set in the site's settings in D1 is charged", async () => {
    const { a, aCookie, conversation } = await pair({ aCredits: 100 });
    await setCountry(a.id, "LU"); // no seeded minimum (and no other file's country: files share D1)
    expect((await history(aCookie, conversation)).cost).toBe(10);
    const site = await env.DB.prepare("SELECT settings FROM sites WHERE id = 1").first<{ settings: string }>();
    const settings = JSON.parse(site!.settings) as { minimum_message_costs: Record<string, { costs: number; currency: string }> };
    try {
      settings.minimum_message_costs.LU = { costs: 15, currency: "EUR" };
      await env.DB.prepare("UPDATE sites SET settings = ? WHERE id = 1").bind(JSON.stringify(settings)).run();
      expect((await history(aCookie, conversation)).cost).toBe(15);
      expect(await sendOk(aCookie, conversation, "Moien")).toMatchObject({ cost: 15, balance: 85 });
    } finally {
      await env.DB.prepare("UPDATE sites SET settings = ? WHERE id = 1").bind(site!.settings).run();
    }
  });

  it("the same key twice answers the same message and charges once", async () => {
    const { a, aCookie, conversation } = await pair({ aCredits: 50 });
    const key = newKey();
    const first = await sendOk(aCookie, conversation, "once", key);
    const again = await send(aCookie, { conversation, text: "once", key });
    expect([200, 201]).toContain(again.status);
    const second = MessageSentSchema.parse(await again.json());
    expect(second.message).toEqual(first.message);
    expect(second.balance).toBe(40);
    // A retry with other text still gets the first message, and is not charged.
    const changed = await send(aCookie, { conversation, text: "twice", key });
    expect([200, 201]).toContain(changed.status);
    expect(MessageSentSchema.parse(await changed.json()).message).toEqual(first.message);
    expect(await messageRows(conversation)).toBe(1);
    expect(await charges(a.id)).toBe(1);
    expect(await balanceOf(a.id)).toBe(40);
  });

  it("the same key sent concurrently makes exactly one message and one charge", async () => {
    const { a, aCookie, conversation } = await pair({ aCredits: 100 });
    const key = newKey();
    const responses = await Promise.all(Array.from({ length: 5 }, () => send(aCookie, { conversation, text: "racing", key })));
    const bodies = [];
    for (const response of responses) {
      expect([200, 201]).toContain(response.status);
      bodies.push(MessageSentSchema.parse(await response.json()));
    }
    expect(new Set(bodies.map((body) => body.message.id)).size).toBe(1);
    expect(await messageRows(conversation)).toBe(1);
    expect(await charges(a.id)).toBe(1);
    expect(await balanceOf(a.id)).toBe(90);
  });

  it("concurrent sends with different keys never overdraw: messages = charges, balance >= 0", async () => {
    const { a, aCookie, conversation } = await pair({ aCredits: 35 });
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => send(aCookie, { conversation, text: `race ${i}`, key: newKey() })),
    );
    let sent = 0;
    for (const response of responses) {
      if (response.status === 201) {
        MessageSentSchema.parse(await response.json());
        sent++;
      } else {
        const body = await errorOf(response, 402, "insufficient_credits");
        expect(body.cost).toBe(10);
        expect(body.balance).toBeGreaterThanOrEqual(0);
      }
    }
    expect(sent).toBe(3);
    expect(await messageRows(conversation)).toBe(sent);
    expect(await charges(a.id)).toBe(sent);
    expect(await balanceOf(a.id)).toBe(5);
  });

  it("too few credits: 402 insufficient_credits with balance and cost, and nothing written", async () => {
    const { a, aCookie, bCookie, conversation } = await pair({ aCredits: 15 });
    await sendOk(aCookie, conversation, "the last one I can pay");
    const key = newKey();
    const body = await errorOf(await send(aCookie, { conversation, text: "one too many", key }), 402, "insufficient_credits");
    expect(body).toMatchObject({ balance: 5, cost: 10 });
    expect(await messageRows(conversation)).toBe(1);
    expect(await charges(a.id)).toBe(1);
    expect(await balanceOf(a.id)).toBe(5);
    expect(await count("SELECT COUNT(*) AS n FROM credit_ledger WHERE idempotency_key = ?", `message:${a.id}:${key}`)).toBe(0);
    expect((await chats(bCookie))[0]!.last_message?.text).toBe("the last one I can pay");

    // With credits added, the same key goes through (it made nothing before).
    await addCredits(a.id, 10);
    expect(await sendOk(aCookie, conversation, "one too many", key)).toMatchObject({ balance: 5, cost: 10 });
  });

  it("too few credits for the first message of a new conversation: 402, not 500", async () => {
    const rich = await createMember({ credits: 100 });
    const poor = await createMember({ credits: 3 });
    const poorCookie = await loginAs(poor);
    const poorChat = await chatId(poorCookie, rich.id);
    const body = await errorOf(
      await send(poorCookie, { conversation: poorChat, text: "hi", key: newKey() }),
      402,
      "insufficient_credits",
    );
    expect(body).toMatchObject({ balance: 3, cost: 10 });
    expect(await messageRows(poorChat)).toBe(0);
    expect(await charges(poor.id)).toBe(0);
    expect(await balanceOf(poor.id)).toBe(3);
  });

  it("refuses empty and whitespace-only text with 422, and writes nothing", async () => {
    const { a, aCookie, conversation } = await pair();
    for (const text of ["", " ", "   \n\t  ", "\u00a0"]) {
      const body = await errorOf(await send(aCookie, { conversation, text, key: newKey() }), 422, "invalid_input");
      expect(body.fields?.text, JSON.stringify(text)).toBeDefined();
    }
    expect(await messageRows(conversation)).toBe(0);
    expect(await charges(a.id)).toBe(0);
  });

  it("takes 2000 characters and refuses 2001 with 422", async () => {
    const { a, aCookie, conversation } = await pair();
    const longest = "x".repeat(2000);
    expect((await sendOk(aCookie, conversation, longest)).message.text).toBe(longest);
    const body = await errorOf(
      await send(aCookie, { conversation, text: "y".repeat(2001), key: newKey() }),
      422,
      "invalid_input",
    );
    expect(body.fields?.text).toBeDefined();
    await errorOf(await send(aCookie, { conversation, text: "y".repeat(100_000), key: newKey() }), 422, "invalid_input");
    expect(await messageRows(conversation)).toBe(1);
    expect(await charges(a.id)).toBe(1);
  });

  it("stores and returns markup verbatim, as text", async () => {
    const { aCookie, bCookie, conversation } = await pair();
    const markup = "<img src=x onerror=alert(1)>";
    const sent = await sendOk(aCookie, conversation, markup);
    expect(sent.message.text).toBe(markup);
    expect(await env.DB.prepare("SELECT body FROM messages WHERE id = ?").bind(sent.message.id).first("body")).toBe(markup);
    expect((await history(bCookie, conversation)).messages[0]!.text).toBe(markup);
    expect((await chats(bCookie))[0]!.last_message).toMatchObject({ text: markup, mine: false });
    const emoji = 'Hallo 👋 — ‘quotes’ & "more" \\ \u0000end';
    expect((await sendOk(aCookie, conversation, emoji)).message.text).toBe(emoji);
  });

  it("refuses a bad key with 422", async () => {
    const { a, aCookie, conversation } = await pair();
    for (const key of [
      "",
      "short",
      "1234567",
      "has space!",
      "semi;colon12",
      "slash/slash/",
      "x".repeat(65),
      "ünïcödé-key",
      12345678,
      null,
      ["aaaaaaaa"],
    ]) {
      const body = await errorOf(await send(aCookie, { conversation, text: "hi", key }), 422, "invalid_input");
      expect(body.fields?.key, JSON.stringify(key)).toBeDefined();
    }
    await errorOf(await send(aCookie, { conversation, text: "hi" }), 422, "invalid_input");
    expect(await messageRows(conversation)).toBe(0);
    expect(await charges(a.id)).toBe(0);
    // The limits of the rule are fine.
    await sendOk(aCookie, conversation, "eight", "abcd_-12");
    await sendOk(aCookie, conversation, "sixty-four", "k".repeat(64));
  });

  it("answers 404 conversation_not_found for another pair's conversation and a missing one, and writes nothing", async () => {
    const { conversation } = await pair();
    const c = await createMember({ credits: 100 });
    const cCookie = await loginAs(c);
    await errorOf(await send(cCookie, { conversation, text: "let me in", key: newKey() }), 404, "conversation_not_found");
    await errorOf(
      await send(cCookie, { conversation: 99_999_999, text: "anyone?", key: newKey() }),
      404,
      "conversation_not_found",
    );
    expect(await messageRows(conversation)).toBe(0);
    expect(await charges(c.id)).toBe(0);
    expect(await sentBy(c.id)).toBe(0);
    expect(await balanceOf(c.id)).toBe(100);
  });

  it("answers 410 recipient_gone when the other member deleted the account, and charges nothing", async () => {
    const { a, b, aCookie, bCookie, conversation } = await pair();
    await deleteAccount(b, bCookie);
    await errorOf(await send(aCookie, { conversation, text: "are you there?", key: newKey() }), 410, "recipient_gone");
    expect(await messageRows(conversation)).toBe(0);
    expect(await charges(a.id)).toBe(0);
  });

  it("the 21st send within a minute answers 429 rate_limited and writes nothing", { timeout: 30_000 }, async () => {
    const { a, aCookie, conversation } = await pair({ aCredits: 1000 });
    await awayFromMinuteEdge();
    const keys: string[] = [];
    for (let i = 0; i < SEND_LIMIT; i++) {
      const key = newKey();
      keys.push(key);
      await sendOk(aCookie, conversation, `burst ${i}`, key);
    }
    const body = await errorOf(await send(aCookie, { conversation, text: "one more", key: newKey() }), 429, "rate_limited");
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(60);
    expect(await messageRows(conversation)).toBe(SEND_LIMIT);
    expect(await charges(a.id)).toBe(SEND_LIMIT);
    expect(await balanceOf(a.id)).toBe(1000 - SEND_LIMIT * 10);
    // A retry of a message already sent still gets its answer.
    const retry = await send(aCookie, { conversation, text: "burst 0", key: keys[0] });
    expect([200, 201]).toContain(retry.status);
    MessageSentSchema.parse(await retry.json());
  });

  it("a key reused in another conversation answers 409 key_used", async () => {
    const a = await createMember({ credits: 100 });
    const b = await createMember({ credits: 100 });
    const c = await createMember();
    const aCookie = await loginAs(a);
    const withB = await chatId(aCookie, b.id);
    const withC = await chatId(aCookie, c.id);
    const key = newKey();
    await sendOk(aCookie, withB, "to B", key);
    await errorOf(await send(aCookie, { conversation: withC, text: "to C", key }), 409, "key_used");
    expect(await messageRows(withC)).toBe(0);
    expect(await charges(a.id)).toBe(1);
    // Another member may use the same key: keys are per sender.
    const bCookie = await loginAs(b);
    expect((await sendOk(bCookie, withB, "mine too", key)).message.mine).toBe(true);
  });

  it("a key sent to two conversations at once makes one message; the other request is not answered as a success", async () => {
    const a = await createMember({ credits: 100 });
    const b = await createMember();
    const c = await createMember();
    const aCookie = await loginAs(a);
    const withB = await chatId(aCookie, b.id);
    const withC = await chatId(aCookie, c.id);
    // Both conversations already have a message (an empty one trips another bug: see the 402 test above).
    await sendOk(aCookie, withB, "earlier to B");
    await sendOk(aCookie, withC, "earlier to C");
    const key = newKey();
    const [toB, toC] = await Promise.all([
      send(aCookie, { conversation: withB, text: "to B", key }),
      send(aCookie, { conversation: withC, text: "to C", key }),
    ]);
    expect((await messageRows(withB)) + (await messageRows(withC))).toBe(3);
    expect(await charges(a.id)).toBe(3);
    const statuses = [toB.status, toC.status].sort();
    // One of them sent it; the other must say the key is taken, not "201" with a message from the other conversation.
    expect(statuses).toEqual([201, 409]);
    for (const [response, conversation] of [
      [toB, withB],
      [toC, withC],
    ] as const) {
      if (response.status === 201) expect(MessageSentSchema.parse(await response.json()).message.conversation).toBe(conversation);
    }
  });

  it("is for logged-in members only, and refuses cross-site requests", async () => {
    const { a, aCookie, conversation } = await pair();
    await errorOf(await send(undefined, { conversation, text: "hi", key: newKey() }), 403, "not_logged_in");
    await errorOf(await send("sid=forged", { conversation, text: "hi", key: newKey() }), 403, "not_logged_in");
    await errorOf(
      await send(aCookie, { conversation, text: "hi", key: newKey() }, { "sec-fetch-site": "cross-site" }),
      403,
      "cross_site",
    );
    expect(await messageRows(conversation)).toBe(0);
    expect(await charges(a.id)).toBe(0);
  });
});
