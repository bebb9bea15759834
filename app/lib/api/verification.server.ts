/**
 * Photo verification's calls (docs/api.md "Photo verification", ADR 059): the member's
 * GET/POST/PUT /api/verification.php and POST /api/verification-selfie.php; the staff's
 * /api/staff/verifications.php, /api/staff/verification.php and the selfie itself.
 */
import {
  StaffVerificationDecidedSchema,
  StaffVerificationsAnswerSchema,
  VerificationAnswerSchema,
  type VerificationRefusal,
} from "../../../contract/verification";
import type { ApiClient } from "./client.server";

export function fetchVerification(api: ApiClient) {
  return api.call(VerificationAnswerSchema, "/api/verification.php");
}

export function askForVerification(api: ApiClient) {
  return api.call(VerificationAnswerSchema, "/api/verification.php", { method: "POST", body: {} });
}

export function saveVerifiedWritersOnly(api: ApiClient, on: boolean) {
  return api.call(VerificationAnswerSchema, "/api/verification.php", { method: "PUT", body: { verified_writers_only: on } });
}

export function sendSelfie(api: ApiClient, file: File, pose: string) {
  const formData = new FormData();
  formData.set("file", file);
  formData.set("pose", pose);
  return api.call(VerificationAnswerSchema, "/api/verification-selfie.php", { method: "POST", formData });
}

export function fetchPendingVerifications(api: ApiClient) {
  return api.call(StaffVerificationsAnswerSchema, "/api/staff/verifications.php");
}

export function decideVerification(
  api: ApiClient,
  decision: { id: number; action: "approve" | "refuse"; reason?: VerificationRefusal; note?: string },
) {
  return api.call(StaffVerificationDecidedSchema, "/api/staff/verification.php", { method: "POST", body: decision });
}
