/**
 * Limits that scale with trust (issue 30 point 3, ADR 056) on real D1: the new conversations a
 * member may start a day (a site setting, halved for each upheld report), refused with 429
 * new_conversations_limit before anything is charged or stored, atomic under parallel sends;
 * replies and entertainment profiles never limited; the next UTC day starts afresh.
 * Throwaway addresses: tests/api/trust-limits-email.test.ts.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_SITES } from "../../workers/api/seed/sites";
import { hashPassword } from "../../workers/api/lib/passwords";
import { MessageSentSchema } from "../../contract/schemas";
import { answer, balanceOf, charges, chatId, errorOf, messageRows, newKey } from "./chat-helpers";
import { call, createMember, ensureSites, loginAs } from "./helpers";
import { createStaff, REASON, staffLogin } from "./staff-helpers";

/**
 * A site of these tests' own, in a country no other site serves, so its low limits touch no other
 * test file's members (the files may share the database).
 */
const SITE_ID = 56;
const HOST = "limits.localhost";

beforeAll(ensureSites);

const DAY = 24 * 60 * 60 * 1000;

/** Runs `body` with the test site's limits set to these numbers. */
async function withLimits(perDay: number, body: () => Promise<void>, verified = perDay * 2) {
  const settings = {
    ...DEMO_SITES[0]!.settings,
    name: "Limits",
    domain: HOST,
    countries: ["JP"],
    new_conversations_per_day: perDay,
    new_conversations_per_day_verified: verified,
  };
  await env.DB.prepare("INSERT OR REPLACE INTO sites (id, host, is_default, settings) VALUES (?, ?, 0, ?)")
    .bind(SITE_ID, HOST, JSON.stringify(settings))
    .run();
  await body();
}

const send = (cookie: string, body: unknown) => call("/api/messages.php", { method: "POST", json: body, cookie, host: HOST });

async function sendOk(cookie: string, conversation: number, text: string, key: string = newKey()) {
  return answer(await send(cookie, { conversation, text, key }), 201, MessageSentSchema);
}

const openChat = (cookie: string, profile: number) => chatId(cookie, profile, HOST);

/** A member of the test site (in Japan, which it serves), logged in. */
async function siteMember(credits = 0) {
  const member = await createMember({ siteId: SITE_ID, credits });
  await env.DB.prepare("UPDATE members SET country = 'JP', countryregion = NULL WHERE id = ?").bind(member.id).run();
  return { ...member, cookie: await loginAs(member, HOST) };
}

/** A member with credits and `n` members to write to, each conversation opened (nothing written yet). */
async function writerWithStrangers(n: number, credits = 1000) {
  const writer = await siteMember(credits);
  const cookie = writer.cookie;
  const others = await quickMembers(n);
  const conversations: number[] = [];
  for (const other of others) conversations.push(await openChat(cookie, other.id));
  return { writer, cookie, others, conversations };
}

let quickCounter = 0;

/** Members of the test site to write to, in one batch (one password hash for all). */
async function quickMembers(n: number, fictional = false): Promise<{ id: number; email: string; password: string }[]> {
  const tag = `${Date.now()}-${++quickCounter}`;
  const password = await hashPassword("correct horse");
  const inserted = await env.DB.batch(
    Array.from({ length: n }, (_, i) =>
      env.DB.prepare(
        `INSERT INTO members (site_id, email, password_hash, password_salt, password_iterations, name, gender,
           date_of_birth, country, city, is_fictional, signup_date)
         VALUES (?, ?, ?, ?, ?, 'Robin', 'female', '1991-02-03', 'JP', 'Osaka', ?, ?) RETURNING id`,
      ).bind(
        SITE_ID,
        `limits-${tag}-${i}@example.com`,
        password.hash,
        password.salt,
        password.iterations,
        fictional ? 1 : 0,
        Date.now(),
      ),
    ),
  );
  return inserted.map((result, i) => ({
    id: (result.results[0] as { id: number }).id,
    email: `limits-${tag}-${i}@example.com`,
    password: "correct horse",
  }));
}

async function refusedForLimit(cookie: string, conversation: number, text = "Hello there") {
  return errorOf(await send(cookie, { conversation, text, key: newKey() }), 429, "new_conversations_limit");
}

const newConversationCount = (memberId: number) =>
  env.DB.prepare("SELECT COALESCE(SUM(count), 0) AS n FROM rate_limits WHERE key = ?")
    .bind(`new-conversation:member:${memberId}`)
    .first<{ n: number }>()
    .then((row) => row!.n);

