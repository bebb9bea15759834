/**
 * The hosts' workplace (issue 27, ADR 045) on real D1 with the real migrations: how a member's
 * paid message to an entertainment profile enters the hosts' queue, who may make the host calls
 * (roles, sites and languages), what the conversation view shows of the member, and what erasing
 * the member leaves. Claims and the drain: host-claims.test.ts; replies and notes: host-replies.test.ts.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { AccountDeletedSchema } from "../../contract/schemas";
import { AuditAnswerSchema } from "../../contract/staff";
import { call, createMember, ensureSites, loginAs } from "./helpers";
import {
  answer,
  claimOk,
  count,
  createChatter,
  createHost,
  createProfile,
  everyHostCall,
  errorOf,
  hostCalls,
  newKey,
  notesOk,
  openChat,
  queued,
  queueOf,
  replyOk,
  type SignedInStaff,
  sendAs,
  sendOk,
  viewOf,
  waitingConversation,
} from "./host-helpers";

beforeAll(ensureSites);

const queueRow = (conversation: number) =>
  env.DB.prepare("SELECT * FROM host_queue WHERE conversation_id = ?").bind(conversation).first<{
    waiting_since: number;
    site_id: number;
    language: string;
    member_id: number;
    profile_id: number;
    leased_by: number | null;
  }>();

const createdAt = async (messageId: number) =>
  (await env.DB.prepare("SELECT created_at FROM messages WHERE id = ?").bind(messageId).first<{ created_at: number }>())!
    .created_at;

// =============================================================================================
// Into the queue

describe("a member's message to an entertainment profile puts the conversation in the hosts' queue", () => {
  let host: SignedInStaff;
  beforeAll(async () => {
    host = await createHost({ siteId: 1, languages: "nl" });
  });

  it("once, waiting since the first message not answered, with what the queue shows", async () => {
    const { member, profile, conversation, sent } = await waitingConversation({ text: "Hello Lotte" });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await sendOk(member, conversation, "Are you there?");
    await sendOk(member, conversation, "Hello??");
    expect(await queued(conversation)).toBe(1);
    const row = await queueRow(conversation);
    expect(row).toMatchObject({ site_id: 1, language: "nl", member_id: member.id, profile_id: profile.id });
    expect(row!.waiting_since).toBe(await createdAt(sent.message.id));

    const queue = await queueOf(host.cookie);
    const items = queue.items.filter((item) => item.conversation === conversation);
    expect(items).toEqual([
      {
        conversation,
        waiting_since: row!.waiting_since,
        profile: { id: profile.id, name: profile.name, thumb_filename: null },
        member: { first_name: "Tess", language: "nl", paid: false },
        site_name: "Amora",
        lease: null,
      },
    ]);
    expect(queue.waiting).toBeGreaterThanOrEqual(1);
    expect(queue.max_held).toBeGreaterThan(0);
    // Oldest first.
    const since = queue.items.map((item) => item.waiting_since);
    expect(since).toEqual([...since].sort((a, b) => a - b));
  });

  it("answered, it leaves the queue; the member's next message puts it back, waiting since then", async () => {
    const { member, conversation } = await waitingConversation();
    await claimOk(host.cookie, conversation);
    await replyOk(host.cookie, conversation, "Hi! I'm fine, and you?");
    expect(await queued(conversation)).toBe(0);
    const again = await sendOk(member, conversation, "Good, thanks");
    expect((await queueRow(conversation))!.waiting_since).toBe(await createdAt(again.message.id));
  });

  it("a profile never writes first: a conversation the member opened without a message cannot be answered", async () => {
    const member = await createChatter();
    const profile = await createProfile();
    const conversation = await openChat(member, profile.id);
    expect(await queued(conversation)).toBe(0);
    expect(await viewOf(host.cookie, conversation)).toMatchObject({ messages: [], waiting: false, refusal: "not_waiting" });
    await errorOf(await hostCalls.claim(host.cookie, { conversation }), 409, "not_waiting");
    await errorOf(await hostCalls.reply(host.cookie, { conversation, text: "Hi there!", key: newKey() }), 409, "not_waiting");
    expect(await count("SELECT COUNT(*) AS n FROM messages WHERE conversation_id = ?", conversation)).toBe(0);
  });

  it("a message between two real members does not, nor one that is refused", async () => {
    const ann = await createChatter();
    const bob = await createChatter();
    const conversation = await openChat(ann, bob.id);
    await sendOk(ann, conversation, "Hi Bob");
    await sendOk(bob, conversation, "Hi Ann");
    expect(await queued(conversation)).toBe(0);

    // Without credits the message is not sent and nothing waits.
    const poor = await createChatter({ credits: 0 });
    const profile = await createProfile();
    const toProfile = await openChat(poor, profile.id);
    await errorOf(await sendAs(poor, toProfile, "Hello"), 402, "insufficient_credits");
    expect(await queued(toProfile)).toBe(0);
  });

  it("a retried send (the same key) does not put an answered conversation back, nor charge twice", async () => {
    const member = await createChatter();
    const profile = await createProfile();
    const conversation = await openChat(member, profile.id);
    const key = newKey();
    const first = await sendOk(member, conversation, "Hello", key);
    await claimOk(host.cookie, conversation);
    await replyOk(host.cookie, conversation, "Hello you");
    expect(await queued(conversation)).toBe(0);

    const retried = await sendAs(member, conversation, "Hello", key);
    expect(retried.status).toBeLessThan(300);
    expect(((await retried.json()) as { message: { id: number } }).message.id).toBe(first.message.id);
    expect(await queued(conversation)).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM credit_ledger WHERE member_id = ? AND reason = 'message'", member.id)).toBe(1);

    // Retried at once, many times, before any answer: one row.
    const other = await createProfile();
    const second = await openChat(member, other.id);
    const sameKey = newKey();
    await Promise.all(Array.from({ length: 6 }, () => sendAs(member, second, "Hi", sameKey)));
    expect(await queued(second)).toBe(1);
  });
});

// =============================================================================================
// Roles

const MODERATION_CALLS: { method: "GET" | "POST"; path: string; json?: unknown }[] = [
  { method: "GET", path: "/api/staff/queue.php" },
  { method: "GET", path: "/api/staff/case.php?id=1" },
  { method: "GET", path: "/api/staff/member.php?id=1" },
  {
    method: "POST",
    path: "/api/staff/decide.php",
    json: { member: 1, action: "warn", category: "spam", reason: "You sent the same advertisement to many members." },
  },
  { method: "POST", path: "/api/staff/photo_reviewed.php", json: { image: 1 } },
  { method: "GET", path: "/api/staff/appeal.php?id=1" },
  {
    method: "POST",
    path: "/api/staff/appeal.php",
    json: { appeal: 1, outcome: "upheld", reason: "You sent the same advertisement to many members." },
  },
];

describe("who may make the host calls", () => {
  let conversation: number;
  beforeAll(async () => {
    ({ conversation } = await waitingConversation());
  });

  it("nobody without a staff session (401), no member (403 staff_only), no moderator (403 staff_role)", async () => {
    const memberCookie = await loginAs(await createMember());
    const moderator = await createHost({ siteId: null, role: "moderator" });
    for (const endpoint of everyHostCall(conversation)) {
      const init = { method: endpoint.method, json: endpoint.json };
      const label = `${endpoint.method} ${endpoint.path}`;
      expect((await errorOf(await call(endpoint.path, init), 401, "staff_login_required")).error, label).toBe(
        "staff_login_required",
      );
      await errorOf(await call(endpoint.path, { ...init, cookie: memberCookie }), 403, "staff_only");
      await errorOf(await call(endpoint.path, { ...init, cookie: moderator.cookie }), 403, "staff_role");
    }
    // Nothing was answered or noted.
    expect(await queued(conversation)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM host_replies WHERE conversation_id = ?", conversation)).toBe(0);
  });

  it("a host makes none of the moderation calls (403 staff_role); an admin makes both kinds", async () => {
    const host = await createHost({ siteId: 1 });
    for (const endpoint of MODERATION_CALLS) {
      await errorOf(
        await call(endpoint.path, { method: endpoint.method, json: endpoint.json, cookie: host.cookie }),
        403,
        "staff_role",
      );
    }
    const admin = await createHost({ siteId: 1, role: "admin" });
    expect((await call("/api/staff/queue.php", { cookie: admin.cookie })).status).toBe(200);
    expect((await viewOf(admin.cookie, conversation)).conversation).toBe(conversation);
    // What the console shows of the account: the role and the languages.
    const me = (await (await call("/api/staff/me.php", { cookie: host.cookie })).json()) as { staff: { role: string } };
    expect(me.staff.role).toBe("host");
  });
});

describe("the audit log (audit.php)", () => {
  it("shows a host their own replies, and the site's admin everyone's", async () => {
    const { member, conversation } = await waitingConversation();
    const host = await createHost({ siteId: 1, languages: "nl" });
    const message = await replyOk(host.cookie, conversation, "Hello from Lotte");
    const linesOf = async (cookie: string) =>
      (await answer(await call("/api/staff/audit.php", { cookie }), 200, AuditAnswerSchema)).entries;
    const own = await linesOf(host.cookie);
    expect(own.find((e) => e.action === "host_reply")).toMatchObject({
      staff_name: host.name,
      member_id: member.id,
      detail: { conversation, message: message.id },
    });
    expect(own.every((e) => e.staff_name === host.name)).toBe(true);
    const admin = await createHost({ siteId: 1, role: "admin" });
    expect((await linesOf(admin.cookie)).some((e) => e.action === "host_reply" && e.staff_name === host.name)).toBe(true);
  });
});

// =============================================================================================
// Scope: sites and languages

describe("a host sees and answers only their sites and languages", () => {
  let nl1: Awaited<ReturnType<typeof waitingConversation>>;
  let de1: Awaited<ReturnType<typeof waitingConversation>>;
  let nl2: Awaited<ReturnType<typeof waitingConversation>>;
  beforeAll(async () => {
    nl1 = await waitingConversation({ siteId: 1, language: "nl" });
    de1 = await waitingConversation({ siteId: 1, language: "de" });
    nl2 = await waitingConversation({ siteId: 2, language: "nl" });
  });

  const visible = async (host: SignedInStaff) => {
    const ids = (await queueOf(host.cookie)).items.map((item) => item.conversation);
    return [nl1, de1, nl2].map((w) => ids.includes(w.conversation));
  };

  /** Every call about the conversation answers 404 not_found, and nothing changes. */
  async function outOfScope(host: SignedInStaff, conversation: number) {
    for (const endpoint of everyHostCall(conversation).filter((e) => !e.path.includes("host_queue"))) {
      await errorOf(
        await call(endpoint.path, { method: endpoint.method, json: endpoint.json, cookie: host.cookie }),
        404,
        "not_found",
      );
    }
    const row = await queueRow(conversation);
    expect(row).toMatchObject({ leased_by: null });
    expect(await count("SELECT COUNT(*) AS n FROM persona_notes WHERE updated_by = ?", host.id)).toBe(0);
  }

  it("a host of site 1 in nl: not site 2, not de", async () => {
    const host = await createHost({ siteId: 1, languages: "nl" });
    expect(await visible(host)).toEqual([true, false, false]);
    await outOfScope(host, de1.conversation);
    await outOfScope(host, nl2.conversation);
    expect((await viewOf(host.cookie, nl1.conversation)).conversation).toBe(nl1.conversation);
  });

  it("a host of site 2: not site 1; a host of de: not nl", async () => {
    const site2 = await createHost({ siteId: 2, languages: "nl,de" });
    expect(await visible(site2)).toEqual([false, false, true]);
    await outOfScope(site2, nl1.conversation);
    await outOfScope(site2, de1.conversation);
    const german = await createHost({ siteId: 1, languages: " de " });
    expect(await visible(german)).toEqual([false, true, false]);
    await outOfScope(german, nl1.conversation);
  });

  it("a host with no languages set and an admin see every language; platform staff every site", async () => {
    expect(await visible(await createHost({ siteId: 1, languages: null }))).toEqual([true, true, false]);
    expect(await visible(await createHost({ siteId: 1, role: "admin" }))).toEqual([true, true, false]);
    expect(await visible(await createHost({ siteId: null, languages: "nl" }))).toEqual([true, false, true]);
    const platform = await createHost({ siteId: null, role: "admin" });
    expect(await visible(platform)).toEqual([true, true, true]);
    const view = await viewOf(platform.cookie, nl2.conversation);
    expect(view.site_name).toBe("Zilverhart");
  });

  it("a waiting conversation stays with the language it was written in when the member switches language", async () => {
    const { member, conversation } = await waitingConversation({ language: "nl" });
    const switched = await call("/api/user.php", { method: "PUT", cookie: member.cookie, json: { language: "de" } });
    expect(switched.status).toBe(200);
    const dutch = await createHost({ siteId: 1, languages: "nl" });
    // Listed for the nl hosts, so they can open and answer it (not 404 behind a listed row).
    expect((await queueOf(dutch.cookie)).items.map((i) => i.conversation)).toContain(conversation);
    expect((await viewOf(dutch.cookie, conversation)).waiting).toBe(true);
    await claimOk(dutch.cookie, conversation);
    await replyOk(dutch.cookie, conversation, "Hoi! Leuk dat je schrijft.");
    expect(await queued(conversation)).toBe(0);
    // Their next message waits in their new language.
    await sendOk(member, conversation, "Hallo!");
    expect((await queueRow(conversation))!.language).toBe("de");
    const german = await createHost({ siteId: 1, languages: "de" });
    expect((await queueOf(german.cookie)).items.map((i) => i.conversation)).toContain(conversation);
    await claimOk(german.cookie, conversation);
  });

  it("a conversation between two real members is no host's (404), nor an id that does not exist", async () => {
    const ann = await createChatter();
    const bob = await createChatter();
    const conversation = await openChat(ann, bob.id);
    await sendOk(ann, conversation, "Hi Bob");
    const admin = await createHost({ siteId: null, role: "admin" });
    for (const id of [conversation, 999_999_999]) {
      for (const endpoint of everyHostCall(id).filter((e) => !e.path.includes("host_queue"))) {
        await errorOf(
          await call(endpoint.path, { method: endpoint.method, json: endpoint.json, cookie: admin.cookie }),
          404,
          "not_found",
        );
      }
    }
    expect(await count("SELECT COUNT(*) AS n FROM messages WHERE conversation_id = ?", conversation)).toBe(1);
  });
});

