/**
 * A host's reply as the entertainment profile (issue 27, ADR 045) on real D1: what the member sees
 * and pays (nothing), the records (host_replies, the audit), retries and races, the refusals
 * (banned, deleted, blocked, not waiting, bad text), the member's live socket and unread count; and
 * the persona and member notes with their versions.
 */
import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HOST_NOTES_MAX, HostReplyAnswerSchema } from "../../contract/hosts";
import { MESSAGE_MAX } from "../../contract/limits";
import { ChatsAnswerSchema, MessagesAnswerSchema, UserAnswerSchema } from "../../contract/schemas";
import { call, ensureSites } from "./helpers";
import {
  answer,
  type Chatter,
  claimOk,
  count,
  createChatter,
  createHost,
  createProfile,
  errorOf,
  hostCalls,
  hostReplies,
  newKey,
  notesOk,
  openChat,
  profileMessages,
  queued,
  queueOf,
  replyOk,
  type SignedInStaff,
  sendOk,
  viewOf,
  waitingConversation,
} from "./host-helpers";

beforeAll(ensureSites);

// A host of its own for each test: conversations whose member was banned stay held until released.
let host: SignedInStaff;
beforeEach(async () => {
  host = await createHost({ siteId: 1, languages: "nl" });
});

const balanceOf = (memberId: number) =>
  count("SELECT COALESCE(SUM(amount), 0) AS n FROM credit_ledger WHERE member_id = ?", memberId);
const ledgerRows = (memberId: number) => count("SELECT COUNT(*) AS n FROM credit_ledger WHERE member_id = ?", memberId);
const auditLines = (conversation: number) =>
  count(
    "SELECT COUNT(*) AS n FROM staff_audit WHERE action = 'host_reply' AND json_extract(detail, '$.conversation') = ?",
    conversation,
  );

async function messagesOf(member: Chatter, conversation: number) {
  const response = await call(`/api/messages.php?conversation=${conversation}`, { cookie: member.cookie, host: member.host });
  return answer(response, 200, MessagesAnswerSchema);
}

/** A conversation waiting for a host, claimed by the suite's host. */
async function claimed(options: Parameters<typeof waitingConversation>[0] = {}) {
  const waiting = await waitingConversation(options);
  await claimOk(host.cookie, waiting.conversation);
  return waiting;
}

// =============================================================================================
// The reply

