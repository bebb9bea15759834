/**
 * Trust and safety (issue 15; docs/product.md "Trust and safety"): blocks.php, reports.php and
 * complaints.php on real D1 with the real migrations, with every bad input, another member's
 * and another site's ids, concurrency, and that a block hides two members from each other
 * everywhere and stops their messages both ways.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  ApiErrorSchema,
  BlockRecordSchema,
  BlocksAnswerSchema,
  CaseFiledSchema,
  ChatStartSchema,
  ChatsAnswerSchema,
  LikesAnswerSchema,
  MessagesAnswerSchema,
  NotificationsAnswerSchema,
  SearchAnswerSchema,
} from "../../contract/schemas";
import { EXPLANATION_MAX } from "../../contract/limits";
import { CASE_REFERENCE } from "../../contract/rules/moderation";
import { call, createMember, ensureSites, loginAs } from "./helpers";

beforeAll(ensureSites);

type Member = Awaited<ReturnType<typeof createMember>>;

async function errorOf(response: Response, status: number, code?: string) {
  expect(response.status, `expected ${status} ${code ?? ""}`).toBe(status);
  expect(response.headers.get("content-type")).toContain("application/json");
  const body = ApiErrorSchema.parse(await response.json());
  if (code) expect(body.error).toBe(code);
  return body;
}

async function answer<S extends z.ZodType>(response: Response, status: number, schema: S): Promise<z.output<S>> {
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
  return schema.parse(await response.json());
}

async function count(sql: string, ...params: unknown[]): Promise<number> {
  const row = await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>();
  return row!.n;
}

const block = (cookie: string, profile: unknown, host?: string) =>
  call("/api/blocks.php", { method: "POST", json: { profile }, cookie, host });
/** The second demo site (Zilverhart) answers on 127.0.0.1 and shows only NL, BE, DE and AT. */
const SITE2 = "127.0.0.1";

/** A member of the first site living in GB: the second site does not show them. */
async function memberOutsideSite2() {
  const member = await createMember();
  await env.DB.prepare("UPDATE members SET country = 'GB', countryregion = NULL WHERE id = ?").bind(member.id).run();
  return member;
}
const unblock = (cookie: string, profile: unknown) => call("/api/blocks.php", { method: "DELETE", json: { profile }, cookie });
const report = (cookie: string, body: Record<string, unknown>, host?: string) =>
  call("/api/reports.php", { method: "POST", json: body, cookie, host });

/** Each call its own client IP unless given one, so the notices' per-IP limit is the test's own. */
const freshIp = () => `fd00::${crypto.randomUUID().slice(0, 4)}:${crypto.randomUUID().slice(0, 4)}`;
const notice = (body: Record<string, unknown>, ip = freshIp(), cookie?: string) =>
  call("/api/complaints.php", { method: "POST", json: body, headers: { "x-client-ip": ip }, cookie });

async function pair(): Promise<[Member, string, Member, string]> {
  const ann = await createMember({ credits: 100 });
  const bob = await createMember({ credits: 100 });
  return [ann, await loginAs(ann), bob, await loginAs(bob)];
}

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

