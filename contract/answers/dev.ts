/**
 * Answers of the development calls (docs/api.md "Development calls"; DEV_TOOLS on a loopback
 * host) that contract/schemas.ts lacked (issue 26 point 4): the API's answer() is checked
 * against them, and the app and the tests read them from here.
 */
import { z } from "zod";

/** POST /api/dev/decision.php: the decision made against the logged-in member. */
export const DevDecisionMadeSchema = z.object({ decision_id: z.number().int() });

/** POST /api/dev/fault.php: the fault is set (or the member's faults cleared). */
export const DevFaultSetSchema = z.literal("done");

/** POST /api/dev/time_bonus.php: the time bonus started, or null when the running ones were ended. */
export const DevTimeBonusAnswerSchema = z.object({
  time_bonus: z.object({ code: z.string(), percent: z.number(), valid_until: z.number().nullable() }).nullable(),
});

/** POST /api/dev/host_wait.php: the member wrote to an entertainment profile; the conversation waits for a host. */
export const DevHostWaitSchema = z.object({ conversation: z.number().int(), profile: z.number().int() });
