/**
 * Trust and safety (issue 15; docs/product.md "Trust and safety"): notices (complaints.php) on real
 * D1 with the real migrations: filed by visitors or members about a profile, a photo or a message,
 * the acknowledgement mail (no mail relay), every bad input, anonymity, and the per-IP limit.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { CaseFiledSchema, ChatStartSchema } from "../../contract/schemas";
import { EXPLANATION_MAX } from "../../contract/limits";
import { call, createMember, ensureSites } from "./helpers";
import { errorOf, answer, SITE2, memberOutsideSite2, pair } from "./safety-helpers";

beforeAll(ensureSites);

/** Each call its own client IP unless given one, so the notices' per-IP limit is the test's own. */
const freshIp = () => `fd00::${crypto.randomUUID().slice(0, 4)}:${crypto.randomUUID().slice(0, 4)}`;

const notice = (body: Record<string, unknown>, ip = freshIp(), cookie?: string) =>
  call("/api/complaints.php", { method: "POST", json: body, headers: { "x-client-ip": ip }, cookie });

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
