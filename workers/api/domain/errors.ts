/**
 * What the domain refuses (docs/architecture.md §3 rule 7: the API throws only the codes in
 * contract/errors.ts). The rules know why they refuse, not how HTTP says it: the edge answers each
 * code with its status (lib/domain-error-status.ts, used by index.ts's error handler).
 */
import type { ErrorCode } from "../../../contract/errors";

/** Every code a rule refuses with; each has one HTTP status at the edge. */
export const DOMAIN_ERROR_CODES = [
  "invalid_input",
  "unknown_package",
  "payment_method_unavailable",
  "price_changed",
  "payment_unavailable",
  "order_in_progress",
  "premium_active",
  "discount_not_found",
  "discount_expired",
  "discount_used",
  "discount_reserved",
  "discount_not_applicable",
  "not_withdrawable",
  "withdrawal_period_over",
  "order_not_refundable",
  "order_already_refunded",
  "order_already_charged_back",
  "contact_details_refused",
  "new_conversations_limit",
  "message_needs_confirm",
  "new_conversations_paused",
  "verification_needs_photo",
  "verification_pose_mismatch",
  "verified_writers_only",
] as const satisfies readonly ErrorCode[];

export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

/** What the answer carries besides the code and message: the form field at fault, the order holding a code. */
export interface DomainErrorDetails {
  fields?: Record<string, string>;
  order_id?: string;
  /** new_conversations_limit: seconds until new conversations may start again, and the member's limit a day. */
  retry_after?: number;
  limit?: number;
}

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details: DomainErrorDetails = {},
  ) {
    super(message);
    this.name = "DomainError";
  }
}
