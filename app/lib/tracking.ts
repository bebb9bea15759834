/**
 * Affiliate tracking (docs/product.md §3, §9). The parameters are taken off the landing URL (the server
 * redirects to the clean URL) and kept for 30 days in a cookie mirrored in local storage.
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