describe("new conversations a day (POST /api/messages.php)", () => {
  it("lets exactly the limit through, then refuses with the limit and the time left, storing and charging nothing", () =>
    withLimits(3, async () => {
      const { writer, cookie, conversations } = await writerWithStrangers(4);
      for (const conversation of conversations.slice(0, 3)) await sendOk(cookie, conversation, "Hi, nice profile!");
      const balance = await balanceOf(writer.id);
      const fourth = conversations[3]!;
      const error = await refusedForLimit(cookie, fourth, "Hi, nice profile!");
      expect(error.limit).toBe(3);
      expect(error.fields).toEqual({ text: "new_conversations_limit" });
      // Until the next UTC midnight.
      const untilMidnight = (DAY - (Date.now() % DAY)) / 1000;
      expect(error.retry_after).toBeGreaterThan(0);
      expect(Math.abs(error.retry_after! - untilMidnight)).toBeLessThan(5);
      expect(await messageRows(fourth)).toBe(0);
      expect(await charges(writer.id)).toBe(3);
      expect(await balanceOf(writer.id)).toBe(balance);
      // Refused again and again: the count stays at the limit.
      await refusedForLimit(cookie, fourth);
      expect(await newConversationCount(writer.id)).toBe(3);
    }));

  it("never limits replies: more messages in started conversations, and answers to conversations others started", () =>
    withLimits(1, async () => {
      const { writer, cookie, others, conversations } = await writerWithStrangers(2);
      const [first, second] = conversations as [number, number];
      await sendOk(cookie, first, "Hello!");
      await refusedForLimit(cookie, second);
      // More in the conversation the member started.
      await sendOk(cookie, first, "How was your day?");
      await sendOk(cookie, first, "Still there?");
      // Someone else writes first: answering is a reply, at the limit or not.
      const stranger = await siteMember(100);
      const strangerCookie = stranger.cookie;
      const theirs = await openChat(strangerCookie, writer.id);
      await sendOk(strangerCookie, theirs, "Hi, you seem nice");
      const mine = await openChat(cookie, stranger.id);
      expect(mine).toBe(theirs);
      await sendOk(cookie, mine, "Thank you! You too.");
      // The other side of the second conversation writes: now the member may answer there too.
      const otherCookie = await loginAs(others[1]!, HOST);
      await createCredits(others[1]!.id);
      await sendOk(otherCookie, second, "Hey, saw you looked");
      await sendOk(cookie, second, "Hi!");
      expect(await newConversationCount(writer.id)).toBe(1);
    }));

  it(
    "twenty first messages at once to twenty members against a limit of five store exactly five",
    () =>
      withLimits(5, async () => {
        const { writer, cookie, conversations } = await writerWithStrangers(20);
        const responses = await Promise.all(
          conversations.map((conversation, i) => send(cookie, { conversation, text: `Hello number ${i}`, key: newKey() })),
        );
        const statuses = responses.map((response) => response.status);
        expect(statuses.filter((status) => status === 201)).toHaveLength(5);
        expect(statuses.filter((status) => status === 429)).toHaveLength(15);
        for (const response of responses.filter((r) => r.status === 429)) {
          expect(((await response.json()) as { error: string }).error).toBe("new_conversations_limit");
        }
        let stored = 0;
        for (const conversation of conversations) stored += await messageRows(conversation);
        expect(stored).toBe(5);
        expect(await charges(writer.id)).toBe(5);
        expect(await newConversationCount(writer.id)).toBe(5);
      }),
    30_000,
  );

  it("two first messages at once in one conversation take one place", () =>
    withLimits(2, async () => {
      const { writer, cookie, conversations } = await writerWithStrangers(3);
      const [first, second, third] = conversations as [number, number, number];
      const responses = await Promise.all([
        send(cookie, { conversation: first, text: "Hi!", key: newKey() }),
        send(cookie, { conversation: first, text: "Hello!", key: newKey() }),
      ]);
      expect(responses.map((r) => r.status)).toEqual([201, 201]);
      expect(await newConversationCount(writer.id)).toBe(1);
      await sendOk(cookie, second, "Hi!");
      await refusedForLimit(cookie, third);
    }));

  it("a send that does not go through takes no place: contact details refused, too few credits", () =>
    withLimits(1, async () => {
      const { writer, cookie, conversations } = await writerWithStrangers(2, 0);
      const [first, second] = conversations as [number, number];
      await errorOf(
        await send(cookie, { conversation: first, text: "call 0612345678", key: newKey() }),
        422,
        "contact_details_refused",
      );
      await errorOf(await send(cookie, { conversation: first, text: "Hi!", key: newKey() }), 402, "insufficient_credits");
      expect(await newConversationCount(writer.id)).toBe(0);
      await createCredits(writer.id);
      await sendOk(cookie, first, "Hi!");
      await refusedForLimit(cookie, second);
    }));

  it("a retried send (the same key) is the same message: no second place", () =>
    withLimits(1, async () => {
      const { writer, cookie, conversations } = await writerWithStrangers(1);
      const key = newKey();
      await sendOk(cookie, conversations[0]!, "Hi!", key);
      const again = await send(cookie, { conversation: conversations[0]!, text: "Hi!", key });
      expect(again.status).toBe(200);
      expect(await newConversationCount(writer.id)).toBe(1);
    }));

  it("does not count messages to entertainment profiles (paid chat)", () =>
    withLimits(1, async () => {
      const { writer, cookie, conversations } = await writerWithStrangers(1);
      await sendOk(cookie, conversations[0]!, "Hi!");
      for (const profile of await quickMembers(3, true)) {
        await sendOk(cookie, await openChat(cookie, profile.id), "Hi there, how are you?");
      }
      expect(await newConversationCount(writer.id)).toBe(1);
    }));

  it("starts afresh on the next (UTC) day", () =>
    withLimits(1, async () => {
      const { writer, cookie, conversations } = await writerWithStrangers(3);
      const [first, second, third] = conversations as [number, number, number];
      await sendOk(cookie, first, "Hi!");
      await refusedForLimit(cookie, second);
      // Yesterday's count stays yesterday's: move this day's window a day back.
      await env.DB.prepare("UPDATE rate_limits SET window_start = window_start - ? WHERE key = ?")
        .bind(DAY, `new-conversation:member:${writer.id}`)
        .run();
      await sendOk(cookie, second, "Hi!");
      await refusedForLimit(cookie, third);
    }));

  it("halves the limit for each upheld report, counting neither dismissed cases nor decisions reversed on appeal", () =>
    withLimits(8, async () => {
      const moderator = await staffLogin(await createStaff({ siteId: SITE_ID }));
      const { writer, cookie, conversations } = await writerWithStrangers(8);
      const decide = async (action: "warn" | "dismiss") => {
        const filed = await openCase(writer.id);
        const response = await call("/api/staff/decide.php", {
          method: "POST",
          cookie: moderator,
          json: { case: filed, action, category: "harassment", reason: REASON },
        });
        expect(response.status).toBe(201);
        return ((await response.json()) as { decision: { id: number } }).decision.id;
      };
      await decide("dismiss");
      await decide("warn");
      const reversed = await decide("warn");
      // The second warning is appealed and reversed: it no longer counts.
      const appeal = await env.DB.prepare(
        "INSERT INTO appeals (reference, site_id, decision_id, member_id, text, created_at) VALUES (?, ?, ?, ?, 'It was not me', ?) RETURNING id",
      )
        .bind(`A-${crypto.randomUUID().slice(0, 8).toUpperCase()}`, SITE_ID, reversed, writer.id, Date.now())
        .first<{ id: number }>();
      const outcome = await call("/api/staff/appeal.php", {
        method: "POST",
        cookie: moderator,
        json: { appeal: appeal!.id, outcome: "reversed", reason: "On a second look the messages were fine." },
      });
      expect(outcome.status).toBe(200);
      // One upheld report: 8 halved is 4.
      for (const conversation of conversations.slice(0, 4)) await sendOk(cookie, conversation, "Hi!");
      expect((await refusedForLimit(cookie, conversations[4]!)).limit).toBe(4);
      // Two more upheld: 8 / 2^3 = 1, already used up.
      await decide("warn");
      await decide("warn");
      expect((await refusedForLimit(cookie, conversations[4]!)).limit).toBe(1);
    }));
});

async function createCredits(memberId: number) {
  await env.DB.prepare(
    "INSERT INTO credit_ledger (member_id, amount, reason, idempotency_key, created_at) VALUES (?, 100, 'test', ?, ?)",
  )
    .bind(memberId, `trust-limits:${memberId}:${newKey()}`, Date.now())
    .run();
}

async function openCase(memberId: number): Promise<number> {
  const now = Date.now();
  const row = await env.DB.prepare(
    `INSERT INTO moderation_cases (reference, site_id, kind, category, subject_kind, subject_member_id, created_at, updated_at)
     VALUES (?, ?, 'report', 'harassment', 'profile', ?, ?, ?) RETURNING id`,
  )
    .bind(`R-${crypto.randomUUID().slice(0, 8).toUpperCase()}`, SITE_ID, memberId, now, now)
    .first<{ id: number }>();
  return row!.id;
}
