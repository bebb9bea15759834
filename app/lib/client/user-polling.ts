/**
 * User polling's rules (docs/product.md §4, §9): every 60 s, or 5 min when push is subscribed (push tells
 * us sooner), and never during the 1 s after a logout starts. The polling itself runs in
 * member-background.ts, loaded only for members.
 */
export const POLL_INTERVAL_MS = 60_000;
export const POLL_INTERVAL_PUSH_MS = 300_000;
export const LOGGING_OUT_MS = 1_000;

let loggingOutUntil = 0;

/** Called when the logout form is sent. */
export function markLoggingOut(now = Date.now()) {
  loggingOutUntil = now + LOGGING_OUT_MS;
}

export function isLoggingOut(now = Date.now()) {
  return now < loggingOutUntil;
}

export function pollInterval(pushSubscribed: boolean) {
  return pushSubscribed ? POLL_INTERVAL_PUSH_MS : POLL_INTERVAL_MS;
}
