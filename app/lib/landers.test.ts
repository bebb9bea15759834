import { describe, expect, it } from "vitest";
import { canonicalSlug, isLanderType, landerPathLocale, parseSlug } from "./landers";

describe("lander slugs", () => {
  it("are the niche's prefix and the language, eng for English", () => {
    expect(canonicalSlug(1, "en")).toBe("eng");
    expect(canonicalSlug(1, "de")).toBe("de");
    expect(canonicalSlug(2, "en")).toBe("she-eng");
    expect(canonicalSlug(5, "nl")).toBe("gilf-nl");
    expect(canonicalSlug(7, "pl")).toBe("gay-pl");
  });

  it("are read with other niches' prefixes and other spellings of the language", () => {
    expect(parseSlug("eng")).toEqual({ prefix: "", locale: "en" });
    expect(parseSlug("en")).toEqual({ prefix: "", locale: "en" });
    expect(parseSlug("GILF-NL")).toEqual({ prefix: "gilf", locale: "nl" });
    expect(parseSlug("bdsm-deu")).toEqual({ prefix: "bdsm", locale: "de" });
  });

  it("refuse junk", () => {
    for (const junk of ["", "xx", "she", "foo-eng", "she-eng-2", "eng/more", "<script>", "constructor", "she-toString"]) {
      expect(parseSlug(junk), junk).toBeNull();
    }
  });

  it("give the page's language from a lander's path only", () => {
    expect(landerPathLocale("/landers/gallery/gilf-de")).toBe("de");
    expect(landerPathLocale("/members/5/landing2/fr")).toBe("fr");
    expect(landerPathLocale("/landers/gallery/junk")).toBeNull();
    expect(landerPathLocale("/members/5")).toBeNull();
    expect(landerPathLocale("/signup")).toBeNull();
  });

  it("know the eight types", () => {
    expect(isLanderType("maplanding")).toBe(true);
    expect(isLanderType("bogus")).toBe(false);
  });
});
