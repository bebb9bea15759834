/** Requests of the development calls: POST /api/dev/credits.php. */
import { z } from "zod";
import { BAN_CATEGORIES } from "../schemas";

export const DevCreditsBodySchema = z.object({ credits: z.number().int().min(0).max(1_000_000) });
export type DevCreditsBody = z.input<typeof DevCreditsBodySchema>;
export type DevCreditsBodyParsed = z.output<typeof DevCreditsBodySchema>;

/** POST /api/dev/time_bonus.php: start a time bonus for the member, or end the running ones. */
export const DevTimeBonusBodySchema = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("start"),
    percent: z.coerce.number().int().min(1).max(90),
    hours: z.coerce.number().min(0.01).max(720),
  }),
  z.object({ action: z.literal("expire") }),
]);
export type DevTimeBonusBody = z.input<typeof DevTimeBonusBodySchema>;

/**
 * POST /api/dev/fault.php: the fault switch for tests (docs/api.md "Development calls"). The next
 * `times` calls of `method path` by this member fail: "error" answers 500 without doing anything;
 * "error_after" does the call, then answers 500; "error_midway" stops the call at its midway point (the
 * payment webhook: after the grant, before the receipt) and answers 500; "slow" does the call, then answers after
 * `delay_ms` (past the app's timeout, the answer is lost). `{ "clear": true }` removes the member's faults.
 */
export const DevFaultBodySchema = z.union([
  z.object({ clear: z.literal(true) }),
  z.object({
    method: z.enum(["GET", "POST", "DELETE"]),
    path: z.string().regex(/^\/api\/[a-z0-9_/]+\.php$/),
    mode: z.enum(["error", "error_after", "error_midway", "slow"]),
    times: z.number().int().min(1).max(10).default(1),
    delay_ms: z.number().int().min(0).max(30_000).default(0),
  }),
]);
export type DevFaultBody = z.input<typeof DevFaultBodySchema>;

/**
 * POST /api/dev/decision.php (docs/api.md "Development calls"; ADR 030): a moderation decision
 * against the logged-in member, as the staff console would write it, so the member's side (the
 * statement, /pages/ban, the appeal) can be tried and tested without a console. A ban ends the
 * member's sessions. `closed_days_ago`: the appeal period ended that many days ago.
 */
export const DevDecisionBodySchema = z.object({
  action: z.enum(["warn", "remove_photo", "ban"]),
  category: z.enum(BAN_CATEGORIES),
  reason: z.string().min(1).max(2000),
  closed_days_ago: z.number().int().min(1).max(3650).optional(),
});
export type DevDecisionBody = z.input<typeof DevDecisionBodySchema>;
