/** The activation calls: GET /api/activate.php (docs/product.md §7) and the developer mailbox (designed). */
import type { ApiClient } from "./client.server";
import { ActivationStateSchema, MailboxAnswerSchema } from "../../../contract/schemas";

/** The logged-in member's newest activation mail: { delivered, status, activated }; 403 for visitors. */
export function activationState(api: ApiClient) {
  return api.call(ActivationStateSchema, "/api/activate.php");
}

/** This site's newest outbox mails; 404 unless the API runs with DEV_TOOLS on a loopback host. */
export function mailbox(api: ApiClient) {
  return api.call(MailboxAnswerSchema, "/api/dev/mailbox.php");
}
