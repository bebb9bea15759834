/**
 * The translator itself, with no React: components use it through i18n-react.tsx, the API
 * worker (mail, field labels) directly. It formats exactly as i18next does for what our messages
 * use ({{value}} interpolation, nested keys, plurals); a unit test compares them key by key.
 */
import type en from "./messages/en.json";
import type { Locale } from "./locales";

type Leaves<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
type WithoutPlural<K> = K extends `${infer Base}_${"zero" | "one" | "two" | "few" | "many" | "other"}` ? Base : K;

export type MessageKey = WithoutPlural<Leaves<typeof en>>;
export type MessageTree = { [key: string]: string | MessageTree };
export type Values = Record<string, string | number>;

export interface Translator {
  locale: Locale;
  t: (key: MessageKey, values?: Values) => string;
  /** Whether a key (from the server, say) names a message: narrows it for t(). */
  has: (key: string) => key is MessageKey;
}

function lookup(messages: MessageTree, key: string): string | undefined {
  let node: string | MessageTree | undefined = messages;
  for (const part of key.split(".")) {
    if (typeof node !== "object") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

export function createTranslator(locale: Locale, messages: MessageTree): Translator {
  const plurals = new Intl.PluralRules(locale);
  const find = (key: string, values?: Values) => {
    if (typeof values?.count === "number") {
      return lookup(messages, `${key}_${plurals.select(values.count)}`) ?? lookup(messages, key);
    }
    return lookup(messages, key);
  };
  return {
    locale,
    t: (key, values) => {
      const template = find(key, values);
      if (template === undefined) return key;
      return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
        values && name in values ? String(values[name]) : match,
      );
    },
    has: (key): key is MessageKey => find(key, { count: 1 }) !== undefined || find(key, { count: 2 }) !== undefined,
  };
}
