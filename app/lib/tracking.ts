/**
 * Affiliate tracking (docs/product.md §3, §9, §12.3; ADR 034). Keeping the partner in the browser
 * is not strictly necessary, so it waits for the visitor's consent (the `consent` cookie):
 * - given: the parameters are taken off the landing URL (the server redirects to the clean URL)
 *   and kept for 30 days in a cookie mirrored in local storage;
 * - not given (yet): nothing is stored; the parameters stay in the landing page's address, and
 *   a sign-up posted from that page carries them (its form posts to the same address).
 */
import { safeRedirect } from "./redirect";

export const TRACKING_PARAMS = [
  "network",
  "ref",
  "sub",
  "sub1",
  "sub2",
  "sub3",
  "aff_sub",
  "aff_sub1",
  "aff_sub2",
  "aff_sub3",
  "cpc",
] as const;

export type Tracking = Partial<Record<(typeof TRACKING_PARAMS)[number], string>>;

export const TRACKING_COOKIE = { name: "tracking", maxAgeSeconds: 2_592_000 } as const;

/**
 * The visitor's answer to "may we remember the partner who sent you?": "partners" (yes) or
 * "none" (no). Itself strictly necessary (it records the choice). Readable by the page's script,
 * which must not restore a tracking copy from local storage without it. 180 days, then we ask again.
 */
export const CONSENT_COOKIE = { name: "consent", maxAgeSeconds: 180 * 24 * 60 * 60 } as const;
export const CONSENT_CHOICES = ["partners", "none"] as const;
export type ConsentChoice = (typeof CONSENT_CHOICES)[number];

export function parseConsent(raw: string | undefined | null): ConsentChoice | null {
  return CONSENT_CHOICES.find((choice) => choice === raw) ?? null;
}

const MAX_VALUE_LENGTH = 200;

/**
 * The tracking values in a URL and the URL without them, or null when it has none.
 * A new landing replaces the stored values only for the parameters it carries.
 */
export function extractTracking(url: URL, stored: Tracking): { tracking: Tracking; cleanUrl: string } | null {
  const found = TRACKING_PARAMS.filter((name) => url.searchParams.has(name));
  if (found.length === 0) return null;
  const tracking: Tracking = { ...stored };
  const clean = new URL(url);
  for (const name of found) {
    const value = url.searchParams.get(name)?.slice(0, MAX_VALUE_LENGTH) ?? "";
    if (value) tracking[name] = value;
    clean.searchParams.delete(name);
  }
  // The redirect stays on this site: a path that normalises into "//other.host" goes home.
  return { tracking, cleanUrl: safeRedirect(clean.pathname + clean.search + clean.hash, "/") };
}

export function parseTracking(raw: string | undefined | null): Tracking {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null) return {};
    const tracking: Tracking = {};
    for (const name of TRACKING_PARAMS) {
      const item = (value as Record<string, unknown>)[name];
      if (typeof item === "string" && item.length <= MAX_VALUE_LENGTH) tracking[name] = item;
    }
    return tracking;
  } catch {
    return {};
  }
}
