/** POST /api/support.php (designed, issue 15): a message to customer service. */
import type { ApiClient } from "./client.server";
import { SupportSentSchema, type SupportBody } from "../../../contract/requests/support";

export function sendSupportMessage(api: ApiClient, body: SupportBody) {
  return api.call(SupportSentSchema, "/api/support.php", { method: "POST", body });
}
