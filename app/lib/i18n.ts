/** Where the browser fetches the messages of a language, and the language cookie (docs/product.md §7, §9). */

/** Locale cookie: 365 days, SameSite=Lax (docs/product.md §9). */
export const LOCALE_COOKIE = { name: "lng", maxAgeSeconds: 365 * 24 * 60 * 60 } as const;

declare const __I18N_BUILD_ID__: string;
// Set by vite.config.ts; absent when the module runs outside Vite (seed script, API tests).
export const I18N_BUILD_ID = typeof __I18N_BUILD_ID__ === "undefined" ? "dev" : __I18N_BUILD_ID__;

/** Where a page's messages are: the members' catalog, or the staff console's (contract/messages catalogOf). */
export function messagesUrl(locale: string, catalog: "messages" | "staff" = "messages"): string {
  return `/_i18n/${I18N_BUILD_ID}/${locale}/${catalog}.json`;
}