describe("a host's reply (host_reply.php)", () => {
  it("goes to the member as the profile's message, free, recorded and audited", async () => {
    const { member, profile, conversation } = await claimed({ text: "Hi Lotte, what do you do?" });
    const waitingSince = (await env.DB.prepare("SELECT waiting_since FROM host_queue WHERE conversation_id = ?")
      .bind(conversation)
      .first<{ waiting_since: number }>())!.waiting_since;
    const [balance, rows] = [await balanceOf(member.id), await ledgerRows(member.id)];

    const message = await replyOk(host.cookie, conversation, "  I'm a nurse. And you?  ");
    expect(message).toMatchObject({ from: "profile", text: "I'm a nurse. And you?" });

    const seen = await messagesOf(member, conversation);
    expect(seen.conversation.profile.id).toBe(profile.id);
    expect(seen.messages.at(-1)).toMatchObject({ id: message.id, mine: false, text: "I'm a nurse. And you?" });
    expect(JSON.stringify(seen)).not.toContain(host.name);
    const sender = await env.DB.prepare("SELECT sender_id FROM messages WHERE id = ?")
      .bind(message.id)
      .first<{ sender_id: number }>();
    expect(sender!.sender_id).toBe(profile.id);
    // Free for the member: no ledger line.
    expect([await balanceOf(member.id), await ledgerRows(member.id)]).toEqual([balance, rows]);

    const record = await env.DB.prepare("SELECT * FROM host_replies WHERE message_id = ?")
      .bind(message.id)
      .first<Record<string, number | string>>();
    expect(record).toMatchObject({
      staff_id: host.id,
      conversation_id: conversation,
      profile_id: profile.id,
      site_id: 1,
      language: "nl",
    });
    expect(record!.waited_ms).toBe(message.created_at - waitingSince);
    expect(record!.waited_ms).toBeGreaterThanOrEqual(0);
    const audit = await env.DB.prepare("SELECT * FROM staff_audit WHERE action = 'host_reply' AND staff_id = ? AND member_id = ?")
      .bind(host.id, member.id)
      .all<{ site_id: number; detail: string }>();
    expect(audit.results).toHaveLength(1);
    expect(audit.results[0]!.site_id).toBe(1);
    expect(JSON.parse(audit.results[0]!.detail)).toEqual({ conversation, message: message.id, profile: profile.id });
    expect(await queued(conversation)).toBe(0);
    expect((await viewOf(host.cookie, conversation)).refusal).toBe("not_waiting");
  });

  it("a retry with the same key answers the same message and writes nothing twice", async () => {
    const { profile, conversation } = await claimed();
    const key = newKey();
    const first = await replyOk(host.cookie, conversation, "Hello!", key);
    const again = await answer(
      await hostCalls.reply(host.cookie, { conversation, text: "Hello!", key }),
      200,
      HostReplyAnswerSchema,
    );
    expect(again.message).toEqual(first);
    // Retried at once, several times.
    const second = await claimed({ profile });
    const sameKey = newKey();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        hostCalls.reply(host.cookie, { conversation: second.conversation, text: "Hey", key: sameKey }),
      ),
    );
    const ids = new Set<number>();
    for (const response of answers) {
      expect([200, 201]).toContain(response.status);
      ids.add(HostReplyAnswerSchema.parse(await response.json()).message.id);
    }
    expect(ids.size).toBe(1);
    for (const c of [conversation, second.conversation]) {
      expect([await profileMessages(c, profile.id), await hostReplies(c), await auditLines(c)]).toEqual([1, 1, 1]);
    }
    // The key belongs to its conversation.
    await errorOf(
      await hostCalls.reply(host.cookie, { conversation: second.conversation, text: "Hello!", key }),
      409,
      "key_used",
    );
  });

  it("two replies at once by the holder with different keys: one is written, the other 409 not_waiting", async () => {
    const { profile, conversation } = await claimed();
    const answers = await Promise.all(
      ["First", "Second", "Third"].map((text) => hostCalls.reply(host.cookie, { conversation, text, key: newKey() })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    for (const response of answers.filter((r) => r.status === 409)) await errorOf(response, 409, "not_waiting");
    expect([
      await profileMessages(conversation, profile.id),
      await hostReplies(conversation),
      await auditLines(conversation),
    ]).toEqual([1, 1, 1]);
    // Answered: another reply is refused.
    await errorOf(await hostCalls.reply(host.cookie, { conversation, text: "Fourth", key: newKey() }), 409, "not_waiting");
  });

  it("without the lease, while another host holds it: 409 claimed_by_other; a free one is claimed by replying", async () => {
    const { profile, conversation } = await claimed();
    const other = await createHost({ siteId: 1, languages: "nl" });
    await errorOf(await hostCalls.reply(other.cookie, { conversation, text: "Hi", key: newKey() }), 409, "claimed_by_other");
    expect(await profileMessages(conversation, profile.id)).toBe(0);
    const free = await waitingConversation();
    await replyOk(other.cookie, free.conversation, "Hi there");
    expect(await hostReplies(free.conversation)).toBe(1);
  });
});

// =============================================================================================
// Refusals