describe("reports", () => {
  it("files an open report with a reference, from a member page and from a chat with a message", async () => {
    const [ann, annCookie, bob, bobCookie] = await pair();
    const filed = await answer(
      await report(annCookie, {
        profile: bob.id,
        category: "fake_profile",
        explanation: "  <script>alert(1)</script>\r\nfake  ",
      }),
      201,
      CaseFiledSchema,
    );
    expect(filed.reference).toMatch(CASE_REFERENCE);
    expect(filed.reference.startsWith("R-")).toBe(true);
    const row = await env.DB.prepare("SELECT * FROM moderation_cases WHERE reference = ?").bind(filed.reference).first();
    expect(row).toMatchObject({
      kind: "report",
      state: "open",
      category: "fake_profile",
      // Stored as typed (trimmed, CRLF as one break), never as HTML: shown as text.
      explanation: "<script>alert(1)</script>\nfake",
      subject_kind: "profile",
      subject_member_id: bob.id,
      reporter_id: ann.id,
      site_id: 1,
    });

    const chat = await answer(await call(`/api/chat.php?profile=${ann.id}`, { cookie: bobCookie }), 200, ChatStartSchema);
    const sent = await call("/api/messages.php", {
      method: "POST",
      json: { conversation: chat.id, text: "send me money", key: `key-${bob.id}-first` },
      cookie: bobCookie,
    });
    const message = ((await sent.json()) as { message: { id: number } }).message.id;
    const fromChat = await answer(
      await report(annCookie, { profile: bob.id, category: "scam", conversation: chat.id, message }),
      201,
      CaseFiledSchema,
    );
    const chatRow = await env.DB.prepare("SELECT * FROM moderation_cases WHERE reference = ?").bind(fromChat.reference).first();
    expect(chatRow).toMatchObject({ subject_kind: "message", subject_conversation_id: chat.id, subject_message_id: message });
  });

  it("refuses yourself, bad input, another's conversation, another site's member and visitors", async () => {
    const [ann, annCookie, bob, bobCookie] = await pair();
    const carl = await createMember();
    await errorOf(await report(annCookie, { profile: ann.id, category: "spam" }), 422, "cannot_report_self");
    await errorOf(await report(annCookie, { profile: bob.id, category: "rude" }), 422, "invalid_input");
    await errorOf(await report(annCookie, { profile: bob.id }), 422, "invalid_input");
    await errorOf(await report(annCookie, { profile: "x", category: "spam" }), 422, "invalid_input");
    await errorOf(await report(annCookie, { profile: bob.id, category: "spam", explanation: 42 }), 422, "invalid_input");
    await errorOf(
      await report(annCookie, { profile: bob.id, category: "spam", explanation: "x".repeat(EXPLANATION_MAX + 1) }),
      422,
      "invalid_input",
    );
    // Exactly the limit is fine (CRLF counts as one).
    expect(
      (await report(annCookie, { profile: bob.id, category: "spam", explanation: "x".repeat(EXPLANATION_MAX) })).status,
    ).toBe(201);
    await errorOf(await report(annCookie, { profile: 999_999_999, category: "spam" }), 404, "profile_not_found");
    const zara = await createMember({ siteId: 2 });
    const outside = await memberOutsideSite2();
    await errorOf(
      await report(await loginAs(zara, SITE2), { profile: outside.id, category: "spam" }, SITE2),
      404,
      "profile_not_found",
    );
    // A conversation between Bob and Carl is not Ann's to attach.
    const theirs = await answer(await call(`/api/chat.php?profile=${carl.id}`, { cookie: bobCookie }), 200, ChatStartSchema);
    await errorOf(
      await report(annCookie, { profile: bob.id, category: "spam", conversation: theirs.id }),
      404,
      "conversation_not_found",
    );
    await errorOf(await report(annCookie, { profile: bob.id, category: "spam", message: 1 }), 422, "invalid_input");
    await errorOf(await report("", { profile: bob.id, category: "spam" }), 403, "not_logged_in");
  });

  it("is rate-limited per member, atomically: parallel reports never pass the limit", async () => {
    const [, annCookie, bob] = await pair();
    const answers = await Promise.all(Array.from({ length: 14 }, () => report(annCookie, { profile: bob.id, category: "spam" })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    const refused = ApiErrorSchema.parse(await answers.find((r) => r.status === 429)!.json());
    expect(refused.error).toBe("rate_limited");
    expect(refused.retry_after).toBeGreaterThan(0);
  });
});

describe("notices (complaints.php)", () => {
  const valid = (subject: string) => ({
    subject_kind: "profile",
    subject,
    category: "fraud",
    explanation: "This profile <b>asks</b> for money",
    name: "Nora Notifier",
    email: "nora@example.com",
    good_faith: true,
  });

  it("a visitor files a notice about a profile by URL or id; it is stored open and acknowledged by mail", async () => {
    const bob = await createMember();
    const filed = await answer(await notice(valid(`http://localhost:8787/members/${bob.id}`)), 201, CaseFiledSchema);
    expect(filed.reference).toMatch(/^N-/);
    const row = await env.DB.prepare("SELECT * FROM moderation_cases WHERE reference = ?").bind(filed.reference).first();
    expect(row).toMatchObject({
      kind: "notice",
      state: "open",
      subject_member_id: bob.id,
      reporter_id: null,
      notifier_name: "Nora Notifier",
      notifier_email: "nora@example.com",
      good_faith: 1,
      explanation: "This profile <b>asks</b> for money",
    });
    const mail = await env.DB.prepare(
      "SELECT * FROM mail_outbox WHERE kind = 'notice_received' AND to_address = ? ORDER BY id DESC",
    )
      .bind("nora@example.com")
      .first<{ subject: string; html: string; text: string }>();
    expect(mail!.subject).toContain(filed.reference);
    expect(mail!.text).toContain(filed.reference);
    // The notifier's words are not in the mail; what they named is, escaped.
    expect(mail!.html).not.toContain("<b>asks</b>");
    expect((await notice(valid(String(bob.id)))).status).toBe(201);
  });

  it("is no mail relay: to an address nobody confirmed, the acknowledgement carries only the reference and fixed wording", async () => {
    // The attack (issue 25): the victim's address, a phishing text in the name and the subject.
    const bob = await createMember();
    const victim = `victim-${crypto.randomUUID()}@example.com`;
    const phishing = "Your account is blocked, log in at https://evil.example/amora-login to keep it";
    const filed = await answer(
      await notice({
        ...valid(`http://localhost:8787/members/${bob.id}?${encodeURIComponent(phishing)}`),
        name: phishing,
        explanation: phishing,
        email: victim,
      }),
      201,
      CaseFiledSchema,
    );
    const mail = await env.DB.prepare("SELECT * FROM mail_outbox WHERE kind = 'notice_received' AND to_address = ?")
      .bind(victim)
      .first<{ subject: string; html: string; text: string }>();
    expect(mail).not.toBeNull();
    for (const part of [mail!.subject, mail!.html, mail!.text]) {
      expect(part).not.toContain("evil.example");
      expect(part).not.toContain("blocked");
      expect(part).not.toContain(encodeURIComponent(phishing));
    }
    expect(mail!.text).toContain(filed.reference);
    expect(mail!.text).toContain("Hello,");
    expect(mail!.text).toContain("Did you not send a notice to Amora? Then you can ignore this mail.");
    // The notice itself keeps everything for the moderators.
    const row = await env.DB.prepare("SELECT notifier_name, subject_url FROM moderation_cases WHERE reference = ?")
      .bind(filed.reference)
      .first<{ notifier_name: string; subject_url: string }>();
    expect(row!.notifier_name).toBe(phishing);

    // A logged-in member naming another address, or their own not yet confirmed one: the same fixed mail.
    const [ann, annCookie] = await pair();
    await answer(
      await notice({ ...valid(String(bob.id)), name: phishing, email: victim }, freshIp(), annCookie),
      201,
      CaseFiledSchema,
    );
    const second = await env.DB.prepare(
      "SELECT text FROM mail_outbox WHERE kind = 'notice_received' AND to_address = ? ORDER BY id DESC",
    )
      .bind(victim)
      .first<{ text: string }>();
    expect(second!.text).not.toContain("evil.example");
    await env.DB.prepare("UPDATE members SET status = 'not_confirmed' WHERE id = ?").bind(ann.id).run();
    await answer(
      await notice({ ...valid(String(bob.id)), name: "Ann Smith", email: ann.email }, freshIp(), annCookie),
      201,
      CaseFiledSchema,
    );
    const unconfirmed = await env.DB.prepare(
      "SELECT text FROM mail_outbox WHERE kind = 'notice_received' AND to_address = ? ORDER BY id DESC",
    )
      .bind(ann.email)
      .first<{ text: string }>();
    expect(unconfirmed!.text).not.toContain("Ann Smith");
  });

  it("to the member's own confirmed address, the acknowledgement greets by name and names what was reported", async () => {
    const [ann, annCookie, bob] = await pair();
    const subject = `http://localhost:8787/members/${bob.id}`;
    const filed = await answer(
      await notice({ ...valid(subject), name: "Ann Smith", email: ann.email.toUpperCase() }, freshIp(), annCookie),
      201,
      CaseFiledSchema,
    );
    const mail = await env.DB.prepare(
      "SELECT text FROM mail_outbox WHERE kind = 'notice_received' AND to_address = ? ORDER BY id DESC",
    )
      .bind(ann.email.toUpperCase())
      .first<{ text: string }>();
    expect(mail!.text).toContain("Hi Ann Smith,");
    expect(mail!.text).toContain(subject);
    expect(mail!.text).toContain(filed.reference);
    expect(mail!.text).not.toContain("Did you not send a notice");
  });

  it("names a photo by its URL or #photo-N, and a message by a chat the logged-in notifier is in", async () => {
    const [ann, annCookie, bob] = await pair();
    await env.DB.prepare("INSERT INTO images (member_id, filename, position, created_at) VALUES (?, ?, 0, ?)")
      .bind(bob.id, `photo-${bob.id}.jpg`, Date.now())
      .run();
    const byUrl = await answer(
      await notice({ ...valid(`/api/images/photo-${bob.id}.jpg`), subject_kind: "photo" }),
      201,
      CaseFiledSchema,
    );
    const byAnchor = await answer(
      await notice({ ...valid(`/members/${bob.id}#photo-1`), subject_kind: "photo" }),
      201,
      CaseFiledSchema,
    );
    for (const { reference } of [byUrl, byAnchor]) {
      const row = await env.DB.prepare("SELECT subject_member_id, subject_image_id FROM moderation_cases WHERE reference = ?")
        .bind(reference)
        .first<{ subject_member_id: number; subject_image_id: number | null }>();
      expect(row!.subject_member_id).toBe(bob.id);
      expect(row!.subject_image_id).not.toBeNull();
    }
    await errorOf(await notice({ ...valid(`/members/${bob.id}#photo-2`), subject_kind: "photo" }), 422, "subject_not_found");
    await errorOf(await notice({ ...valid("/api/images/nothing.jpg"), subject_kind: "photo" }), 422, "subject_not_found");

    const chat = await answer(await call(`/api/chat.php?profile=${bob.id}`, { cookie: annCookie }), 200, ChatStartSchema);
    const asMember = await answer(
      await notice({ ...valid(`/chats/${chat.id}`), subject_kind: "message" }, freshIp(), annCookie),
      201,
      CaseFiledSchema,
    );
    const row = await env.DB.prepare("SELECT * FROM moderation_cases WHERE reference = ?").bind(asMember.reference).first();
    expect(row).toMatchObject({ subject_member_id: bob.id, subject_conversation_id: chat.id, reporter_id: ann.id });
    // A chat is private: a visitor (or another member) cannot point at it.
    await errorOf(await notice({ ...valid(`/chats/${chat.id}`), subject_kind: "message" }), 422, "subject_not_found");
  });

  it("refuses what does not exist, another site's member, bad input, a missing statement, and too-long text", async () => {
    const bob = await createMember();
    for (const subject of ["/members/999999999", "999999999", "https://localhost/pricing", "hello", "/members/1/likes"]) {
      const refused = await errorOf(await notice(valid(subject)), 422, "subject_not_found");
      expect(refused.fields).toEqual({ subject: "not_found" });
    }
    // A member the second site does not show, named there.
    const outside = await memberOutsideSite2();
    const there = await call("/api/complaints.php", {
      method: "POST",
      json: valid(`/members/${outside.id}`),
      headers: { "x-client-ip": freshIp() },
      host: SITE2,
    });
    await errorOf(there, 422, "subject_not_found");
    const good = valid(`/members/${bob.id}`);
    const bad: Record<string, unknown>[] = [
      { ...good, good_faith: false },
      { ...good, good_faith: undefined },
      { ...good, good_faith: "on" },
      { ...good, explanation: "" },
      { ...good, explanation: "   " },
      { ...good, explanation: "x".repeat(EXPLANATION_MAX + 1) },
      { ...good, subject: "" },
      { ...good, subject: "x".repeat(501) },
      { ...good, subject_kind: "song" },
      { ...good, category: "boring" },
      { ...good, email: "not-an-address" },
      { ...good, name: "" },
      { ...good, email: "" },
      { ...good, name: 7 },
    ];
    for (const body of bad) await errorOf(await notice(body), 422, "invalid_input");
    const missing = await errorOf(await notice({ ...good, name: "", email: "" }), 422, "invalid_input");
    expect(missing.fields).toEqual({ name: "required", email: "required" });
    await errorOf(
      await call("/api/complaints.php", { method: "POST", body: "{", headers: { "content-type": "application/json" } }),
      400,
    );
  });

  it("is anonymous only for child sexual abuse material", async () => {
    const bob = await createMember();
    const body = { ...valid(`/members/${bob.id}`), name: "", email: "", category: "child_sexual_abuse" };
    const filed = await answer(await notice(body), 201, CaseFiledSchema);
    const row = await env.DB.prepare("SELECT notifier_name, notifier_email FROM moderation_cases WHERE reference = ?")
      .bind(filed.reference)
      .first();
    expect(row).toEqual({ notifier_name: null, notifier_email: null });
    await errorOf(await notice({ ...body, category: "terrorist_content" }), 422, "invalid_input");
  });

  it("a flood from one IP address is cut off after 5 an hour, atomically; another address is not", async () => {
    const bob = await createMember();
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 9 }, () => notice(valid(`/members/${bob.id}`), ip)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    expect((await notice(valid(`/members/${bob.id}`))).status).toBe(201);
  });
});
