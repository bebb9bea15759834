/** Requests of the trust-and-safety calls: blocks.php, reports.php, complaints.php (docs/api.md). */
import { z } from "zod";
import { EMAIL_MAX, EXPLANATION_MAX, NAME_MAX, SUBJECT_URL_MAX } from "../limits";
import { NOTICE_CATEGORIES, NOTICE_SUBJECTS, REPORT_CATEGORIES } from "../rules/moderation";

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** Free text: CRLF counts as one line break, as a textarea counts it; trimmed. */
const explanation = z
  .string()
  .transform((text) => text.replace(/\r\n?/g, "\n").trim())
  .pipe(z.string().max(EXPLANATION_MAX));

/** POST and DELETE /api/blocks.php. */
export const BlockBodySchema = z.object({ profile: id });
export type BlockBody = z.input<typeof BlockBodySchema>;

/** POST /api/reports.php: a member reports another member, from their page or a chat. */
export const ReportBodySchema = z.object({
  profile: id,
  category: z.enum(REPORT_CATEGORIES),
  explanation: explanation.default(""),
  /** The chat it was reported from (one the reporter is in), and optionally one message of it. */
  conversation: id.optional(),
  message: id.optional(),
});
export type ReportBody = z.input<typeof ReportBodySchema>;

/** POST /api/complaints.php: a notice under DSA art. 16, from anyone. */
export const NoticeBodySchema = z.object({
  subject_kind: z.enum(NOTICE_SUBJECTS),
  /** A URL of this site or a member id. */
  subject: z.string().trim().min(1).max(SUBJECT_URL_MAX),
  category: z.enum(NOTICE_CATEGORIES),
  explanation: explanation.pipe(z.string().min(1)),
  /** Required unless the category is child_sexual_abuse (contract/rules/moderation.ts). */
  name: z.string().trim().max(NAME_MAX).default(""),
  email: z.union([z.literal(""), z.string().trim().max(EMAIL_MAX).email()]).default(""),
  good_faith: z.literal(true),
  /** The interface language, for the acknowledgement mail. */
  language: z.string().max(10).optional(),
});
export type NoticeBody = z.input<typeof NoticeBodySchema>;