describe("replies that are refused", () => {
  it("the member is banned: 409 member_banned, and the conversation leaves the queue", async () => {
    const { member, profile, conversation } = await claimed();
    const admin = await createHost({ siteId: 1, role: "admin" });
    const banned = await call("/api/staff/decide.php", {
      method: "POST",
      cookie: admin.cookie,
      json: {
        member: member.id,
        action: "ban",
        category: "harassment",
        reason: "You sent insulting messages to several members.",
      },
    });
    expect(banned.status).toBe(201);
    await errorOf(await hostCalls.reply(host.cookie, { conversation, text: "Hi", key: newKey() }), 409, "member_banned");
    expect((await viewOf(host.cookie, conversation)).refusal).toBe("member_banned");
    expect((await queueOf(host.cookie)).items.map((i) => i.conversation)).not.toContain(conversation);
    expect(await profileMessages(conversation, profile.id)).toBe(0);
  });

  it("the member deleted the account: 410 member_deleted", async () => {
    const { member, profile, conversation } = await claimed();
    await env.DB.prepare("UPDATE members SET status = 'deleted' WHERE id = ?").bind(member.id).run();
    await errorOf(await hostCalls.reply(host.cookie, { conversation, text: "Hi", key: newKey() }), 410, "member_deleted");
    expect((await viewOf(host.cookie, conversation)).refusal).toBe("member_deleted");
    expect((await queueOf(host.cookie)).items.map((i) => i.conversation)).not.toContain(conversation);
    expect(await profileMessages(conversation, profile.id)).toBe(0);
  });

  it("a block either way: 409 blocked", async () => {
    // The member blocks the profile.
    const mine = await claimed();
    const blocked = await call("/api/blocks.php", {
      method: "POST",
      cookie: mine.member.cookie,
      json: { profile: mine.profile.id },
    });
    expect(blocked.status).toBe(200);
    // The profile blocked the member (written as the block's row: a profile signs in nowhere).
    const theirs = await claimed();
    await env.DB.prepare("INSERT INTO blocks (member_id, blocked_id, created_at) VALUES (?, ?, ?)")
      .bind(theirs.profile.id, theirs.member.id, Date.now())
      .run();
    for (const w of [mine, theirs]) {
      await errorOf(
        await hostCalls.reply(host.cookie, { conversation: w.conversation, text: "Hi", key: newKey() }),
        409,
        "blocked",
      );
      expect((await viewOf(host.cookie, w.conversation)).refusal).toBe("blocked");
      expect((await queueOf(host.cookie)).items.map((i) => i.conversation)).not.toContain(w.conversation);
      expect(await profileMessages(w.conversation, w.profile.id)).toBe(0);
    }
  });

  it("bad text: 422 with the reason in fields.text; nothing written, the lease kept", async () => {
    const { profile, conversation } = await claimed();
    const cases: [string, string][] = [
      ["", "required"],
      ["   \n\t ", "required"],
      ["Look at https://example.org/me", "link"],
      ["My page: lotte-photos.com", "link"],
      ["Mail me: lotte@example.com", "email"],
      ["Call me on +31 6 1234 5678", "phone"],
      ["app me 06-12345678", "phone"],
      ["add me on w h a t s a p p", "handle"],
      ["send it to p4yp4l dot me", "handle"],
      ["Let's meet at the station tomorrow", "meeting"],
      ["Shall we meet up this weekend?", "meeting"],
      ["Zullen we afspreken?", "meeting"],
    ];
    for (const [text, reason] of cases) {
      // Contact details have their own code (ADR 053); an empty reply or a proposal to meet is bad input.
      const code = reason === "required" || reason === "meeting" ? "invalid_input" : "contact_details_refused";
      const error = await errorOf(await hostCalls.reply(host.cookie, { conversation, text, key: newKey() }), 422, code);
      expect(error.fields, text).toEqual({ text: reason });
    }
    const tooLong = await errorOf(
      await hostCalls.reply(host.cookie, { conversation, text: "a".repeat(MESSAGE_MAX + 1), key: newKey() }),
      422,
      "invalid_input",
    );
    expect(Object.keys(tooLong.fields ?? {})).toEqual(["text"]);
    expect(await profileMessages(conversation, profile.id)).toBe(0);
    expect(await queued(conversation)).toBe(1);
    expect((await viewOf(host.cookie, conversation)).lease).toMatchObject({ mine: true });
    // A greeting is not a proposal to meet; the longest reply allowed goes.
    await replyOk(host.cookie, conversation, "Nice to meet you!");
    const next = await claimed();
    await replyOk(host.cookie, next.conversation, "b".repeat(MESSAGE_MAX));
  });

  it("wrong ids and types: 404 for a real members' conversation, 422 invalid_input for the rest", async () => {
    const ann = await createChatter();
    const bob = await createChatter();
    const real = await openChat(ann, bob.id);
    await sendOk(ann, real, "Hi Bob");
    const admin = await createHost({ siteId: null, role: "admin" });
    await errorOf(await hostCalls.reply(admin.cookie, { conversation: real, text: "Hi", key: newKey() }), 404, "not_found");
    const { conversation } = await claimed();
    for (const body of [
      { conversation: "abc", text: "Hi", key: newKey() },
      { conversation, text: "Hi" },
      { conversation, text: "Hi", key: "short" },
      { conversation, text: "Hi", key: "has spaces in it" },
      { conversation, text: 5, key: newKey() },
      { conversation, text: null, key: newKey() },
      { conversation, key: newKey() },
      { text: "Hi", key: newKey() },
      [],
    ]) {
      await errorOf(await hostCalls.reply(host.cookie, body), 422, "invalid_input");
    }
    expect(await count("SELECT COUNT(*) AS n FROM messages WHERE conversation_id IN (?, ?)", real, conversation)).toBe(2);
  });
});

