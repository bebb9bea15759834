/** Interface languages (spec §1) and where the browser fetches their messages (spec §7). */
export const LOCALES = ["en", "nl", "de", "it", "fr", "es", "pl"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Locale cookie: 365 days, SameSite=Lax (spec §9). */
export const LOCALE_COOKIE = { name: "lng", maxAgeSeconds: 365 * 24 * 60 * 60 } as const;

declare const __I18N_BUILD_ID__: string;
// Set by vite.config.ts; absent when the module runs outside Vite (seed script, API tests).
export const I18N_BUILD_ID = typeof __I18N_BUILD_ID__ === "undefined" ? "dev" : __I18N_BUILD_ID__;

export function messagesUrl(locale: string): string {
  return `/_i18n/${I18N_BUILD_ID}/${locale}/messages.json`;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}
