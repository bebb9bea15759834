/**
 * Trust and safety (issue 15; docs/product.md "Trust and safety"): members' reports (reports.php)
 * on real D1 with the real migrations: from a member page or a chat, every bad input, another
 * member's conversation and another site's member, and the per-member limit under concurrency.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiErrorSchema, CaseFiledSchema, ChatStartSchema } from "../../contract/schemas";
import { EXPLANATION_MAX } from "../../contract/limits";
import { CASE_REFERENCE } from "../../contract/rules/moderation";
import { call, createMember, ensureSites, loginAs } from "./helpers";
import { errorOf, answer, SITE2, memberOutsideSite2, pair } from "./safety-helpers";

beforeAll(ensureSites);

const report = (cookie: string, body: Record<string, unknown>, host?: string) =>
  call("/api/reports.php", { method: "POST", json: body, cookie, host });

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
