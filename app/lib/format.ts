/** Names and badges that depend on the interface language; Intl does the translating. */

export function countryName(locale: string, code: string | null): string {
  if (!code) return "";
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

export function languageName(locale: string, code: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** docs/product.md §9: countries whose members may speak another language than the interface's. */
const MULTILINGUAL_COUNTRIES = ["CA", "BE", "CH", "FI"];

/** docs/product.md §9: the language badge shows when the profile's language differs from the interface's, or for multilingual countries. */
export function showLanguageBadge(profileLanguage: string, interfaceLocale: string, country: string | null): boolean {
  return profileLanguage !== interfaceLocale || (country !== null && MULTILINGUAL_COUNTRIES.includes(country));
}

export { safeTimeZone } from "../../contract/time";
