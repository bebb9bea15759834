/**
 * Trusted reporters (docs/decisions/058): the development call's answer. The pause itself reaches
 * the member as a decision (contract/schemas/members.ts, action "pause") and staff as a case of
 * kind "pause" (contract/staff.ts).
 */
import { z } from "zod";

/** POST /api/dev/pause.php: whether the logged-in member was paused now (false: a pause was in force). */
export const DevPauseMadeSchema = z.object({ paused: z.boolean() });
