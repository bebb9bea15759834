import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { i18nextResources as resources, messages } from "../../contract/messages";
import { LOCALES } from "../../contract/locales";
import { createTranslator, type MessageTree } from "../../contract/translator";

function leaves(tree: MessageTree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : leaves(value, `${prefix}${key}.`),
  );
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const englishKeys = leaves(messages.en);

describe("translations", () => {
  it.each(LOCALES)("%s has every message English has, with the same placeholders", (locale) => {
    const tree: MessageTree = messages[locale];
    const keys = new Set(leaves(tree));
    const translator = createTranslator(locale, tree);
    for (const key of englishKeys) {
      const base = key.replace(PLURAL, "");
      if (PLURAL.test(key)) {
        expect(keys.has(`${base}_other`), `${locale}: ${base}_other`).toBe(true);
        continue;
      }
      expect(keys.has(key), `${locale}: ${key}`).toBe(true);
      const english = createTranslator("en", messages.en);
      const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      if (!english.has(key)) throw new Error(`not a message key: ${key}`);
      expect(placeholders(translator.t(key)), `${locale}: ${key}`).toEqual(placeholders(english.t(key)));
    }
  });

  it.each(LOCALES)("%s formats exactly as i18next does", async (locale) => {
    const instance = i18next.createInstance();
    await instance.init({ lng: locale, resources, interpolation: { escapeValue: false } });
    const ours = createTranslator(locale, messages[locale]);
    const values = {
      site: "Amora",
      name: "Anna",
      path: "/x",
      status: 404,
      minutes: 3,
      max: 150,
      year: 2026,
      company: "C",
      email: "e@x",
      id: "r1",
      formatted: "1,234",
      language: "Dutch",
      number: 2,
      icon: "✦",
      plural: "hosts",
    };
    for (const key of new Set(englishKeys.map((k) => k.replace(PLURAL, "")))) {
      if (!ours.has(key)) throw new Error(`not a message key: ${key}`);
      for (const count of [undefined, 0, 1, 2, 5, 22]) {
        const options = count === undefined ? values : { ...values, count };
        expect(ours.t(key, options), `${locale} ${key} ${count}`).toBe(instance.t(key, options));
      }
    }
  });

  it("answers the key itself for a missing message, like i18next", () => {
    const translator = createTranslator("en", {});
    expect(translator.t("nav.login")).toBe("nav.login");
    expect(translator.has("nav.login")).toBe(false);
    expect(createTranslator("en", messages.en).has("nav.login")).toBe(true);
  });
});
