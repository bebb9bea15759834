/**
 * Trust and safety (issue 15; docs/product.md "Trust and safety", ADR 028):
 *
 * - GET /api/blocks.php (designed): the members the member has blocked, newest first.
 * - POST /api/blocks.php { profile } (designed): blocks a member; idempotent (one row, however
 *   often and however concurrently). DELETE /api/blocks.php { profile }: unblocks; idempotent.
 * - POST /api/reports.php { profile, category, explanation?, conversation?, message? } (designed):
 *   a member reports another member for the moderation queue; answers its reference.
 * - POST /api/complaints.php { subject_kind, subject, category, explanation, name, email,
 *   good_faith } (designed): a notice under DSA art. 16 from anyone, logged in or not; answers
 *   its reference and mails an acknowledgement when an address was given.
 *
 * Reports and notices are rows of one table, moderation_cases (migrations/0017), state 'open'. A
 * report for scam or spam may pause the member's new conversations (trusted reporters, ADR 058).
 */
import { Hono, type Context } from "hono";
import { BlockBodySchema, NoticeBodySchema, ReportBodySchema } from "../../../contract/requests/safety";
import {
  ANONYMOUS_NOTICE_CATEGORY,
  conversationIdInSubject,
  imageFileInSubject,
  memberIdInSubject,
  photoNumberInSubject,
  type NoticeSubject,
} from "../../../contract/rules/moderation";
import { BlockRecordSchema, BlocksAnswerSchema, CaseFiledSchema } from "../../../contract/schemas";
import type { ApiContext } from "../context";
import { deleteBlock, insertBlock, listBlocked } from "../db/blocks";
import { findMembership } from "../db/chat";
import type { Db } from "../db/client";
import { messageInConversation } from "../db/messages";
import { findImageByFilename, findNthImage, insertCase, type NewCase } from "../db/moderation-cases";
import { findActiveMember } from "../db/profile-lookups";
import { pauseAfterTrustedReports } from "../domain/trusted-reporters";
import { answer } from "../lib/answer";
import { normaliseEmail } from "../lib/email";
import { ApiError } from "../lib/errors";
import { anyViewerOf, requireMember } from "../lib/member";
import { type Limit, takeAttempt } from "../lib/rate-limit";
import { newReference } from "../lib/references";
import { clientIp, readBody } from "../lib/request";
import type { Site } from "../lib/site";
import { invalidInput } from "../lib/validate";
import { queueNoticeMail } from "../mail/notice";

const HOUR = 60 * 60 * 1000;
/** Reports a member may file an hour (a burst of abuse, not a moderation need). */
const REPORT_LIMIT = { max: 10, windowMs: HOUR };
/** Notices an hour from one IP address. */
const NOTICE_LIMIT = { max: 5, windowMs: HOUR };
/** Blocks the blocks list shows. */
const BLOCKS_LIMIT = 500;

const profileNotFound = () => new ApiError(404, "profile_not_found", "No such profile.");

/**
 * A member this site shows: active and in one of its countries, the rule of profile.php and
 * search.php. The platform shows profiles across its sites by country, so a member of another
 * site that this site shows can be blocked and reported here (nobody a member can see, and be
 * written to by, is out of reach of a block); one it does not show is refused like a member
 * that does not exist (ADR 028).
 */
async function findSiteMember(db: Db, site: Site, id: number) {
  const row = await findActiveMember(db, id);
  if (!row?.country || !site.settings.countries.includes(row.country)) return null;
  return row;
}

type CaseValues = Omit<NewCase, "reference" | "site_id">;

/** Files the case; a reference that happens to exist already is drawn again. */
async function fileCase(c: Context<ApiContext>, kind: "report" | "notice", values: Omit<CaseValues, "kind">) {
  const now = Date.now();
  for (let attempt = 0; attempt < 5; attempt++) {
    const reference = newReference(kind === "report" ? "R" : "N");
    const row = await insertCase(c.var.db, { ...values, kind, reference, site_id: c.var.site.id }, now);
    if (row) return { reference: row.reference, state: "open" as const, created_at: row.created_at };
  }
  throw new Error("no free case reference after 5 draws");
}

const subjectNotFound = () =>
  new ApiError(422, "subject_not_found", "Nothing on this site matches what the notice names.", {
    fields: { subject: "not_found" },
  });

/** What a notice names, on this site: the member, and where given the photo or conversation. */
async function resolveSubject(c: Context<ApiContext>, kind: NoticeSubject, subject: string) {
  const { db, site } = c.var;
  let memberId = memberIdInSubject(subject);
  let imageId: number | null = null;
  let conversationId: number | null = null;
  if (kind === "photo") {
    const file = imageFileInSubject(subject);
    const number = photoNumberInSubject(subject);
    if (file) {
      const image = await findImageByFilename(db, file);
      if (!image) throw subjectNotFound();
      memberId = image.member_id;
      imageId = image.id;
    } else if (memberId !== null && number !== null) {
      const image = await findNthImage(db, memberId, number);
      if (!image) throw subjectNotFound();
      imageId = image.id;
    }
  }
  if (kind === "message") {
    const conversation = conversationIdInSubject(subject);
    if (conversation !== null) {
      // Chats are private: only someone in the conversation can point at it.
      const viewer = anyViewerOf(c);
      const membership = viewer ? await findMembership(db, viewer.id, conversation) : undefined;
      if (!membership) throw subjectNotFound();
      memberId = membership.other_id;
      conversationId = conversation;
    }
  }
  if (memberId === null || !(await findSiteMember(db, site, memberId))) throw subjectNotFound();
  return { memberId, imageId, conversationId };
}

