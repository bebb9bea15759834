/**
 * Everything the product stores in a visitor's browser (issue 15): the ONE list /pages/cookies is
 * generated from, and that tests/e2e/cookies.spec.ts compares with what a real browser session
 * collects. It is in the contract because both workers set cookies (the API the session, the
 * app the rest) and the e2e suite reads it. A new cookie or storage key belongs here first
 * (app/lib/content.test.ts holds the app's own names to it); its purpose is text in the content
 * files (app/content/pages/<locale>.json, cookies.strings["purpose.<name>"]).
 *
 * "Strictly necessary" is the ePrivacy Directive's art. 5(3) exemption: needed for the service
 * the visitor asked for (logging in, the language they chose, the form they are filling in).
 */
import { PUSH_SUPPORT_COOKIE } from "./rules/signup-steps";

export type StorageKind = "cookie" | "localStorage" | "sessionStorage";

export interface StoredItem {
  /** The cookie's or key's name; a name ending in "*" is a prefix (one key per chat). */
  name: string;
  kind: StorageKind;
  /** Who sets it: the API (session), the app's server, or the page's script. */
  setBy: "api" | "server" | "browser";
  /** How long it lives, in seconds; "tab" until the tab closes, "kept" until removed (web storage). */
  duration: number | "tab" | "kept";
  necessary: boolean;
  /** Set only by the developer panel (/_dev), which production sites do not have. */
  developerOnly?: boolean;
}

const DAY = 24 * 60 * 60;

export const STORAGE_INVENTORY: readonly StoredItem[] = [
  // The API's session cookie (workers/api/lib/sessions.ts, SESSION_TTL_SECONDS: 30 days).
  { name: "sid", kind: "cookie", setBy: "api", duration: 30 * DAY, necessary: true },
  { name: "lng", kind: "cookie", setBy: "server", duration: 365 * DAY, necessary: true },
  { name: "toast", kind: "cookie", setBy: "server", duration: 60, necessary: true },
  { name: "after_signup", kind: "cookie", setBy: "server", duration: DAY, necessary: true },
  // The 18+ site-entry warning was accepted (app/lib/cookies.server.ts; sites with entry_warning only).
  { name: "skipped_entry_warning", kind: "cookie", setBy: "server", duration: 365 * DAY, necessary: true },
  { name: PUSH_SUPPORT_COOKIE, kind: "cookie", setBy: "browser", duration: 365 * DAY, necessary: true },
  // Which affiliate partner sent the visitor: the partner is paid for a sign-up. Not needed for
  // the service the visitor asked for, so not strictly necessary (docs/product.md "Cookies").
  { name: "tracking", kind: "cookie", setBy: "server", duration: 30 * DAY, necessary: false },
  // The visitor's answer to the partner question (app/lib/tracking.ts CONSENT_COOKIE, ADR 034).
  { name: "consent", kind: "cookie", setBy: "server", duration: 180 * DAY, necessary: true },
  { name: "design", kind: "cookie", setBy: "server", duration: 30 * DAY, necessary: true, developerOnly: true },
  { name: "tracking", kind: "localStorage", setBy: "browser", duration: "kept", necessary: false },
  { name: "geolocation_geocode", kind: "localStorage", setBy: "browser", duration: "kept", necessary: true },
  { name: "install-offer-dismissed-at", kind: "localStorage", setBy: "browser", duration: "kept", necessary: true },
  { name: "chat-draft:*", kind: "localStorage", setBy: "browser", duration: "kept", necessary: true },
  // "No" to "Does this bother you?" under a received message (ADR 057): one key per message.
  { name: "nudge-dismissed:*", kind: "localStorage", setBy: "browser", duration: "kept", necessary: true },
  { name: "app-reloaded-at", kind: "sessionStorage", setBy: "browser", duration: "tab", necessary: true },
  { name: "app-typed-text", kind: "sessionStorage", setBy: "browser", duration: "tab", necessary: true },
  // React Router's <ScrollRestoration> (app/root.tsx): where each page was scrolled to.
  { name: "react-router-scroll-positions", kind: "sessionStorage", setBy: "browser", duration: "tab", necessary: true },
];

/** Whether a stored name is one the list names (a "prefix*" entry covers every name it starts). */
export function listedItem(kind: StorageKind, name: string): StoredItem | undefined {
  return STORAGE_INVENTORY.find(
    (item) => item.kind === kind && (item.name.endsWith("*") ? name.startsWith(item.name.slice(0, -1)) : item.name === name),
  );
}

/** The duration in the largest whole unit Intl can say ("30 days", "1 year", "1 minute"). */
export function durationParts(seconds: number): { value: number; unit: "second" | "minute" | "hour" | "day" | "year" } {
  if (seconds % (365 * DAY) === 0) return { value: seconds / (365 * DAY), unit: "year" };
  if (seconds % DAY === 0) return { value: seconds / DAY, unit: "day" };
  if (seconds % 3600 === 0) return { value: seconds / 3600, unit: "hour" };
  if (seconds % 60 === 0) return { value: seconds / 60, unit: "minute" };
  return { value: seconds, unit: "second" };
}
