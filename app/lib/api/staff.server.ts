/** The staff console's calls (docs/api.md "Staff"): the `staff_sid` cookie travels like `sid`. */
import {
  AuditAnswerSchema,
  DecideAnswerSchema,
  QueueAnswerSchema,
  STAFF_COOKIE,
  StaffAppealAnswerSchema,
  StaffAppealDecidedSchema,
  StaffCaseAnswerSchema,
  StaffCodesAnswerSchema,
  StaffMeAnswerSchema,
  StaffLogoutAnswerSchema,
  StaffMemberAnswerSchema,
  StaffPhotoReviewedSchema,
  type StaffAppealBody,
  type StaffDecideBody,
  type StaffLoginBody,
  type StaffTotpBody,
} from "../../../contract/staff";
import type { ApiClient } from "./client.server";

export function staffMe(api: ApiClient) {
  if (!api.cookie(STAFF_COOKIE)) return Promise.resolve(null);
  return api.call(StaffMeAnswerSchema, "/api/staff/me.php");
}

export function staffLogin(api: ApiClient, body: StaffLoginBody) {
  return api.call(StaffMeAnswerSchema, "/api/staff/login.php", { method: "POST", body });
}

export function staffTotp(api: ApiClient, body: StaffTotpBody) {
  return api.call(StaffMeAnswerSchema, "/api/staff/totp.php", { method: "POST", body });
}

export function staffLogout(api: ApiClient) {
  return api.call(StaffLogoutAnswerSchema, "/api/staff/logout.php", { method: "POST", body: {} });
}

export function staffQueue(api: ApiClient) {
  return api.call(QueueAnswerSchema, "/api/staff/queue.php");
}

export function staffCase(api: ApiClient, id: string) {
  return api.call(StaffCaseAnswerSchema, "/api/staff/case.php", { query: { id } });
}

export function staffMember(api: ApiClient, id: string) {
  return api.call(StaffMemberAnswerSchema, "/api/staff/member.php", { query: { id } });
}

export function staffDecide(api: ApiClient, body: StaffDecideBody) {
  return api.call(DecideAnswerSchema, "/api/staff/decide.php", { method: "POST", body });
}

export function staffPhotoReviewed(api: ApiClient, image: number) {
  return api.call(StaffPhotoReviewedSchema, "/api/staff/photo_reviewed.php", { method: "POST", body: { image } });
}

export function staffAppeal(api: ApiClient, id: string) {
  return api.call(StaffAppealAnswerSchema, "/api/staff/appeal.php", { query: { id } });
}

export function staffDecideAppeal(api: ApiClient, body: StaffAppealBody) {
  return api.call(StaffAppealDecidedSchema, "/api/staff/appeal.php", { method: "POST", body });
}

export function staffAudit(api: ApiClient, before?: string) {
  return api.call(AuditAnswerSchema, "/api/staff/audit.php", { query: before ? { before } : {} });
}

export function staffCodes(api: ApiClient) {
  return api.call(StaffCodesAnswerSchema, "/api/dev/staff_codes.php");
}