export const safety = new Hono<ApiContext>()
  .get("/blocks.php", async (c) => {
    const me = requireMember(c);
    return answer(c, BlocksAnswerSchema, { blocked: await listBlocked(c.var.db, me.id, BLOCKS_LIMIT) });
  })
  .post("/blocks.php", async (c) => {
    const me = requireMember(c);
    const { profile } = await readBody(c, BlockBodySchema);
    if (profile === me.id) {
      throw new ApiError(422, "cannot_block_self", "You cannot block yourself.", { fields: { profile: "self" } });
    }
    if (!(await findSiteMember(c.var.db, c.var.site, profile))) throw profileNotFound();
    await insertBlock(c.var.db, me.id, profile);
    return answer(c, BlockRecordSchema, { id: profile, blocked: true });
  })
  .delete("/blocks.php", async (c) => {
    const me = requireMember(c);
    const { profile } = await readBody(c, BlockBodySchema);
    await deleteBlock(c.var.db, me.id, profile);
    return answer(c, BlockRecordSchema, { id: profile, blocked: false });
  })
  .post("/reports.php", async (c) => {
    const me = requireMember(c);
    const body = await readBody(c, ReportBodySchema);
    const { db, site } = c.var;
    if (body.profile === me.id) {
      throw new ApiError(422, "cannot_report_self", "You cannot report yourself.", { fields: { profile: "self" } });
    }
    if (!(await findSiteMember(db, site, body.profile))) throw profileNotFound();
    if (body.message !== undefined && body.conversation === undefined) {
      throw invalidInput({ conversation: "required" }, "A message is given with its conversation.");
    }
    if (body.conversation !== undefined) {
      // Only a conversation of the reporter's with the reported member, and a message of it.
      const membership = await findMembership(db, me.id, body.conversation);
      if (!membership || membership.other_id !== body.profile) {
        throw new ApiError(404, "conversation_not_found", "No such conversation.");
      }
      if (body.message !== undefined) {
        if (!(await messageInConversation(db, body.message, body.conversation)))
          throw invalidInput({ message: "not_found" }, "No such message in this conversation.");
      }
    }
    const limit: Limit = { key: `report:member:${me.id}`, ...REPORT_LIMIT };
    await takeAttempt(db, limit);
    const filed = await fileCase(c, "report", {
      category: body.category,
      explanation: body.explanation,
      subject_kind: body.message !== undefined ? "message" : "profile",
      subject_member_id: body.profile,
      subject_image_id: null,
      subject_conversation_id: body.conversation ?? null,
      subject_message_id: body.message ?? null,
      subject_url: null,
      reporter_id: me.id,
      notifier_name: null,
      notifier_email: null,
      good_faith: 0,
    });
    // Two trusted reports for scam or spam within a day pause the member's new conversations (ADR 058).
    await pauseAfterTrustedReports(c.env.DB, db, { subjectId: body.profile, category: body.category });
    return answer(c, CaseFiledSchema, filed, 201);
  })
  .post("/complaints.php", async (c) => {
    const body = await readBody(c, NoticeBodySchema);
    const anonymousAllowed = body.category === ANONYMOUS_NOTICE_CATEGORY;
    if (!anonymousAllowed && (body.name === "" || body.email === "")) {
      const fields: Record<string, string> = {};
      if (body.name === "") fields.name = "required";
      if (body.email === "") fields.email = "required";
      throw invalidInput(fields, "Give your name and email address.");
    }
    // Counted before the subject is looked up, so the call cannot be used to probe for members fast.
    await takeAttempt(c.var.db, { key: `notice:ip:${clientIp(c)}`, ...NOTICE_LIMIT });
    const subject = await resolveSubject(c, body.subject_kind, body.subject);
    const viewer = anyViewerOf(c);
    const filed = await fileCase(c, "notice", {
      category: body.category,
      explanation: body.explanation,
      subject_kind: body.subject_kind,
      subject_member_id: subject.memberId,
      subject_image_id: subject.imageId,
      subject_conversation_id: subject.conversationId,
      subject_message_id: null,
      subject_url: body.subject,
      reporter_id: viewer?.id ?? null,
      notifier_name: body.name || null,
      notifier_email: body.email || null,
      good_faith: 1,
    });
    if (body.email) {
      await queueNoticeMail(c, {
        reference: filed.reference,
        to: body.email,
        name: body.name,
        language: body.language,
        category: body.category,
        subject: body.subject,
        memberId: viewer?.id ?? null,
        // Free text goes only to the sender's own confirmed address (mail/notice.ts).
        confirmed: viewer !== null && viewer.status === "active" && viewer.email === normaliseEmail(body.email),
      });
    }
    return answer(c, CaseFiledSchema, filed, 201);
  });
