/**
 * Cookies the app itself sets: the one-shot toast shown after a redirect, and the affiliate
 * tracking values (docs/product.md §9: 30 days, mirrored in local storage by the browser).
 */
import * as v from "valibot";
import { safeRedirect } from "./redirect";
import { TOAST_KEYS, type Toast } from "./toast";
import { CONSENT_COOKIE, type ConsentChoice, TRACKING_COOKIE, type Tracking } from "./tracking";

/** The name=value pairs of a Cookie header, values as sent. */
export function parseCookies(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name) cookies.set(name, value.join("="));
  }
  return cookies;
}

export function readCookie(request: Request, name: string): string | undefined {
  const value = parseCookies(request.headers.get("cookie")).get(name);
  if (value === undefined) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    // A mangled value (a bad % escape) counts as none, not as a server error.
    return undefined;
  }
}

function serialize(name: string, value: string, options: { maxAge: number; httpOnly: boolean; secure: boolean }) {
  return [
    `${name}=${encodeURIComponent(value)}`,
    "Path=/",
    `Max-Age=${options.maxAge}`,
    "SameSite=Lax",
    options.httpOnly ? "HttpOnly" : "",
    options.secure ? "Secure" : "",
  ]
    .filter(Boolean)
    .join("; ");
}

const isHttps = (request: Request) => new URL(request.url).protocol === "https:";

const ToastSchema = v.object({
  key: v.picklist(TOAST_KEYS),
  values: v.optional(v.record(v.string(), v.string())),
});

export function toastCookie(request: Request, toast: Toast): string {
  return serialize("toast", JSON.stringify(toast), { maxAge: 60, httpOnly: true, secure: isHttps(request) });
}

/** The toast a redirect left, if any, plus the header that clears it. */
export function takeToast(request: Request): { toast: Toast | null; clear: string | null } {
  const raw = readCookie(request, "toast");
  if (raw === undefined) return { toast: null, clear: null };
  const clear = serialize("toast", "", { maxAge: 0, httpOnly: true, secure: isHttps(request) });
  try {
    const parsed = v.safeParse(ToastSchema, JSON.parse(raw));
    return { toast: parsed.success ? parsed.output : null, clear };
  } catch {
    return { toast: null, clear };
  }
}

export function trackingCookie(request: Request, tracking: Tracking): string {
  // Readable by the page's script, which mirrors it into local storage.
  return serialize(TRACKING_COOKIE.name, JSON.stringify(tracking), {
    maxAge: TRACKING_COOKIE.maxAgeSeconds,
    httpOnly: false,
    secure: isHttps(request),
  });
}

export function clearTrackingCookie(request: Request): string {
  return serialize(TRACKING_COOKIE.name, "", { maxAge: 0, httpOnly: false, secure: isHttps(request) });
}

/** The visitor's consent choice (lib/tracking.ts): readable by the script that mirrors tracking. */
export function consentCookie(request: Request, choice: ConsentChoice): string {
  return serialize(CONSENT_COOKIE.name, choice, {
    maxAge: CONSENT_COOKIE.maxAgeSeconds,
    httpOnly: false,
    secure: isHttps(request),
  });
}

const AFTER_SIGNUP = "after_signup";

/**
 * Where a visitor was going when asked to sign up first (a chat with a member, say): kept for a
 * day, so the end of sign-up (step 7, the activation page) can lead back there.
 */
export function afterSignupCookie(request: Request, path: string): string {
  return serialize(AFTER_SIGNUP, path, { maxAge: 24 * 60 * 60, httpOnly: true, secure: isHttps(request) });
}

/** Forgets that place (a visitor who logged in instead has been led back there). */
export function clearAfterSignupCookie(request: Request): string {
  return serialize(AFTER_SIGNUP, "", { maxAge: 0, httpOnly: true, secure: isHttps(request) });
}

/** The place sign-up should lead back to, if one was kept; only ever a path of this site. */
export function afterSignup(request: Request): string | null {
  return signupTarget(readCookie(request, AFTER_SIGNUP));
}

/** A place sign-up may lead back to: a path of this site, not sign-up, login or logout (no loops). */
export function signupTarget(target: string | null | undefined): string | null {
  const path = safeRedirect(target, "");
  return path === "" || /^\/(signup|login|logout|activate)(\/|\?|#|$)/.test(path) ? null : path;
}

/**
 * The spec's "skipped site entry warning" flag (docs/product.md §2.5, docs/decisions/024): the
 * visitor has said they are 18 or older and know what the site is about. Strictly necessary
 * (it only keeps the notice away); a year; no script reads it.
 */
export const ENTRY_WARNING_COOKIE = { name: "skipped_entry_warning", maxAgeSeconds: 365 * 24 * 60 * 60 } as const;

/** Sets the flag (accepted) or deletes it (the development panel's button). */
export function entryWarningCookie(request: Request, accepted: boolean): string {
  return serialize(ENTRY_WARNING_COOKIE.name, accepted ? "1" : "", {
    maxAge: accepted ? ENTRY_WARNING_COOKIE.maxAgeSeconds : 0,
    httpOnly: true,
    secure: isHttps(request),
  });
}
