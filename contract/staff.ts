/**
 * The staff moderation console (issue 15; docs/api.md "Staff", ADR 029): its requests and
 * answers. Staff are not members: their own calls under /api/staff/, their own session cookie.
 */
import { z } from "zod";
import { EMAIL_MAX, PASSWORD_MAX } from "./limits";
import {
  APPEAL_OUTCOMES,
  BAN_CATEGORIES,
  DECISION_RECORD_ACTIONS,
  REASON_MAX,
  REASON_MIN,
  STAFF_ACTIONS,
  STAFF_ROLES,
} from "./rules/staff";

export {
  APPEAL_OUTCOMES,
  type AppealOutcome,
  REASON_MAX,
  REASON_MIN,
  STAFF_ACTIONS,
  STAFF_COOKIE,
  STAFF_ROLES,
  type StaffAction,
  type StaffRole,
} from "./rules/staff";

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** CRLF counts as one line break, as a textarea counts it; trimmed. */
const reason = z
  .string()
  .transform((text) => text.replace(/\r\n?/g, "\n").trim())
  .pipe(z.string().min(REASON_MIN).max(REASON_MAX));

/** POST /api/staff/login.php */
export const StaffLoginBodySchema = z.object({
  email: z.string().trim().min(1).max(EMAIL_MAX),
  password: z.string().min(1).max(PASSWORD_MAX),
});
export type StaffLoginBody = z.input<typeof StaffLoginBodySchema>;

/** POST /api/staff/totp.php: the six digits of the authenticator app (spaces allowed). */
export const StaffTotpBodySchema = z.object({
  code: z
    .string()
    .transform((text) => text.replace(/\s/g, ""))
    .pipe(z.string().regex(/^\d{6}$/)),
});
export type StaffTotpBody = z.input<typeof StaffTotpBodySchema>;

/**
 * POST /api/staff/decide.php: a decision about a member, from a case (`case`) or from the
 * member's page (`member`). remove_photo names the photo; dismiss needs a case.
 */
export const StaffDecideBodySchema = z
  .object({
    case: id.optional(),
    member: id.optional(),
    action: z.enum(STAFF_ACTIONS),
    category: z.enum(BAN_CATEGORIES),
    reason,
    image: id.optional(),
  })
  .refine((body) => body.case !== undefined || body.member !== undefined, { path: ["member"], message: "required" })
  .refine((body) => body.action !== "remove_photo" || body.image !== undefined, { path: ["image"], message: "required" })
  .refine((body) => body.action !== "dismiss" || body.case !== undefined, { path: ["case"], message: "required" });
export type StaffDecideBody = z.input<typeof StaffDecideBodySchema>;

/** POST /api/staff/appeal.php: the outcome of an appeal, with the reasons the member is sent. */
export const StaffAppealBodySchema = z.object({ appeal: id, outcome: z.enum(APPEAL_OUTCOMES), reason });
export type StaffAppealBody = z.input<typeof StaffAppealBodySchema>;

/** POST /api/staff/photo_reviewed.php: a new photo looked at and kept. */
export const StaffPhotoBodySchema = z.object({ image: id });
export type StaffPhotoBody = z.input<typeof StaffPhotoBodySchema>;

export const StaffIdQuerySchema = z.object({ id });
export const StaffAuditQuerySchema = z.object({ before: id.optional() });

// Answers.

export const StaffSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  /** null: every site of the platform. */
  site_id: z.number().int().nullable(),
  site_name: z.string().nullable(),
  /** A host's languages (ADR 045); null: every language. */
  languages: z.array(z.string()).nullable().default(null),
});
export type Staff = z.infer<typeof StaffSchema>;

/** GET /api/staff/me.php, and the login steps: who, and whether the second factor was given. */
export const StaffMeAnswerSchema = z.object({ staff: StaffSchema, totp_ok: z.boolean() });
export type StaffMeAnswer = z.infer<typeof StaffMeAnswerSchema>;

const memberSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  site_id: z.number().int(),
  site_name: z.string(),
  status: z.string(),
  fictional: z.boolean(),
  banned: z.boolean(),
  signup_date: z.number().int(),
});
export type StaffMemberSummary = z.infer<typeof memberSummary>;

const photo = z.object({ id: z.number().int(), url: z.string(), removed: z.boolean() });