// =============================================================================================
// The member hears it

describe("the member is told of the reply", () => {
  it("on their live socket, and in their unread count", { timeout: 15_000 }, async () => {
    const { member, conversation } = await claimed();
    const unread = async () =>
      (await answer(await call("/api/user.php", { cookie: member.cookie }), 200, UserAnswerSchema)).user.unread_messages;
    expect(await unread()).toBe(0);

    const response = await call("/api/live.php", {
      cookie: member.cookie,
      headers: { upgrade: "websocket", origin: "http://localhost:8787" },
    });
    expect(response.status).toBe(101);
    const socket = response.webSocket!;
    socket.accept();
    const events: unknown[] = [];
    const heard = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no event; got ${JSON.stringify(events)}`)), 5000);
      socket.addEventListener("message", (event) => {
        events.push(JSON.parse(String(event.data)));
        clearTimeout(timer);
        resolve();
      });
    });
    const message = await replyOk(host.cookie, conversation, "Good evening!");
    await heard;
    expect(events).toEqual([{ type: "message", conversation, id: message.id }]);
    socket.close(1000, "done");

    expect(await unread()).toBe(1);
    const chats = await answer(await call("/api/chats.php", { cookie: member.cookie }), 200, ChatsAnswerSchema);
    expect(chats.chats.find((c) => c.conversation.id === conversation)).toMatchObject({
      num_unread_messages: 1,
      last_message: { text: "Good evening!", mine: false },
    });
  });
});

// =============================================================================================
// Notes

describe("persona and member notes (host_notes.php)", () => {
  it("save with versions 0, 1, 2; a stale version is 409 notes_changed and keeps the other host's text", async () => {
    const { conversation } = await waitingConversation();
    const other = await createHost({ siteId: 1, languages: "nl" });
    for (const about of ["profile", "member"] as const) {
      const first = await notesOk(host.cookie, { conversation, about, text: "Works as a nurse.\r\nHas a cat.", version: 0 });
      expect(first).toMatchObject({ text: "Works as a nurse.\nHas a cat.", version: 1, updated_by: host.name });
      const second = await notesOk(other.cookie, { conversation, about, text: "  Works nights.  ", version: 1 });
      expect(second).toMatchObject({ text: "Works nights.", version: 2, updated_by: other.name });
      for (const stale of [0, 1, 5]) {
        await errorOf(
          await hostCalls.notes(host.cookie, { conversation, about, text: "Mine!", version: stale }),
          409,
          "notes_changed",
        );
      }
      const view = await viewOf(host.cookie, conversation);
      expect(about === "profile" ? view.profile_notes : view.member_notes).toMatchObject({
        text: "Works nights.",
        version: 2,
        updated_by: other.name,
      });
    }
  });

  it("two saves at once over the same version: one is kept", async () => {
    const { conversation } = await waitingConversation();
    const hosts = [host, await createHost({ siteId: 1, languages: "nl" }), await createHost({ siteId: 1, languages: "nl" })];
    for (const version of [0, 1]) {
      const answers = await Promise.all(
        hosts.map((h, i) => hostCalls.notes(h.cookie, { conversation, about: "member", text: `Note ${version}-${i}`, version })),
      );
      const kept = answers.flatMap((r, i) => (r.status === 200 ? [i] : []));
      expect(kept).toHaveLength(1);
      for (const r of answers.filter((r) => r.status !== 200)) await errorOf(r, 409, "notes_changed");
      expect((await viewOf(host.cookie, conversation)).member_notes).toMatchObject({
        text: `Note ${version}-${kept[0]}`,
        version: version + 1,
      });
    }
  });

  it("too long or malformed: 422, nothing saved", async () => {
    const { conversation } = await waitingConversation();
    for (const body of [
      { conversation, about: "profile", text: "x".repeat(HOST_NOTES_MAX + 1), version: 0 },
      { conversation, about: "member", text: "x".repeat(HOST_NOTES_MAX + 1), version: 0 },
      { conversation, about: "staff", text: "Hi", version: 0 },
      { conversation, about: "member", text: "Hi", version: -1 },
      { conversation, about: "member", text: "Hi" },
      { conversation, about: "member", text: 12, version: 0 },
      { conversation: "abc", about: "member", text: "Hi", version: 0 },
    ]) {
      await errorOf(await hostCalls.notes(host.cookie, body), 422, "invalid_input");
    }
    // A version that was never stored is not the one stored (none): 409, nothing saved.
    for (const about of ["profile", "member"] as const) {
      await errorOf(await hostCalls.notes(host.cookie, { conversation, about, text: "Hi", version: 3 }), 409, "notes_changed");
    }
    const view = await viewOf(host.cookie, conversation);
    expect([view.profile_notes.version, view.member_notes.version]).toEqual([0, 0]);
    expect(
      (await notesOk(host.cookie, { conversation, about: "member", text: "y".repeat(HOST_NOTES_MAX), version: 0 })).version,
    ).toBe(1);
  });

  it("notes about a member stay with that member; the persona's are shared by the profile's conversations", async () => {
    const profile = await createProfile();
    const x = await waitingConversation({ profile });
    const y = await waitingConversation({ profile });
    const elsewhere = await waitingConversation();
    await notesOk(host.cookie, { conversation: x.conversation, about: "member", text: "Has a dog called Max.", version: 0 });
    await notesOk(host.cookie, { conversation: x.conversation, about: "profile", text: "Lotte has two sisters.", version: 0 });

    const ofX = await viewOf(host.cookie, x.conversation);
    const ofY = await viewOf(host.cookie, y.conversation);
    expect(ofX.member_notes.text).toBe("Has a dog called Max.");
    expect(ofY.member_notes).toEqual({ text: "", version: 0, updated_by: null, updated_at: null });
    expect(JSON.stringify(ofY)).not.toContain("Max");
    expect(ofY.profile_notes).toMatchObject({ text: "Lotte has two sisters.", version: 1 });
    // Another profile's persona has its own notes.
    expect((await viewOf(host.cookie, elsewhere.conversation)).profile_notes.version).toBe(0);
    // Saving the persona from Y's conversation continues the same notes.
    expect(
      (
        await notesOk(host.cookie, {
          conversation: y.conversation,
          about: "profile",
          text: "Lotte has two sisters and a cat.",
          version: 1,
        })
      ).version,
    ).toBe(2);
    expect((await viewOf(host.cookie, x.conversation)).profile_notes.text).toBe("Lotte has two sisters and a cat.");
  });
});