// =============================================================================================
// What the conversation view shows of the member

describe("the conversation view (host_conversation.php)", () => {
  it("shows the conversation, the member's public profile and the persona; never the email, birth date or payments", async () => {
    const { member, profile, conversation } = await waitingConversation({ text: "Do you like dogs?" });
    await env.DB.prepare("UPDATE members SET paid_user = 1, timezone = 'Europe/Amsterdam' WHERE id = ?").bind(member.id).run();
    await env.DB.prepare(
      "INSERT INTO credit_ledger (member_id, amount, reason, idempotency_key, created_at) VALUES (?, 777, 'purchase', ?, ?)",
    )
      .bind(member.id, `hosts-view:${member.id}`, Date.now())
      .run();
    const host = await createHost({ siteId: 1, languages: "nl" });
    const response = await hostCalls.conversation(host.cookie, conversation);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.clone().text();
    const view = await viewOf(host.cookie, conversation);

    expect(view.messages).toEqual([expect.objectContaining({ from: "member", text: "Do you like dogs?" })]);
    expect(view.member).toMatchObject({ id: member.id, name: "Tess", age: expect.any(Number), city: "Utrecht", paid: true });
    expect(view.member.timezone).toBe("Europe/Amsterdam");
    expect(view.member.date_of_birth).toBeNull();
    expect(view.profile).toMatchObject({ id: profile.id, name: profile.name, fictional: true });
    expect(view).toMatchObject({ waiting: true, lease: null, refusal: null, site_name: "Amora" });
    expect(view.profile_notes).toEqual({ text: "", version: 0, updated_by: null, updated_at: null });

    expect(text).not.toContain(member.email);
    expect(text).not.toContain("1990-06-15");
    for (const word of ["email", "balance", "credit", "ledger", "order", "purchase", "777", "ip", "ban"]) {
      expect(Object.keys(view.member), word).not.toContain(word);
    }
    expect(text).not.toMatch(/"(email|balance|credits|orders|ban_decision_id|ip)"/);
  });
});

