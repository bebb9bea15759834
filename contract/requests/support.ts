/**
 * POST /api/support.php (designed, issue 15): the customer-service form of /pages/service. The
 * fields are checked by contract/rules/support.ts parseSupport (pure, shared with the browser's
 * schema app/lib/forms/support.ts); SupportRequestSchema gives its field codes to the API's one
 * parse (workers/api/lib/validate.ts, ADR 044).
 */
import { z } from "zod";
import { parseSupport } from "../rules/support";

export type { SupportBody, SupportTopic } from "../rules/support";

export const SupportBodySchema = z.object({
  name: z.unknown().optional(),
  email: z.unknown().optional(),
  topic: z.unknown().optional(),
  message: z.unknown().optional(),
});

/** The body, checked by parseSupport: each wrong field is an issue whose message is its field code. */
export const SupportRequestSchema = SupportBodySchema.transform((body, ctx) => {
  const parsed = parseSupport(body);
  if (parsed.ok) return parsed.value;
  for (const [field, code] of Object.entries(parsed.fields)) ctx.addIssue({ code: "custom", message: code, path: [field] });
  return z.NEVER;
});

export const SupportSentSchema = z.object({ sent: z.literal(true), reference: z.string() });
export type SupportSent = z.infer<typeof SupportSentSchema>;
