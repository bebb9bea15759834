/**
 * Every error code an API answer can carry (`{ error, message, fields? }`, docs/api.md). The
 * API throws only these; the app compares against these, so a misspelt code fails the
 * typecheck. A code this list lacks (another API version, say) reads as "unknown".
 */
export const ERROR_CODES = [
  // Input and the request itself
  "invalid_input",
  "invalid_json",
  "invalid_body",
  "payload_too_large",
  "method_not_allowed",
  "not_found",
  "cross_site",
  "csrf_invalid",
  "upgrade_required",
  "rate_limited",
  // Sites
  "unknown_site",
  "site_misconfigured",
  // Sessions and accounts
  "not_logged_in",
  "invalid_credentials",
  "wrong_password",
  "token_invalid",
  "rescue_email_taken",
  "invalid_email",
  "existing_account_active",
  "deleted_account_exists",
  "same_email",
  "email_change_not_allowed",
  "signup_closed",
  "signup_in_progress",
  // Profiles, photos, search, likes
  "profile_not_found",
  "own_profile",
  "cannot_like_self",
  "search_requires_login",
  "unsupported_image",
  "file_too_large",
  "too_many_images",
  // Chat and credits
  "conversation_not_found",
  "recipient_gone",
  "insufficient_credits",
  "key_used",
  // Trust and safety
  "blocked",
  "cannot_block_self",
  "cannot_report_self",
  "subject_not_found",
  // The staff console (ADR 029)
  "staff_login_required",
  "staff_only",
  "totp_required",
  "invalid_code",
  "already_decided",
  "other_site_member",
  "not_banned",
  "already_banned",
  "staff_role",
  // The hosts' workplace (ADR 045)
  "not_waiting",
  "claimed_by_other",
  "too_many_held",
  "member_banned",
  "member_deleted",
  "notes_changed",
  // The operator's console: sites (ADR 047)
  "settings_changed",
  "host_taken",
  // Bans and appeals (ADR 030)
  "account_banned",
  "decision_not_found",
  "not_appealable",
  "appeal_closed",
  "appeal_exists",
  // One ban per person across the operator's sites (docs/decisions/040)
  "address_banned",
  "photo_banned",
  "email_not_confirmed",
  // Commerce
  "unknown_package",
  "payment_method_unavailable",
  "price_changed",
  "payment_unavailable",
  "order_not_found",
  "order_in_progress",
  "discount_not_found",
  "discount_expired",
  "discount_used",
  "discount_reserved",
  "discount_not_applicable",
  "no_discount",
  "not_withdrawable",
  "withdrawal_period_over",
  "premium_active",
  // Partners
  "no_partner",
  // The API failed; the app shows its error page
  "internal",
  "unknown",
  // Orders in the staff console (ADR 048)
  "order_not_refundable",
  "order_already_refunded",
  "order_already_charged_back",
  // Postbacks in the staff console (ADR 050)
  "postback_no_template",
  // Safety between members (issue 30, ADR 053): a first message with contact details
  "contact_details_refused",
  // Limits that scale with trust (issue 30 point 3, ADR 056): new conversations a day, throwaway addresses
  "new_conversations_limit",
  "email_disposable",
  // Nudges (issue 30 point 4, ADR 057): a message with an offensive word, sent without "Send anyway"
  "message_needs_confirm",
  // Trusted reporters (issue 30 point 5, ADR 058): new conversations paused until a moderator decides
  "new_conversations_paused",
  // Photo verification (issue 30 point 1, ADR 059): a request needs a main photo; a selfie needs the
  // open request's pose; a member who takes first messages from verified members only
  "verification_needs_photo",
  "verification_pose_mismatch",
  "verified_writers_only",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && (ERROR_CODES as readonly string[]).includes(value);
}
