/** Translations in the API (mail, profile field labels): the app's messages and translator. */
import type { Context } from "hono";
import { createTranslator, type MessageKey, type Translator } from "../../../contract/translator";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../../contract/locales";
import { messages } from "../../../contract/messages";
import type { ApiContext } from "../context";

/** A translator for `locale` that falls back to English for a key the locale lacks. */
export function translatorFor(locale: Locale): Translator {
  const own = createTranslator(locale, messages[locale]);
  const english = createTranslator(DEFAULT_LOCALE, messages[DEFAULT_LOCALE]);
  return {
    locale,
    t: (key, values) => (own.has(key) ? own.t(key, values) : english.t(key, values)),
    has: (key): key is MessageKey => own.has(key) || english.has(key),
  };
}

/**
 * The language of an answer: `?language=`, else the first supported Accept-Language, else the
 * site's language.
 */
export function requestLocale(c: Context<ApiContext>): Locale {
  const asked = c.req.query("language");
  if (isLocale(asked)) return asked;
  for (const part of (c.req.header("accept-language") ?? "").split(",")) {
    const tag = part.split(";")[0]?.trim().toLowerCase().slice(0, 2);
    if (isLocale(tag)) return tag;
  }
  const site = c.var.site.settings.domain_language;
  return isLocale(site) ? site : DEFAULT_LOCALE;
}
