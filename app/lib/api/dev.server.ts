/** Development-panel calls for commerce (DEV_TOOLS on a loopback host; docs/api.md). */
import { DevHostWaitSchema, DevTimeBonusAnswerSchema } from "../../../contract/answers/dev";
import { RenewalsAnswerSchema } from "../../../contract/answers/premium";
import type { DevTimeBonusBody } from "../../../contract/requests/dev";
import type { ApiClient } from "./client.server";

/** Starts a time bonus for the member (percent off for `hours`), or ends the running ones. */
export function devTimeBonus(api: ApiClient, body: DevTimeBonusBody) {
  return api.call(DevTimeBonusAnswerSchema, "/api/dev/time_bonus.php", { method: "POST", body });
}

/** Ends the member's premium period now and runs the renewal job for them (what the hourly cron does). */
export function devRenewPremium(api: ApiClient) {
  return api.call(RenewalsAnswerSchema, "/api/dev/renewals.php", { method: "POST", body: {} });
}

/** The member writes (free) to a random entertainment profile: someone waits in the hosts' queue. */
export function devHostWait(api: ApiClient) {
  return api.call(DevHostWaitSchema, "/api/dev/host_wait.php", { method: "POST", body: {} });
}
