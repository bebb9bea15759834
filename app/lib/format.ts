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

/**
 * The member's time zone if the browser's runtime knows it, else UTC. The zone comes from the
 * member's browser at sign-up; the server and the browser format with the same zone, so their
 * HTML agrees.
 */
export function safeTimeZone(zone: string | null | undefined): string {
  if (!zone) return "UTC";
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return zone;
  } catch {
    return "UTC";
  }
}
