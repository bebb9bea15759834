/**
 * Limits that scale with trust (issue 30 point 3; docs/product.md "Limits that scale with trust",
 * docs/decisions/056): how many new conversations a member may start in a day. Pure, so the API
 * and the tests share it.
 */

/** The site setting's default for members who are not verified, and for verified members. */
export const NEW_CONVERSATIONS_DEFAULT = 30;
export const NEW_CONVERSATIONS_VERIFIED_DEFAULT = 60;
/** The most an operator may set: beyond it the limit stops limiting anything a person could do by hand. */
export const NEW_CONVERSATIONS_MAX = 1000;

/** A day of the limit: UTC days, the same for every member (ADR 056). */
export const LIMIT_DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The member's limit today: the site's number (the verified one for a verified member), halved for
 * each upheld report against the member, rounded down, and never below one a day: a member whom
 * staff did not ban may still start one conversation; a ban is the tool that stops them.
 */
export function newConversationsPerDay(
  settings: { new_conversations_per_day: number; new_conversations_per_day_verified: number },
  facts: { verified: boolean; upheldReports: number },
): number {
  const base = facts.verified ? settings.new_conversations_per_day_verified : settings.new_conversations_per_day;
  // 2^31 and more halvings all end at the floor; the shift would wrap.
  const halvings = Math.min(Math.max(0, Math.floor(facts.upheldReports)), 30);
  return Math.max(1, Math.floor(base / 2 ** halvings));
}
