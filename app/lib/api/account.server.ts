/**
 * Account calls (designed, docs/api.md): password reset and change, photo delete and main photo,
 * email change, push off and the kinds of push, account deletion and the data export.
 */
import type { AccountRescueBody } from "../../../contract/requests/account-rescue";
import type { MailChangeBody, MailChangeConfirmBody } from "../../../contract/requests/mail-change";
import type { PasswordChangeBody, PasswordResetBody, PasswordResetRequestBody } from "../../../contract/requests/password";
import type { PhotoDeleteBody, PhotoMainBody } from "../../../contract/requests/photos";
import type { AccountDeleteBody, PushSettingsBody } from "../../../contract/requests/user";
import type { ApiClient } from "./client.server";
import {
  AccountDeletedSchema,
  AccountRescuedSchema,
  AccountRescueTokenSchema,
  DataExportSchema,
  ImagesAnswerSchema,
  MailChangedSchema,
  MailChangeSentSchema,
  MailChangeTokenSchema,
  MainImageAnswerSchema,
  PasswordChangedSchema,
  PasswordResetSentSchema,
  PasswordResetTokenSchema,
  PushSettingsSchema,
  PushOffSchema,
  UserAnswerSchema,
} from "../../../contract/schemas";

export function requestPasswordReset(api: ApiClient, email: string) {
  const body: PasswordResetRequestBody = { email };
  return api.call(PasswordResetSentSchema, "/api/password_reset.php", { method: "POST", body });
}

export function checkResetToken(api: ApiClient, token: string) {
  return api.call(PasswordResetTokenSchema, "/api/password_reset.php", { query: { token } });
}

export function resetPassword(api: ApiClient, token: string, password: string) {
  const body: PasswordResetBody = { token, password };
  return api.call(UserAnswerSchema, "/api/password_reset.php", { method: "POST", query: { do: "1" }, body });
}

export function deletePhoto(api: ApiClient, id: number) {
  const body: PhotoDeleteBody = { id };
  return api.call(ImagesAnswerSchema, "/api/profileimage.php", { method: "DELETE", body });
}

export function setMainPhoto(api: ApiClient, id: number) {
  const body: PhotoMainBody = { id, main: true };
  return api.call(MainImageAnswerSchema, "/api/profileimage.php", { method: "PUT", body });
}

export function changePassword(api: ApiClient, current: string, password: string) {
  const body: PasswordChangeBody = { current, password };
  return api.call(PasswordChangedSchema, "/api/password.php", { method: "PUT", body });
}

export function requestMailChange(api: ApiClient, email: string, password: string) {
  const body: MailChangeBody = { email, password };
  return api.call(MailChangeSentSchema, "/api/mail_change.php", { method: "POST", body });
}

export function checkMailChangeToken(api: ApiClient, token: string) {
  return api.call(MailChangeTokenSchema, "/api/mail_change.php", { query: { token } });
}

export function confirmMailChange(api: ApiClient, token: string) {
  const body: MailChangeConfirmBody = { token };
  return api.call(MailChangedSchema, "/api/mail_change.php", { method: "POST", query: { do: "1" }, body });
}

export function checkRescueToken(api: ApiClient, token: string) {
  return api.call(AccountRescueTokenSchema, "/api/account_rescue.php", { query: { token } });
}

export function rescueAccount(api: ApiClient, token: string) {
  const body: AccountRescueBody = { token };
  return api.call(AccountRescuedSchema, "/api/account_rescue.php", { method: "POST", body });
}

export function turnPushOff(api: ApiClient) {
  return api.call(PushOffSchema, "/api/user.php", { method: "DELETE", query: { push: "1" } });
}

export function pushSettings(api: ApiClient) {
  return api.call(PushSettingsSchema, "/api/push_settings.php");
}

export function savePushSettings(api: ApiClient, body: PushSettingsBody) {
  return api.call(PushSettingsSchema, "/api/push_settings.php", { method: "PUT", body });
}

export function deleteAccount(api: ApiClient, password: string) {
  const body: AccountDeleteBody = { password };
  return api.call(AccountDeletedSchema, "/api/user.php", { method: "DELETE", body });
}

export function exportData(api: ApiClient) {
  return api.call(DataExportSchema, "/api/user_export.php");
}
