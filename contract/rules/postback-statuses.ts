/**
 * The states of a conversion postback (docs/decisions/025), without zod: the development page
 * lists them as filters in the browser, where the contract's schemas must not go (budget).
 */
export const POSTBACK_STATUSES = ["queued", "retrying", "sent", "failed", "refused"] as const;
export type PostbackStatus = (typeof POSTBACK_STATUSES)[number];
