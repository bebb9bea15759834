import { describe, expect, it } from "vitest";
import { PAGE_SIZE, SEARCH_MAX_PAGE } from "../limits";
import {
  AGE_RANGES,
  ageRange,
  ageRangeKey,
  countIsCapped,
  defaultSearchGender,
  NO_SEARCH_EXTRAS,
  searchCountCap,
  searchCountries,
  searchExtrasFrom,
  searchExtrasParams,
  similarFilters,
  similarOnly,
} from "./search";

describe("age ranges", () => {
  it("are the spec's seven, 18 to 100 in all", () => {
    expect(AGE_RANGES.map((r) => r.key)).toEqual(["all", "18-25", "26-35", "36-45", "46-55", "56-65", "65+"]);
    expect(ageRange("65+")).toMatchObject({ min: 66, max: 100 });
    expect(ageRange("18-25")).toMatchObject({ min: 18, max: 25 });
  });

  it("fall back to all for unknown keys and odd bounds", () => {
    expect(ageRange("bogus").key).toBe("all");
    expect(ageRange(null).key).toBe("all");
    expect(ageRangeKey(26, 35)).toBe("26-35");
    expect(ageRangeKey(20, 30)).toBe("all");
  });
});

describe("searchCountries", () => {
  const siteCountries = ["NL", "BE", "DE", "AT", "US", "CA", "GB", "IE", "AU", "NZ", "FR"];

  it("offers the member's country, its neighbour and the selected one", () => {
    expect(searchCountries({ own: "NL", geo: "DE", selected: "FR", siteCountries, allCountries: false })).toEqual([
      "NL",
      "BE",
      "FR",
    ]);
    expect(searchCountries({ own: "AU", geo: null, selected: "AU", siteCountries, allCountries: false })).toEqual(["AU", "NZ"]);
  });

  it.each([
    ["US", "CA"],
    ["GB", "IE"],
    ["DE", "AT"],
    ["NZ", "AU"],
    ["BE", "NL"],
  ])("pairs %s with %s", (own, neighbour) => {
    expect(searchCountries({ own, geo: null, selected: null, siteCountries, allCountries: false })).toEqual([own, neighbour]);
  });

  it("uses the geo-detected country for visitors, and only countries the site serves", () => {
    expect(searchCountries({ own: null, geo: "US", selected: null, siteCountries: ["US"], allCountries: false })).toEqual(["US"]);
    expect(searchCountries({ own: null, geo: "JP", selected: "NL", siteCountries, allCountries: false })).toEqual(["NL"]);
  });

  it("offers every site country when the template searches all countries", () => {
    expect(searchCountries({ own: "NL", geo: null, selected: null, siteCountries, allCountries: true })).toEqual(siteCountries);
  });
});

describe("similarFilters", () => {
  it("widens the age by 5 years each way within 18..100 and drops the region", () => {
    expect(similarFilters({ gender: "female", country: "NL", min_age: 26, max_age: 35, countryregion: 7 })).toEqual({
      gender: "female",
      country: "NL",
      min_age: 21,
      max_age: 40,
      countryregion: 0,
    });
    expect(similarFilters({ min_age: 18, max_age: 100, countryregion: 0 })).toEqual({
      min_age: 18,
      max_age: 100,
      countryregion: 0,
    });
  });
});

describe("defaultSearchGender (issue 16)", () => {
  it.each([
    [{ gender: "female", interested_in: "male" }, "male"],
    [{ gender: "female", interested_in: "female" }, "female"],
    [{ gender: "male", interested_in: "everyone" }, ""],
    [{ gender: null, interested_in: "female" }, "female"],
    // Not said: the other gender than the member's, as before; nothing known: everyone.
    [{ gender: "female", interested_in: null }, "male"],
    [{ gender: "male", interested_in: null }, "female"],
    [{ gender: null, interested_in: null }, ""],
    [undefined, ""],
  ] as const)("%j → %j", (member, expected) => {
    expect(defaultSearchGender(member)).toBe(expected);
  });
});

describe("similarOnly (issue 16, defect 5)", () => {
  const main = { gender: "female", country: "NL", min_age: 26, max_age: 35, countryregion: 0 };
  const card = (
    id: number,
    age: number | null,
    extra: Partial<{ country: string; countryregion: number | null; gender: string }> = {},
  ) => ({
    id,
    age,
    country: "NL",
    countryregion: 3,
    gender: "female",
    ...extra,
  });

  it("leaves out whoever the main search finds, on pages never loaded too", () => {
    const similar = [card(1, 30), card(2, 22), card(3, 40), card(4, 35), card(5, 26)];
    expect(similarOnly(similar, main, []).map((p) => p.id)).toEqual([2, 3]);
  });

  it("leaves out profiles already shown, and repeats", () => {
    const similar = [card(2, 22), card(3, 40), card(2, 22), card(6, 21)];
    expect(similarOnly(similar, main, [3]).map((p) => p.id)).toEqual([2, 6]);
  });

  it("keeps profiles the main search misses: another region, another gender, no age", () => {
    const inUtrecht = { ...main, countryregion: 3 };
    const similar = [card(1, 30, { countryregion: 4 }), card(2, 30, { countryregion: null }), card(3, 30), card(4, null)];
    expect(similarOnly(similar, inUtrecht, []).map((p) => p.id)).toEqual([1, 2, 4]);
    expect(similarOnly([card(5, 30, { gender: "male" })], main, []).map((p) => p.id)).toEqual([5]);
    expect(similarOnly([card(5, 30, { gender: "male" })], { ...main, gender: "" }, [])).toEqual([]);
  });
});

describe("the search count's cap (docs/decisions/031)", () => {
  it("is the results of the last page one may ask for, at the page size asked", () => {
    expect(searchCountCap(PAGE_SIZE)).toBe(PAGE_SIZE * SEARCH_MAX_PAGE);
    expect(searchCountCap(PAGE_SIZE)).toBe(12_000);
    expect(searchCountCap(48)).toBe(48_000);
  });

  it("a count that reached it may mean more; one below it is exact", () => {
    expect(countIsCapped({ num_results: 12_000, pp: 12 })).toBe(true);
    expect(countIsCapped({ num_results: 11_999, pp: 12 })).toBe(false);
    expect(countIsCapped({ num_results: 12_000, pp: 48 })).toBe(false);
    expect(countIsCapped({ num_results: 1000, pp: 1 })).toBe(true);
    expect(countIsCapped({ num_results: 0, pp: 12 })).toBe(false);
  });
});

describe("the search's extras in a URL (ADR 062)", () => {
  it("reads what it knows and drops the rest", () => {
    expect(searchExtrasFrom(new URLSearchParams("distance=50&sort=nearest&active=1&photo=1"))).toEqual({
      distance: 50,
      active: true,
      photo: true,
      sort: "nearest",
    });
    expect(searchExtrasFrom(new URLSearchParams("distance=7&sort=random&active=yes&photo=2"))).toEqual(NO_SEARCH_EXTRAS);
    expect(searchExtrasFrom(new URLSearchParams(""))).toEqual(NO_SEARCH_EXTRAS);
  });

  it("writes only what differs from none, and reads back what it wrote", () => {
    expect(searchExtrasParams(NO_SEARCH_EXTRAS)).toEqual({});
    const extras = { distance: 25, active: false, photo: true, sort: "active" as const };
    expect(searchExtrasParams(extras)).toEqual({ distance: "25", photo: "1", sort: "active" });
    expect(searchExtrasFrom(new URLSearchParams(searchExtrasParams(extras)))).toEqual(extras);
  });
});
