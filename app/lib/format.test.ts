import { describe, expect, it } from "vitest";
import { messages } from "../../contract/messages";
import { LOCALES } from "../../contract/locales";
import { searchCountCap } from "../../contract/rules/search";
import { createTranslator } from "../../contract/translator";
import { countryName, languageName, nameTable, resultCount, safeTimeZone, shortWhen, showLanguageBadge } from "./format";

describe("showLanguageBadge", () => {
  it("shows when the languages differ", () => {
    expect(showLanguageBadge("de", "en", "DE")).toBe(true);
    expect(showLanguageBadge("en", "en", "GB")).toBe(false);
  });

  it.each(["CA", "BE", "CH", "FI"])("always shows for %s", (country) => {
    expect(showLanguageBadge("en", "en", country)).toBe(true);
  });
});

describe("names", () => {
  it("come from Intl in the interface language", () => {
    expect(countryName("nl", "DE")).toBe("Duitsland");
    expect(countryName("en", "NL")).toBe("Netherlands");
    expect(languageName("de", "fr")).toBe("Französisch");
    expect(countryName("en", null)).toBe("");
  });
});

describe("safeTimeZone", () => {
  it("keeps a zone the runtime knows, else UTC", () => {
    expect(safeTimeZone("Europe/Amsterdam")).toBe("Europe/Amsterdam");
    expect(safeTimeZone("Mars/Olympus_Mons")).toBe("UTC");
    expect(safeTimeZone(null)).toBe("UTC");
  });
});

describe("resultCount (docs/decisions/031)", () => {
  const translator = (locale: (typeof LOCALES)[number]) => createTranslator(locale, messages[locale]);
  const cap = searchCountCap(12);

  it("says the capped count is a lower bound, formatted for the locale", () => {
    expect(resultCount(translator("en"), cap, true)).toBe("12,000+ profiles");
    expect(resultCount(translator("nl"), cap, true)).toBe("12.000+ profielen");
    expect(resultCount(translator("de"), cap, true)).toBe("12.000+ Profile");
    // Intl's group separators: a narrow no-break space in French, a no-break space in Polish.
    expect(resultCount(translator("fr"), cap, true)).toBe("12\u202f000+ profils");
    // Polish plural for 12 000: "many".
    expect(resultCount(translator("pl"), cap, true)).toBe("12\u00a0000+ profili");
    expect(resultCount(translator("en"), searchCountCap(48), true)).toBe("48,000+ profiles");
  });

  it("an exact count has no +, in the right plural", () => {
    expect(resultCount(translator("en"), 431, false)).toBe("431 profiles");
    expect(resultCount(translator("en"), 1, false)).toBe("1 profile");
    expect(resultCount(translator("en"), 11_999, false)).toBe("11,999 profiles");
    expect(resultCount(translator("pl"), 22, false)).toBe("22 profile");
    expect(resultCount(translator("pl"), 25, false)).toBe("25 profili");
  });

  it.each(LOCALES)("%s: the capped label is a message of its own, with the number and a +", (locale) => {
    const label = resultCount(translator(locale), cap, true);
    expect(label).toContain(`${new Intl.NumberFormat(locale).format(cap)}+`);
    expect(label).not.toContain("search.");
    expect(resultCount(translator(locale), cap - 1, false)).not.toContain("+");
  });
});

describe("shortWhen (issue 29 point 6)", () => {
  // Tuesday 24 November 2026, 15:00 in Amsterdam.
  const now = Date.UTC(2026, 10, 24, 14, 0);
  const at = (minutesAgo: number) => now - minutesAgo * 60_000;
  const when = (ms: number, locale = "en") => shortWhen(ms, now, locale, "Europe/Amsterdam", "now");
  it("says now, minutes, the time today, the weekday this week, a date before", () => {
    expect(when(at(0.5))).toBe("now");
    expect(when(at(5))).toBe("5 min");
    expect(when(at(120))).toBe("1:00 PM");
    expect(when(at(26 * 60))).toBe("Mon");
    expect(when(at(20 * 24 * 60))).toBe("Nov 4");
    expect(when(Date.UTC(2025, 0, 3, 12))).toBe("1/3/25");
  });
  it("is in the interface language", () => {
    expect(when(at(120), "de")).toBe("13:00");
    expect(when(at(26 * 60), "de")).toMatch(/^Mo\.?$/);
    expect(when(at(5), "nl")).toBe("5 min");
  });
});

describe("the name table sent with the root data", () => {
  it("names the site's countries and the interface languages in the interface language", () => {
    const table = nameTable("de", ["NL", "BE"], LOCALES);
    expect(table.regions).toEqual({ NL: countryName("de", "NL"), BE: countryName("de", "BE") });
    expect(table.regions.NL).toBe("Niederlande");
    expect(Object.keys(table.languages)).toEqual([...LOCALES]);
    expect(table.languages.nl).toBe(languageName("de", "nl"));
  });
});
