/**
 * POST /api/support.php (designed, issue 15): the customer-service form of /pages/service. The
 * fields are checked by hand in the API (contract/rules/support.ts parseSupport), for the
 * contract's field codes; the browser's schema (app/lib/forms/support.ts) applies the same rule.
 */
import { z } from "zod";

export type { SupportBody, SupportTopic } from "../rules/support";

export const SupportBodySchema = z.object({
  name: z.unknown().optional(),
  email: z.unknown().optional(),
  topic: z.unknown().optional(),
  message: z.unknown().optional(),
});

export const SupportSentSchema = z.object({ sent: z.literal(true), reference: z.string() });
export type SupportSent = z.infer<typeof SupportSentSchema>;
