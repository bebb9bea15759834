/** The member's decisions and appeals (designed, docs/api.md, ADR 030): decisions.php, appeal.php. */
import type { AppealBody } from "../../../contract/requests/appeals";
import { AppealFiledSchema, DecisionsAnswerSchema } from "../../../contract/schemas";
import type { ApiClient } from "./client.server";

export function fetchDecisions(api: ApiClient) {
  return api.call(DecisionsAnswerSchema, "/api/decisions.php");
}

export function sendAppeal(api: ApiClient, body: AppealBody) {
  return api.call(AppealFiledSchema, "/api/appeal.php", { method: "POST", body });
}
