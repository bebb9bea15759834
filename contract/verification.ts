/**
 * Photo verification (issue 30 point 1; docs/api.md "Photo verification", ADR 059): the member's
 * and the staff's requests and answers.
 */
import { z } from "zod";
import { VERIFICATION_NOTE_MAX, VERIFICATION_POSES, VERIFICATION_REFUSALS, VERIFICATION_STATES } from "./rules/verification";

export * from "./rules/verification";

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** GET/POST /api/verification.php: the member's state; the pose while asked for; the reason once refused. */
export const VerificationAnswerSchema = z.object({
  state: z.enum(VERIFICATION_STATES),
  verified: z.boolean(),
  /** The open request's pose (posed, pending); the last one's otherwise, or null. */
  pose: z.enum(VERIFICATION_POSES).nullable(),
  reason: z.enum(VERIFICATION_REFUSALS).nullable(),
  note: z.string().nullable(),
  decided_at: z.number().int().nullable(),
  /** The member's choice: only verified members may start a conversation with them. */
  verified_writers_only: z.boolean(),
  /** Whether the member has a main photo (a request needs one to compare with). */
  has_photo: z.boolean(),
});
export type VerificationAnswer = z.infer<typeof VerificationAnswerSchema>;

/** PUT /api/verification.php { verified_writers_only }: the member's choice. */
export const VerificationSettingBodySchema = z.object({
  verified_writers_only: z.union([z.boolean(), z.enum(["0", "1"]).transform((v) => v === "1")]),
});

/** POST /api/verification-selfie.php (multipart): the pose the selfie shows, beside `file`. */
export const VerificationSelfieFieldsSchema = z.object({ pose: z.enum(VERIFICATION_POSES) });

/** GET /api/staff/verifications.php: the pending requests on the staff's scope, oldest first. */
export const StaffVerificationSchema = z.object({
  id: z.number().int(),
  member: z.object({ id: z.number().int(), name: z.string() }),
  site_name: z.string(),
  pose: z.enum(VERIFICATION_POSES),
  /** The member's profile photos, main first (public URLs). */
  photos: z.array(z.object({ id: z.number().int(), url: z.string(), main: z.boolean() })),
  uploaded_at: z.number().int(),
});
export type StaffVerification = z.infer<typeof StaffVerificationSchema>;
export const StaffVerificationsAnswerSchema = z.object({ items: z.array(StaffVerificationSchema) });

/** POST /api/staff/verification.php { id, action, reason?, note? }: a decision; refuse needs a reason. */
export const StaffVerificationDecideBodySchema = z
  .object({
    id,
    action: z.enum(["approve", "refuse"]),
    reason: z.enum(VERIFICATION_REFUSALS).optional(),
    note: z
      .string()
      .transform((text) => text.replace(/\r\n?/g, "\n").trim())
      .pipe(z.string().max(VERIFICATION_NOTE_MAX))
      .optional(),
  })
  .refine((body) => body.action === "approve" || body.reason !== undefined, { path: ["reason"], message: "required" });
export const StaffVerificationDecidedSchema = z.object({
  id: z.number().int(),
  state: z.enum(["approved", "refused"]),
});

/** GET /api/staff/verification-selfie.php?id=: the selfie's JPEG (staff of the member's site only). */
export const StaffVerificationSelfieQuerySchema = z.object({ id });
