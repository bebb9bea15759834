/**
 * Answers of the premium calls that contract/schemas.ts lacked (issue 26 point 4; the rest of
 * premium's answers are PremiumAnswerSchema there).
 */
import { z } from "zod";
import { PremiumAnswerSchema } from "../schemas";

/** POST /api/premium_cancel.php { email }: always 202, whether or not a link was mailed. */
export const PremiumCancelRequestedSchema = z.object({ received: z.literal(true) });
/** GET /api/premium_cancel.php?token=: whether the mailed confirmation link still works. */
export const PremiumCancelLinkSchema = z.object({ valid: z.boolean() });
/** POST /api/premium_cancel.php?do=1 { token }: the renewal is stopped. */
export const PremiumCanceledSchema = z.object({ canceled: z.literal(true) });

/** POST /api/dev/renewals.php (developer only): what the renewal job did, and the membership now. */
export const RenewalsAnswerSchema = PremiumAnswerSchema.extend({
  renewals: z.array(z.object({ result: z.enum(["paid", "pending", "failed", "skipped"]), order: z.string().nullable() })),
});
