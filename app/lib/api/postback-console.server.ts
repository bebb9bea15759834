/** Postbacks in the staff console (docs/api.md "Postbacks in the console", ADR 050): admins only. */
import { PostbackConsoleAnswerSchema, PostbackTestAnswerSchema, type PostbackTestBody } from "../../../contract/postback-console";
import type { ApiClient } from "./client.server";

/** The query's parameters by name (site, network, status, event, before, days); left out: the API's default. */
export function postbackConsole(api: ApiClient, query: Record<string, string>) {
  return api.call(PostbackConsoleAnswerSchema, "/api/staff/postbacks.php", { query });
}

export function postbackTest(api: ApiClient, body: PostbackTestBody) {
  return api.call(PostbackTestAnswerSchema, "/api/staff/postback_test.php", { method: "POST", body });
}
