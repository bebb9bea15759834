/** Names and badges that depend on the interface language; Intl does the translating. */
import type { Translator } from "../../contract/translator";

/** One Intl.DisplayNames per locale and type: making one costs far more than asking it (docs/decisions/033-member-page-cost.md). */
const displayNames = new Map<string, Intl.DisplayNames>();

function nameOf(locale: string, type: "region" | "language", code: string): string {
  try {
    const key = `${type}|${locale}`;
    let names = displayNames.get(key);
    if (!names) {
      names = new Intl.DisplayNames([locale], { type });
      displayNames.set(key, names);
    }
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

export function countryName(locale: string, code: string | null): string {
  return code ? nameOf(locale, "region", code) : "";
}

export function languageName(locale: string, code: string): string {
  return nameOf(locale, "language", code);
}

/**
 * The names of the site's countries and of the interface languages, made on the server and sent
 * with the root data (useDisplayNames in lib/root-data.ts): a browser's first Intl.DisplayNames
 * loads its name data, about 10 ms per kind on a fast machine and four times that on a cheap
 * phone, in the middle of hydrating a page of profile cards.
 */
export interface NameTable {
  regions: Record<string, string>;
  languages: Record<string, string>;
}

export function nameTable(locale: string, countries: readonly string[], languages: readonly string[]): NameTable {
  return {
    regions: Object.fromEntries(countries.map((code) => [code, countryName(locale, code)])),
    languages: Object.fromEntries(languages.map((code) => [code, languageName(locale, code)])),
  };
}

/** docs/product.md §9: countries whose members may speak another language than the interface's. */
const MULTILINGUAL_COUNTRIES = ["CA", "BE", "CH", "FI"];

/** docs/product.md §9: the language badge shows when the profile's language differs from the interface's, or for multilingual countries. */
export function showLanguageBadge(profileLanguage: string, interfaceLocale: string, country: string | null): boolean {
  return profileLanguage !== interfaceLocale || (country !== null && MULTILINGUAL_COUNTRIES.includes(country));
}

/**
 * The search's result count: "431 profiles", or "12,000+ profiles" when search.php stopped
 * counting at its cap and more may match (countIsCapped, docs/decisions/031). The number is
 * formatted for the locale; the plural form follows it.
 */
export function resultCount(
  translator: Pick<Translator, "t" | "locale">,
  total: number,
  capped: boolean,
  formatted = countText(translator.locale, total),
): string {
  return translator.t(capped ? "search.resultsCapped" : "search.results", { count: total, formatted });
}

export { safeTimeZone } from "../../contract/time";

/**
 * Intl formatters kept per locale and options: making one costs about a hundred times more than
 * using it, and a list of fifty chats or notices would make one per row on every render (the
 * profile of a member page showed it: docs/decisions/065-member-page-render-cost.md).
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
const FORMATTERS_MAX = 500; // time zones vary per member: bounded, cleared when full

function kept<F extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => F): F {
  let formatter = formatters.get(key);
  if (!formatter) {
    if (formatters.size >= FORMATTERS_MAX) formatters.clear();
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter as F;
}

/** `new Intl.DateTimeFormat(locale, options)`, made once per locale and options. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return kept(`d|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}

/** `new Intl.NumberFormat(locale, options)`, made once per locale and options. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return kept(`n|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}

/**
 * A count as the locale writes it ("12,000", "12.000"). The search's loader formats its count
 * with this on the server: a browser's first Intl.NumberFormat costs about 30 ms of main thread
 * (its locale data), which hydrating /members paid for one number (docs/decisions/033).
 */
export function countText(locale: string, count: number): string {
  return numberFormat(locale).format(count);
}

/** The calendar day of a moment in a time zone, as "YYYY-MM-DD" (en-CA formats so). */
function dayIn(ms: number, timeZone: string): string {
  return dateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone }).format(ms);
}

/**
 * A short "when" for lists, as chat apps show it (issue 29 point 6): "now" (the caller's
 * translation) under a minute, "5 min" within the hour, "14:05" today, "Tue" within the
 * week, "12 Nov" this year, a short date before. All Intl, in the member's time zone.
 */
export function shortWhen(ms: number, now: number, locale: string, timeZone: string, justNow: string): string {
  const ago = now - ms;
  if (ago < 60_000) return justNow;
  if (ago < 60 * 60_000) {
    return numberFormat(locale, { style: "unit", unit: "minute", unitDisplay: "short" }).format(Math.floor(ago / 60_000));
  }
  if (dayIn(ms, timeZone) === dayIn(now, timeZone)) {
    return dateTimeFormat(locale, { timeStyle: "short", timeZone }).format(ms);
  }
  if (ago < 6 * 24 * 60 * 60_000) return dateTimeFormat(locale, { weekday: "short", timeZone }).format(ms);
  const sameYear = new Date(ms).getUTCFullYear() === new Date(now).getUTCFullYear();
  return sameYear
    ? dateTimeFormat(locale, { day: "numeric", month: "short", timeZone }).format(ms)
    : dateTimeFormat(locale, { dateStyle: "short", timeZone }).format(ms);
}
