/** Account calls (designed, docs/api.md): password reset and change, photo delete and main photo. */
import type { ApiClient } from "./client.server";
import {
  ImagesAnswerSchema,
  MainImageAnswerSchema,
  PasswordChangedSchema,
  PasswordResetSentSchema,
  PasswordResetTokenSchema,
  UserAnswerSchema,
} from "./schemas";

export function requestPasswordReset(api: ApiClient, email: string) {
  return api.call(PasswordResetSentSchema, "/api/password_reset.php", { method: "POST", body: { email } });
}

export function checkResetToken(api: ApiClient, token: string) {
  return api.call(PasswordResetTokenSchema, "/api/password_reset.php", { query: { token } });
}

export function resetPassword(api: ApiClient, token: string, password: string) {
  return api.call(UserAnswerSchema, "/api/password_reset.php", { method: "POST", query: { do: "1" }, body: { token, password } });
}

export function deletePhoto(api: ApiClient, id: number) {
  return api.call(ImagesAnswerSchema, "/api/profileimage.php", { method: "DELETE", body: { id } });
}

export function setMainPhoto(api: ApiClient, id: number) {
  return api.call(MainImageAnswerSchema, "/api/profileimage.php", { method: "PUT", body: { id, main: true } });
}

export function changePassword(api: ApiClient, current: string, password: string) {
  return api.call(PasswordChangedSchema, "/api/password.php", { method: "PUT", body: { current, password } });
}
