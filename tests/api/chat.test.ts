/**
 * Chat (issue 6): chats.php, chat.php (start / remove), messages.php (list / send / read) and
 * live.php, on real D1 with the real migrations. Sends are charged in the credit ledger in the
 * same batch as the message, idempotent by the page's key.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  AccountDeletedSchema,
  ApiErrorSchema,
  ChatDeletedSchema,
  ChatStartSchema,
  ChatsAnswerSchema,
  CsrfAnswerSchema,
  DataExportSchema,
  EmailCheckSchema,
  MessageSentSchema,
  MessagesAnswerSchema,
  MessagesReadSchema,
  UserAnswerSchema,
} from "../../contract/schemas";
import { call, createMember, ensureSites, loginAs, sessionCookie } from "./helpers";

beforeAll(ensureSites);

const SITE1 = "localhost:8787";
const SITE2 = "127.0.0.1";
const SEND_LIMIT = 20;
const PAGE = 30;

type Member = Awaited<ReturnType<typeof createMember>>;

// ---------------------------------------------------------------------------------------------
// Helpers

async function errorOf(response: Response, status: number, code?: string) {
  expect(response.status, `expected ${status} ${code ?? ""}`).toBe(status);
  expect(response.headers.get("content-type")).toContain("application/json");
  const body = ApiErrorSchema.parse(await response.json());
  if (code) expect(body.error).toBe(code);
  return body;
}

async function answer<S extends z.ZodType>(response: Response, status: number, schema: S): Promise<z.output<S>> {
  if (response.status !== status) {
    throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
  }
  expect(response.headers.get("content-type")).toContain("application/json");
  return schema.parse(await response.json());
}

async function count(sql: string, ...params: unknown[]): Promise<number> {
  const row = await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>();
  return row!.n;
}

const messageRows = (conversation: number) => count("SELECT COUNT(*) AS n FROM messages WHERE conversation_id = ?", conversation);
const sentBy = (memberId: number) => count("SELECT COUNT(*) AS n FROM messages WHERE sender_id = ?", memberId);
const charges = (memberId: number) =>
  count("SELECT COUNT(*) AS n FROM credit_ledger WHERE member_id = ? AND reason = 'message'", memberId);
const balanceOf = (memberId: number) =>
  count("SELECT COALESCE(SUM(amount), 0) AS n FROM credit_ledger WHERE member_id = ?", memberId);

let creditCounter = 0;
async function addCredits(memberId: number, amount: number) {
  await env.DB.prepare(
    "INSERT INTO credit_ledger (member_id, amount, reason, idempotency_key, created_at) VALUES (?, ?, 'test', ?, ?)",
  )
    .bind(memberId, amount, `chat-test:${memberId}:${++creditCounter}`, Date.now())
    .run();
}

async function setCountry(memberId: number, country: string) {
  await env.DB.prepare("UPDATE members SET country = ? WHERE id = ?").bind(country, memberId).run();
}

/** Forgets the member's send counter, for tests that send more than a burst on purpose. */
async function resetSendLimit(memberId: number) {
  await env.DB.prepare("DELETE FROM rate_limits WHERE key = ?").bind(`message:member:${memberId}`).run();
}

/** The send limit counts per fixed minute: start a burst well inside one. */
async function awayFromMinuteEdge() {
  const into = Date.now() % 60_000;
  if (into > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - into + 100));
}

const newKey = (): string => crypto.randomUUID();

const startChat = (cookie: string | undefined, profile: unknown, host?: string) =>
  call(`/api/chat.php?profile=${encodeURIComponent(String(profile))}`, { cookie, host });

async function chatId(cookie: string, profile: number, host?: string): Promise<number> {
  return (await answer(await startChat(cookie, profile, host), 200, ChatStartSchema)).id;
}

