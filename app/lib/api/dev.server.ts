/** Development-panel calls for commerce (DEV_TOOLS on a loopback host; docs/api.md). */
import { z } from "zod";
import type { DevTimeBonusBody } from "../../../contract/requests/dev";
import type { ApiClient } from "./client.server";

const TimeBonusAnswerSchema = z.object({
  time_bonus: z.object({ code: z.string(), percent: z.number(), valid_until: z.number().nullable() }).nullable(),
});

/** Starts a time bonus for the member (percent off for `hours`), or ends the running ones. */
export function devTimeBonus(api: ApiClient, body: DevTimeBonusBody) {
  return api.call(TimeBonusAnswerSchema, "/api/dev/time_bonus.php", { method: "POST", body });
}
