import { describe, expect, it } from "vitest";
import { countryName, languageName, safeTimeZone, showLanguageBadge } from "./format";

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
