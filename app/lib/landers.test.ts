import { describe, expect, it } from "vitest";
import { canonicalSlug, isLanderType, landerMember, landerMemberHref, landerPathLocale, memberIdOf, parseSlug } from "./landers";

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

describe("a lander's member (?member=)", () => {
  it("takes a positive whole number only", () => {
    const of = (query: string) => landerMember(new URLSearchParams(query));
    expect(of("member=12")).toBe(12);
    for (const bad of [
      "",
      "member=",
      "member=0",
      "member=-3",
      "member=1.5",
      "member=abc",
      "member=../../logout",
      "member=99999999999",
    ]) {
      expect(of(bad), bad).toBeNull();
    }
    expect(memberIdOf("5")).toBe(5);
    expect(memberIdOf(undefined)).toBeNull();
  });

  it("links to the form with the page's query kept and the member set once", () => {
    expect(landerMemberHref("", 7)).toBe("?member=7#join");
    expect(landerMemberHref("network=aff&sub1=a%26b", 7)).toBe("?network=aff&sub1=a%26b&member=7#join");
  });
});
