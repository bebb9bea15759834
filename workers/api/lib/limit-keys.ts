/**
 * Keys of the rate-limit counters that hold an address (lib/rate-limit.ts). Built here only, with
 * the address normalised as sign-up stores it, so every spelling of one address counts on one
 * counter and deleting the account (db/erase.ts) finds the counters the limiter wrote.
 */
import { normaliseEmail } from "./email";
import type { Limit } from "./rate-limit";

/** Failed logins on an address (endpoints/session.ts). */
export function loginAddressKey(siteId: number, email: string): string {
  return `login:email:${siteId}:${normaliseEmail(email)}`;
}

/** Reset links asked for an address (endpoints/password-reset.ts). */
export function resetAddressKey(siteId: number, email: string): string {
  return `reset:email:${siteId}:${normaliseEmail(email)}`;
}

/**
 * Mails a member sends to a new address (the email change, and sign-up's fix of a mistyped
 * address or its "send the link again"): a few an hour, so the API relays no mail to strangers.
 * One counter for all of them.
 */
export function addressChangeLimit(memberId: number): Limit {
  return { key: `email-change:member:${memberId}`, max: 3, windowMs: 60 * 60 * 1000 };
}

/** Every counter keyed by this address, for erasing it with its account. */
export function addressKeys(siteId: number, email: string): string[] {
  return [loginAddressKey(siteId, email), resetAddressKey(siteId, email)];
}
