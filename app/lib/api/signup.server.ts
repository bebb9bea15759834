/**
 * The sign-up calls: GET /api/csrf.php (designed), GET /api/validate_email.php,
 * POST /api/user.php?new=1, PUT /api/user.php, POST /api/user.php?push=1,
 * POST /api/profileimage.php, GET /api/profile_fields.php, GET /api/interests.php.
 */
import type { Locale } from "../../../contract/locales";
import type { SignupBody, UserUpdateBody } from "../../../contract/requests/user";
import type { ApiClient } from "./client.server";
import {
  CsrfAnswerSchema,
  EmailCheckSchema,
  InterestsAnswerSchema,
  ProfileFieldsAnswerSchema,
  ProfileImageAnswerSchema,
  PushAnswerSchema,
  UserAnswerSchema,
} from "../../../contract/schemas";

export function fetchCsrf(api: ApiClient) {
  return api.call(CsrfAnswerSchema, "/api/csrf.php");
}

export function checkEmail(api: ApiClient, email: string) {
  return api.call(EmailCheckSchema, "/api/validate_email.php", { query: { email } });
}

/** The sign-up payload (docs/product.md §3), as the contract defines it. */
export type SignupPayload = SignupBody;

export function createAccount(api: ApiClient, payload: SignupPayload) {
  return api.call(UserAnswerSchema, "/api/user.php", { method: "POST", query: { new: "1" }, body: payload });
}

/** PUT /api/user.php: location, profile fields, lastSignupStep (see docs/api.md), as the contract defines it. */
export type UserUpdate = UserUpdateBody;

export function updateUser(api: ApiClient, update: UserUpdate) {
  return api.call(UserAnswerSchema, "/api/user.php", { method: "PUT", body: update });
}

export function savePushSubscription(api: ApiClient, subscription: PushSubscriptionJSON | "denied") {
  return api.call(PushAnswerSchema, "/api/user.php", { method: "POST", query: { push: "1" }, body: { subscription } });
}

export function uploadPhoto(api: ApiClient, file: File) {
  const formData = new FormData();
  formData.set("file", file);
  return api.call(ProfileImageAnswerSchema, "/api/profileimage.php", { method: "POST", formData });
}

/** The same for everyone on a site (public answers): kept a minute per isolate (ApiClient.callShared). */
export function fetchProfileFields(api: ApiClient, language: Locale) {
  return api.callShared(ProfileFieldsAnswerSchema, "/api/profile_fields.php", { language });
}

/** The same for everyone on a site (public answers): kept a minute per isolate (ApiClient.callShared). */
export function fetchInterests(api: ApiClient, language: Locale) {
  return api.callShared(InterestsAnswerSchema, "/api/interests.php", { language });
}
