/**
 * The edge's answer to a domain refusal (domain/errors.ts): the HTTP status of each code, the
 * body the same as every API error's (`{ error, message, ...details }`, lib/errors.ts).
 */
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { DomainError, DomainErrorCode } from "../domain/errors";
import { ApiError } from "./errors";

export const DOMAIN_ERROR_STATUS = {
  invalid_input: 422,
  unknown_package: 422,
  payment_method_unavailable: 422,
  discount_not_applicable: 422,
  discount_not_found: 404,
  discount_expired: 410,
  price_changed: 409,
  order_in_progress: 409,
  premium_active: 409,
  discount_used: 409,
  discount_reserved: 409,
  not_withdrawable: 409,
  withdrawal_period_over: 409,
  payment_unavailable: 503,
  order_not_refundable: 409,
  order_already_refunded: 409,
  order_already_charged_back: 409,
  contact_details_refused: 422,
  new_conversations_limit: 429,
  message_needs_confirm: 422,
  new_conversations_paused: 403,
  verification_needs_photo: 422,
  verification_pose_mismatch: 409,
  verified_writers_only: 403,
} as const satisfies Record<DomainErrorCode, ContentfulStatusCode>;

export function apiErrorOf(error: DomainError): ApiError {
  return new ApiError(DOMAIN_ERROR_STATUS[error.code], error.code, error.message, error.details);
}
