/** Account calls (designed, docs/api.md): password reset request, token check, new password. */
import type { ApiClient } from "./client.server";
import { PasswordResetSentSchema, PasswordResetTokenSchema, UserAnswerSchema } from "./schemas";

export function requestPasswordReset(api: ApiClient, email: string) {
  return api.call(PasswordResetSentSchema, "/api/password_reset.php", { method: "POST", body: { email } });
}

export function checkResetToken(api: ApiClient, token: string) {
  return api.call(PasswordResetTokenSchema, "/api/password_reset.php", { query: { token } });
}

export function resetPassword(api: ApiClient, token: string, password: string) {
  return api.call(UserAnswerSchema, "/api/password_reset.php", { method: "POST", query: { do: "1" }, body: { token, password } });
}
