/** Interface languages (docs/product.md §1). English is the source of every message. */
export const LOCALES = ["en", "nl", "de", "it", "fr", "es", "pl"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}