export const QueueItemSchema = z.object({
  type: z.enum(["case", "appeal", "photo"]),
  id: z.number().int(),
  /** report | notice for a case; the decision's action for an appeal; "photo" for a photo. */
  kind: z.string(),
  category: z.string().nullable(),
  reference: z.string().nullable(),
  member: z.object({ id: z.number().int(), name: z.string() }),
  site_name: z.string(),
  photo_url: z.string().nullable(),
  created_at: z.number().int(),
});
export type QueueItem = z.infer<typeof QueueItemSchema>;
export const QueueAnswerSchema = z.object({ items: z.array(QueueItemSchema) });

export const DecisionSchema = z.object({
  id: z.number().int(),
  action: z.enum(DECISION_RECORD_ACTIONS),
  category: z.string(),
  reason: z.string(),
  staff_name: z.string(),
  case_id: z.number().int().nullable(),
  appeal_id: z.number().int().nullable(),
  image_id: z.number().int().nullable(),
  appeal_until: z.number().int().nullable(),
  created_at: z.number().int(),
});
export type Decision = z.infer<typeof DecisionSchema>;

export const StaffMemberAnswerSchema = z.object({
  member: memberSummary,
  photos: z.array(photo),
  decisions: z.array(DecisionSchema),
});
export type StaffMemberAnswer = z.infer<typeof StaffMemberAnswerSchema>;

export const StaffCaseSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  kind: z.enum(["report", "notice", "pause"]),
  state: z.string(),
  category: z.string(),
  explanation: z.string(),
  subject_kind: z.string(),
  subject_url: z.string().nullable(),
  subject_image_id: z.number().int().nullable(),
  reporter: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  notifier_name: z.string().nullable(),
  notifier_email: z.string().nullable(),
  site_name: z.string(),
  created_at: z.number().int(),
});
export type StaffCase = z.infer<typeof StaffCaseSchema>;

export const StaffCaseAnswerSchema = StaffMemberAnswerSchema.extend({
  case: StaffCaseSchema,
  /** The reported conversation's last messages, oldest first, where the case names one. */
  messages: z.array(
    z.object({
      id: z.number().int(),
      sender_id: z.number().int(),
      body: z.string(),
      created_at: z.number().int(),
      reported: z.boolean(),
    }),
  ),
  /** Whether this staff account may act on the member (the member is on its sites). */
  may_act: z.boolean(),
});
export type StaffCaseAnswer = z.infer<typeof StaffCaseAnswerSchema>;

export const StaffAppealAnswerSchema = z.object({
  appeal: z.object({
    id: z.number().int(),
    reference: z.string(),
    text: z.string(),
    state: z.enum(["open", "upheld", "reversed"]),
    created_at: z.number().int(),
  }),
  decision: DecisionSchema,
  member: memberSummary,
  photos: z.array(photo),
});
export type StaffAppealAnswer = z.infer<typeof StaffAppealAnswerSchema>;

export const DecideAnswerSchema = z.object({ decision: DecisionSchema });

/** POST /api/staff/appeal.php: the appeal's outcome, and the decision it leaves (the reversal, or the one upheld). */
export const StaffAppealDecidedSchema = z.object({
  appeal: z.object({ id: z.number().int(), state: z.enum(APPEAL_OUTCOMES) }),
  decision: DecisionSchema,
});
export type StaffAppealDecided = z.infer<typeof StaffAppealDecidedSchema>;

/** POST /api/staff/photo_reviewed.php: the photo looked at and kept. */
export const StaffPhotoReviewedSchema = z.object({ image: z.number().int(), reviewed: z.literal(true) });

/** POST /api/staff/logout.php. */
export const StaffLogoutAnswerSchema = z.literal("done");

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  staff_name: z.string().nullable(),
  action: z.string(),
  member_id: z.number().int().nullable(),
  case_id: z.number().int().nullable(),
  decision_id: z.number().int().nullable(),
  detail: z.record(z.string(), z.unknown()),
  created_at: z.number().int(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditAnswerSchema = z.object({ entries: z.array(AuditEntrySchema) });

export const StaffCodesAnswerSchema = z.object({
  codes: z.array(z.object({ email: z.string(), code: z.string(), valid_for: z.number().int() })),
});