const send = (cookie: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
  call("/api/messages.php", { method: "POST", json: body, cookie, headers });

async function sendOk(cookie: string, conversation: number, text: string, key: string = newKey()) {
  return answer(await send(cookie, { conversation, text, key }), 201, MessageSentSchema);
}

const markRead = (cookie: string | undefined, body: unknown) =>
  call("/api/messages.php?read=1", { method: "POST", json: body, cookie });
const removeChat = (cookie: string | undefined, body: unknown) => call("/api/chat.php", { method: "DELETE", json: body, cookie });

async function chats(cookie: string) {
  const response = await call("/api/chats.php", { cookie });
  const body = await answer(response, 200, ChatsAnswerSchema);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return body.chats;
}

async function history(cookie: string, conversation: number, before?: number) {
  const query = before === undefined ? "" : `&before=${before}`;
  const response = await call(`/api/messages.php?conversation=${conversation}${query}`, { cookie });
  const body = await answer(response, 200, MessagesAnswerSchema);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return body;
}

async function user(cookie: string) {
  return (await answer(await call("/api/user.php", { cookie }), 200, UserAnswerSchema)).user;
}

/** Two logged-in members (site 1, NL unless told) and their conversation, started by A. */
async function pair(options: { aCredits?: number; bCredits?: number } = {}) {
  const a = await createMember({ credits: options.aCredits ?? 200 });
  const b = await createMember({ credits: options.bCredits ?? 200 });
  const aCookie = await loginAs(a);
  const bCookie = await loginAs(b);
  const conversation = await chatId(aCookie, b.id);
  return { a, b, aCookie, bCookie, conversation };
}

/** A sign-up as the app does it, so the member gets the site's starting credits. */
async function signUp(country: string, host = SITE1) {
  const ip = `chat-${crypto.randomUUID()}`;
  const email = `chat${Date.now()}x${++creditCounter}@example.com`;
  const check = await call(`/api/validate_email.php?email=${encodeURIComponent(email)}`, {
    host,
    headers: { "x-client-ip": ip },
  });
  const checked = await answer(check, 200, EmailCheckSchema);
  expect(checked.status).toBe("new");
  const { csrf } = await answer(await call("/api/csrf.php", { host, headers: { "x-client-ip": ip } }), 200, CsrfAnswerSchema);
  const response = await call("/api/user.php?new=1", {
    method: "POST",
    host,
    headers: { "x-client-ip": ip },
    json: {
      email,
      name: "Sam",
      password: "a chat password",
      country,
      language: "en",
      timezone: "America/New_York",
      csrf,
      token: checked.token,
    },
  });
  const body = await answer(response, 201, UserAnswerSchema);
  // The member confirms the address: writing waits for it (docs/decisions/040; bans.test.ts tests the refusal).
  await env.DB.prepare("UPDATE members SET status = 'active', activated_at = ? WHERE id = ?")
    .bind(Date.now(), body.user.profile.id)
    .run();
  return { user: body.user, cookie: sessionCookie(response) };
}

async function deleteAccount(member: Member, cookie: string) {
  const response = await call("/api/user.php", { method: "DELETE", json: { password: member.password }, cookie });
  await answer(response, 200, AccountDeletedSchema);
}

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
    await setCountry(a.id, "IE"); // no seeded minimum
    expect((await history(aCookie, conversation)).cost).toBe(10);
    const site = await env.DB.prepare("SELECT settings FROM sites WHERE id = 1").first<{ settings: string }>();
    const settings = JSON.parse(site!.settings) as { minimum_message_costs: Record<string, { costs: number; currency: string }> };
    try {
      settings.minimum_message_costs.IE = { costs: 15, currency: "EUR" };
      await env.DB.prepare("UPDATE sites SET settings = ? WHERE id = 1").bind(JSON.stringify(settings)).run();
      expect((await history(aCookie, conversation)).cost).toBe(15);
      expect(await sendOk(aCookie, conversation, "Dia dhuit")).toMatchObject({ cost: 15, balance: 85 });
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

// =============================================================================================
// live.php

describe("the live connection (GET /api/live.php)", () => {
  it("answers 426 without an upgrade, 403 for visitors and for cross-site requests", async () => {
    const a = await createMember();
    const cookie = await loginAs(a);
    await errorOf(await call("/api/live.php", { cookie }), 426, "upgrade_required");
    await errorOf(await call("/api/live.php", { cookie, headers: { upgrade: "h2c" } }), 426, "upgrade_required");
    await errorOf(await call("/api/live.php", { headers: { upgrade: "websocket" } }), 403, "not_logged_in");
    await errorOf(await call("/api/live.php"), 403, "not_logged_in");
    await errorOf(
      await call("/api/live.php", { cookie, headers: { upgrade: "websocket", "sec-fetch-site": "cross-site" } }),
      403,
      "cross_site",
    );
    // Only this site's pages may listen: another origin, or none, is refused.
    await errorOf(
      await call("/api/live.php", { cookie, headers: { upgrade: "websocket", origin: "https://evil.example" } }),
      403,
      "cross_site",
    );
    await errorOf(await call("/api/live.php", { cookie, headers: { upgrade: "websocket" } }), 403, "cross_site");
  });

  it("a message from B reaches A's open socket as an event; a read too; other members hear nothing", {
    timeout: 15_000,
  }, async () => {
    const { aCookie, bCookie, conversation } = await pair();
    const outsider = await createMember();
    const outsiderCookie = await loginAs(outsider);

    const open = async (cookie: string) => {
      const response = await call("/api/live.php", {
        cookie,
        headers: { upgrade: "websocket", origin: "http://localhost:8787" },
      });
      expect(response.status).toBe(101);
      const socket = response.webSocket;
      expect(socket).toBeTruthy();
      socket!.accept();
      const events: unknown[] = [];
      const waiters: (() => void)[] = [];
      socket!.addEventListener("message", (event) => {
        events.push(typeof event.data === "string" && event.data.startsWith("{") ? JSON.parse(event.data) : event.data);
        for (const wake of waiters.splice(0)) wake();
      });
      const next = (ms = 3000) =>
        new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no event within ${ms} ms; got ${JSON.stringify(events)}`)), ms);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      return { socket: socket!, events, next };
    };

    const aLive = await open(aCookie);
    const outsiderLive = await open(outsiderCookie);

    // The keep-alive ping is answered.
    let waiting = aLive.next();
    aLive.socket.send("ping");
    await waiting;
    expect(aLive.events).toEqual(["pong"]);
    aLive.events.length = 0;

    waiting = aLive.next();
    const sent = await sendOk(bCookie, conversation, "live!");
    await waiting;
    expect(aLive.events).toEqual([{ type: "message", conversation, id: sent.message.id }]);
    // Only "something changed": never the text.
    expect(JSON.stringify(aLive.events)).not.toContain("live!");

    waiting = aLive.next();
    await answer(await markRead(aCookie, { conversation }), 200, MessagesReadSchema);
    await waiting;
    expect(aLive.events[1]).toEqual({ type: "read", conversation });

    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(outsiderLive.events).toEqual([]);
    aLive.socket.close(1000, "done");
    outsiderLive.socket.close(1000, "done");
  });
});

// =============================================================================================
// Bad input, anywhere

describe("bad input to the chat calls", () => {
  it("always answers a JSON error with a 4xx status, never a 500", async () => {
    const { aCookie, conversation } = await pair();
    const bodies: { body?: BodyInit; type?: string }[] = [
      { body: "{", type: "application/json" },
      { body: "null", type: "application/json" },
      { body: "[]", type: "application/json" },
      { body: '"text"', type: "application/json" },
      { body: "12", type: "application/json" },
      { body: '{"conversation":{"$gt":0},"text":["a"],"key":{"a":1}}', type: "application/json" },
      { body: '{"conversation":1e400,"text":"hi","key":"abcdefgh1"}', type: "application/json" },
      { body: '{"conversation":"1; drop table messages"}', type: "application/json" },
      { body: "conversation=&text=&key=", type: "application/x-www-form-urlencoded" },
      { body: "\u0000\uffff", type: "text/plain" },
      {},
    ];
    const calls: [string, string][] = [
      ["POST", "/api/messages.php"],
      ["POST", "/api/messages.php?read=1"],
      ["DELETE", "/api/chat.php"],
    ];
    for (const [method, path] of calls) {
      for (const { body, type } of bodies) {
        const response = await call(path, { method, body, cookie: aCookie, headers: type ? { "content-type": type } : {} });
        const label = `${method} ${path} ${String(body)}`;
        expect(response.status, label).toBeGreaterThanOrEqual(400);
        expect(response.status, label).toBeLessThan(500);
        expect(response.headers.get("content-type"), label).toContain("application/json");
        ApiErrorSchema.parse(await response.json());
      }
    }
    // Bad send bodies around a valid conversation.
    for (const extra of [
      { text: null },
      { text: 5 },
      { text: ["a"] },
      { text: { a: 1 } },
      { text: "hi", key: null },
      { text: "hi", key: 12345678 },
    ]) {
      const response = await send(aCookie, { conversation, key: newKey(), ...extra });
      await errorOf(response, 422, "invalid_input");
    }
    for (const path of [
      "/api/chat.php?profile[]=1",
      "/api/chat.php?profile=%00",
      "/api/chat.php?profile=1e400",
      `/api/messages.php?conversation[]=${conversation}`,
      `/api/messages.php?conversation=${conversation}&before=%27%20or%201=1`,
      "/api/messages.php?conversation=1e400",
    ]) {
      const response = await call(path, { cookie: aCookie });
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
      ApiErrorSchema.parse(await response.json());
    }
    expect(await messageRows(conversation)).toBe(0);
  });

  it("answers other methods with 405", async () => {
    for (const [method, path] of [
      ["POST", "/api/chats.php"],
      ["PUT", "/api/chat.php"],
      ["PATCH", "/api/messages.php"],
      ["POST", "/api/live.php"],
    ] as const) {
      await errorOf(await call(path, { method }), 405, "method_not_allowed");
    }
  });
});
