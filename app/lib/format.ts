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
export function resultCount(translator: Pick<Translator, "t" | "locale">, total: number, capped: boolean): string {
  const formatted = new Intl.NumberFormat(translator.locale).format(total);
  return translator.t(capped ? "search.resultsCapped" : "search.results", { count: total, formatted });
}

export { safeTimeZone } from "../../contract/time";
