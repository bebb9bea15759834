/** The session calls: GET /api/user.php, POST /api/login.php, GET /api/logout.php. */
import type { LoginBody } from "../../../contract/requests/session";
import type { ApiClient } from "./client.server";
import { LogoutAnswerSchema, UserAnswerSchema, type User } from "../../../contract/schemas";

/** The logged-in member, or null (the API answers 403 for visitors: docs/product.md §8). */
export async function fetchUser(api: ApiClient): Promise<User | null> {
  if (!api.cookie("sid")) return null; // no session cookie: no need to ask
  const result = await api.call(UserAnswerSchema, "/api/user.php");
  return result.ok ? result.data.user : null;
}

export function login(api: ApiClient, credentials: LoginBody) {
  return api.call(UserAnswerSchema, "/api/login.php", { method: "POST", body: credentials });
}

export function logout(api: ApiClient) {
  return api.call(LogoutAnswerSchema, "/api/logout.php");
}
