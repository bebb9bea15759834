import { createCookie } from "react-router";
import { createI18nextMiddleware } from "remix-i18next";
import { i18nextResources as resources } from "../../contract/messages";
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from "../../contract/locales";
import { LOCALE_COOKIE } from "./i18n";
import { landerPathLocale } from "./landers";

export const localeCookie = createCookie(LOCALE_COOKIE.name, {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: LOCALE_COOKIE.maxAgeSeconds,
});

/**
 * Detection: a lander's slug (its language is part of the address: lib/landers.ts), the locale
 * cookie, then Accept-Language, then English (docs/product.md §1: default en-US).
 */
export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...LOCALES],
    fallbackLanguage: DEFAULT_LOCALE,
    cookie: localeCookie,
    order: ["custom", "cookie", "header"],
    findLocale: async ({ request }) => landerPathLocale(new URL(request.url).pathname),
  },
  i18next: { resources, interpolation: { escapeValue: false } },
});

/** The request's interface language, as one of ours (detection only ever picks supported ones). */
export function requestLocale(context: Parameters<typeof getLocale>[0]): Locale {
  const locale = getLocale(context);
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}
