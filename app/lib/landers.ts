/**
 * Affiliate landers (docs/product.md §11, docs/decisions/022): the eight types and their slugs.
 * A slug is `[prefix-]locale`: the site's niche prefix (spec §9: niches 1 to 7 → none, she, bdsm,
 * bbw, gilf, milf, gay) and the page's language (`eng` for English, else the locale code), e.g.
 * `/landers/gallery/eng`, `/landers/video/gilf-nl`. Shared by the i18n detection (the slug sets
 * the page's language) and the lander loaders.
 */
import { isLocale, LOCALES, type Locale } from "../../contract/locales";

export const LANDER_TYPES = [
  "video",
  "gallery",
  "alonetonight",
  "iconslanding",
  "collagelanding",
  "transitionsvideolanding",
  "maplanding",
  "socialnetwork",
] as const;
export type LanderType = (typeof LANDER_TYPES)[number];

export function isLanderType(value: unknown): value is LanderType {
  return typeof value === "string" && (LANDER_TYPES as readonly string[]).includes(value);
}

/** Index = niche − 1; niche 1 has no prefix. */
export const NICHE_PREFIXES = ["", "she", "bdsm", "bbw", "gilf", "milf", "gay"] as const;

/** Three-letter spellings a link may carry (ISO 639-2/B and /T): they redirect to the canonical code. */
const LOCALE_ALIASES: Record<string, Locale> = {
  en: "en",
  eng: "en",
  nld: "nl",
  dut: "nl",
  deu: "de",
  ger: "de",
  ita: "it",
  fra: "fr",
  fre: "fr",
  spa: "es",
  pol: "pl",
  ...Object.fromEntries(LOCALES.map((locale) => [locale, locale])),
};

export function slugLocale(locale: Locale): string {
  return locale === "en" ? "eng" : locale;
}

export function nichePrefix(niche: number): string {
  return NICHE_PREFIXES[niche - 1] ?? "";
}

/** The canonical slug of a site's niche in a language. */
export function canonicalSlug(niche: number, locale: Locale): string {
  const prefix = nichePrefix(niche);
  return prefix ? `${prefix}-${slugLocale(locale)}` : slugLocale(locale);
}

/**
 * What a slug says: its prefix (maybe another niche's) and its language, or null for junk. The
 * slug is one path segment, case-insensitive; `en` and the three-letter codes are understood
 * (and redirected to the canonical spelling by the loader).
 */
export function parseSlug(slug: string): { prefix: string; locale: Locale } | null {
  const parts = slug.toLowerCase().split("-");
  if (parts.length > 2) return null;
  const [first = "", second] = parts;
  const prefix = second === undefined ? "" : first;
  const code = second ?? first;
  if (prefix && !(NICHE_PREFIXES as readonly string[]).includes(prefix)) return null;
  const locale = Object.hasOwn(LOCALE_ALIASES, code) ? LOCALE_ALIASES[code] : undefined;
  return locale && isLocale(locale) ? { prefix, locale } : null;
}

/**
 * The language a lander's path asks for (i18n detection runs before any loader): the slug of
 * `/landers/:type/:slug` and of the member landers `/members/:id/landing2|landing3/:slug`.
 */
export function landerPathLocale(pathname: string): Locale | null {
  const match = /^\/(?:landers\/[a-z]+|members\/\d+\/landing[23])\/([^/]+)\/?$/.exec(pathname);
  const slug = match?.[1];
  if (!slug) return null;
  return parseSlug(decodeURIComponentSafe(slug))?.locale ?? null;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * "Say hi to Hannah", "Like" and a map pin on a lander lead to its form with the member in the
 * address (`?member=12#join`, the rest of the query kept: tracking values may be there), and the
 * form posts to that address: after sign-up the new member continues to that member's page, as
 * from a member lander (docs/product.md §11.3). Only a positive whole number counts.
 */
export const LANDER_MEMBER_PARAM = "member";

export function landerMember(search: URLSearchParams): number | null {
  return memberIdOf(search.get(LANDER_MEMBER_PARAM));
}

/** A member's id as an address carries it, or null. */
export function memberIdOf(value: string | null | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

/** The address of the lander's form for one member: this page's query with `member` set, then #join. */
export function landerMemberHref(query: string, id: number): string {
  const search = new URLSearchParams(query);
  search.set(LANDER_MEMBER_PARAM, String(id));
  return `?${search.toString()}#join`;
}
