/**
 * Translations in components, on the server and in the browser. The server detects the
 * language with remix-i18next; components read messages through this small translator, which
 * formats exactly as i18next does for what our messages use ({{value}} interpolation, nested
 * keys, _one/_other plurals: a unit test compares them key by key) while adding about 1 KB to
 * the browser instead of i18next's 28 KB (see docs/decisions/004-translations-in-the-browser.md).
 */
import { createContext, useContext, useMemo, type ReactNode } from "react";
import { DEFAULT_LOCALE, type Locale } from "../../contract/locales";
import { createTranslator, type MessageTree, type Translator } from "../../contract/translator";

const TranslatorContext = createContext<Translator>(createTranslator(DEFAULT_LOCALE, {}));

export function TranslationProvider({
  locale,
  messages,
  children,
}: {
  locale: Locale;
  messages: MessageTree;
  children: ReactNode;
}) {
  const translator = useMemo(() => createTranslator(locale, messages), [locale, messages]);
  return <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>;
}

export function useTranslation(): Translator {
  return useContext(TranslatorContext);
}