// =============================================================================================
// Erasure

describe("erasing a member (DELETE /api/user.php)", () => {
  it("removes their queue rows and the notes about them; the persona's notes stay", async () => {
    const profile = await createProfile();
    const { member, conversation } = await waitingConversation({ profile });
    const other = await waitingConversation({ profile });
    const host = await createHost({ siteId: 1, languages: "nl" });
    await notesOk(host.cookie, { conversation, about: "member", text: "Has a dog called Max.", version: 0 });
    await notesOk(host.cookie, { conversation: other.conversation, about: "member", text: "Works nights.", version: 0 });
    await notesOk(host.cookie, { conversation, about: "profile", text: "Lotte is a nurse.", version: 0 });
    await claimOk(host.cookie, conversation);

    const deleted = await call("/api/user.php", { method: "DELETE", cookie: member.cookie, json: { password: member.password } });
    expect(AccountDeletedSchema.parse(await deleted.json())).toEqual({ deleted: true });

    expect(await count("SELECT COUNT(*) AS n FROM host_queue WHERE member_id = ?", member.id)).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM member_notes WHERE member_id = ?", member.id)).toBe(0);
    // The other member's conversation and notes, and the persona, are untouched.
    expect(await queued(other.conversation)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM member_notes WHERE member_id = ?", other.member.id)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM persona_notes WHERE profile_id = ?", profile.id)).toBe(1);

    const ids = (await queueOf(host.cookie)).items.map((item) => item.conversation);
    expect(ids).not.toContain(conversation);
    expect(ids).toContain(other.conversation);
    const view = await viewOf(host.cookie, conversation);
    expect(view).toMatchObject({ waiting: false, refusal: "member_deleted", lease: null });
    expect(view.member.name).toBe("");
    expect(JSON.stringify(view)).not.toContain("Has a dog");
    await errorOf(
      await hostCalls.reply(host.cookie, { conversation, text: "Still there?", key: newKey() }),
      410,
      "member_deleted",
    );
    // A host whose page was open before cannot write the notes back: the member is gone.
    await errorOf(
      await hostCalls.notes(host.cookie, { conversation, about: "member", text: "Has a dog called Max.", version: 1 }),
      410,
      "member_deleted",
    );
    await errorOf(
      await hostCalls.notes(host.cookie, { conversation, about: "member", text: "New notes", version: 0 }),
      410,
      "member_deleted",
    );
    expect(await count("SELECT COUNT(*) AS n FROM member_notes WHERE member_id = ?", member.id)).toBe(0);
    // The persona's notes are the profile's, not the member's: still kept from this conversation.
    expect(
      (await notesOk(host.cookie, { conversation, about: "profile", text: "Lotte is a nurse in Utrecht.", version: 1 })).version,
    ).toBe(2);
  });
});
