/** Requests of the appeal call: POST /api/appeal.php (docs/api.md, ADR 030). */
import { z } from "zod";
import { APPEAL_MAX } from "../limits";

/** POST /api/appeal.php: the member appeals one decision against them (DSA art. 20). */
export const AppealBodySchema = z.object({
  decision_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  /** Why the decision is wrong; CRLF counts as one line break, as a textarea counts it; trimmed. */
  text: z
    .string()
    .transform((text) => text.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().min(1).max(APPEAL_MAX)),
  /** The interface language, for the acknowledgement mail. */
  language: z.string().max(10).optional(),
});
export type AppealBody = z.input<typeof AppealBodySchema>;
