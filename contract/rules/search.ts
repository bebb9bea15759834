/**
 * Search rules shared by the app and the API (docs/product.md §6, §9): age ranges, the country list,
 * page size. Pure and small: it ships to the browser.
 */
import { MAX_AGE, MIN_AGE, SEARCH_MAX_PAGE } from "../limits";

import type { Gender, InterestedIn } from "./genders";

export { GENDERS, type Gender, INTERESTED_IN, type InterestedIn } from "./genders";

/**
 * The gender a member's search starts with when they have not chosen one in the search itself
 * (docs/product.md §4.6): whom they said they are interested in ("" for everyone); when they
 * have not said, the other gender than their own; "" when neither is known.
 */
export function defaultSearchGender(
  member: { gender: Gender | null; interested_in: InterestedIn | null } | undefined,
): Gender | "" {
  if (member?.interested_in) return member.interested_in === "everyone" ? "" : member.interested_in;
  if (member?.gender === "male") return "female";
  if (member?.gender === "female") return "male";
  return "";
}

/**
 * Where search.php's `num_results` stops counting for a page size: the results of the last page
 * one may ask for (docs/decisions/031). The API counts up to it; the app reads a count that
 * reached it as "at least" (countIsCapped).
 */
export function searchCountCap(pp: number): number {
  return pp * SEARCH_MAX_PAGE;
}

/** Whether a search's count stopped at the cap, so more may match than it says ("12,000+"). */
export function countIsCapped(paging: { num_results: number; pp: number }): boolean {
  return paging.num_results >= searchCountCap(paging.pp);
}

/** docs/product.md §9: all, up to 25 (labelled 18-25), 26-35, 36-45, 46-55, 56-65, over 65. */
export const AGE_RANGES = [
  { key: "all", min: MIN_AGE, max: MAX_AGE },
  { key: "18-25", min: 18, max: 25 },
  { key: "26-35", min: 26, max: 35 },
  { key: "36-45", min: 36, max: 45 },
  { key: "46-55", min: 46, max: 55 },
  { key: "56-65", min: 56, max: 65 },
  { key: "65+", min: 66, max: MAX_AGE },
] as const;
export type AgeRangeKey = (typeof AGE_RANGES)[number]["key"];

export function ageRange(key: string | null | undefined) {
  return AGE_RANGES.find((range) => range.key === key) ?? AGE_RANGES[0];
}

/** The range whose bounds these are, or "all" for any other pair. */
export function ageRangeKey(min: number, max: number): AgeRangeKey {
  return AGE_RANGES.find((range) => range.min === min && range.max === max)?.key ?? "all";
}

/** docs/product.md §6 neighbour pairs. */
export const NEIGHBOURS: Readonly<Record<string, string>> = {
  AU: "NZ",
  NZ: "AU",
  NL: "BE",
  BE: "NL",
  US: "CA",
  CA: "US",
  GB: "IE",
  IE: "GB",
  DE: "AT",
  AT: "DE",
};

/**
 * The countries the search offers (docs/product.md §6): the member's own country (or the geo-detected
 * one), its neighbour, and the selected one; only those the site serves. The classic
 * template searches all of the site's countries (contract/rules/templates.ts).
 */
export function searchCountries(options: {
  own: string | null;
  geo: string | null;
  selected: string | null;
  siteCountries: readonly string[];
  allCountries: boolean;
}): string[] {
  if (options.allCountries) return [...options.siteCountries];
  const home = options.own ?? options.geo;
  const wanted = [home, home ? NEIGHBOURS[home] : undefined, options.selected];
  return [...new Set(wanted.filter((c): c is string => !!c && options.siteCountries.includes(c)))];
}

/** docs/product.md §9: similar profiles widen the age by 5 years each way and drop the region. */
export function similarFilters<F extends { min_age: number; max_age: number; countryregion: number }>(filters: F): F {
  return {
    ...filters,
    min_age: Math.max(MIN_AGE, filters.min_age - 5),
    max_age: Math.min(MAX_AGE, filters.max_age + 5),
    countryregion: 0,
  };
}

/** What a card and a search need to tell whether the search finds the card's profile. */
interface Findable {
  age: number | null;
  country: string | null;
  countryregion: number | null;
  gender: string | null;
}
interface Filters {
  gender: string;
  min_age: number;
  max_age: number;
  country: string;
  countryregion: number;
}

/** Whether the search with these filters finds this profile (as the API's search does). */
export function foundBy(profile: Findable, filters: Filters): boolean {
  return (
    profile.age !== null &&
    profile.age >= filters.min_age &&
    profile.age <= filters.max_age &&
    profile.country === filters.country &&
    (filters.gender === "" || profile.gender === filters.gender) &&
    (filters.countryregion === 0 || profile.countryregion === filters.countryregion)
  );
}

/**
 * Similar profiles worth showing below the results (issue 16, defect 5): no one the main search
 * finds (on any of its pages, loaded or not) and no one already shown, each once. The API leaves
 * the main search's profiles out already (exclude_*); this also holds for an API that does not.
 */
export function similarOnly<P extends Findable & { id: number }>(
  similar: readonly P[],
  filters: Filters,
  shown: Iterable<number>,
): P[] {
  const seen = new Set(shown);
  return similar.filter((profile) => {
    if (seen.has(profile.id) || foundBy(profile, filters)) return false;
    seen.add(profile.id);
    return true;
  });
}

/**
 * The search's extras beside the spec's filters (issue 29 point 2, docs/decisions/062): a
 * distance from the member's own city, recently active, with a photo, and the order.
 */
export const SEARCH_DISTANCES = [10, 25, 50, 100, 250] as const;
export type SearchDistance = (typeof SEARCH_DISTANCES)[number];
export const SEARCH_SORTS = ["newest", "nearest", "active"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
/** "Recently active": seen in the last day. */
export const ACTIVE_WITHIN_MS = 24 * 60 * 60 * 1000;
/** "Nearest first" without a distance chosen: no limit (a circle wider than any country). */
export const NEAREST_DEFAULT_KM = 20_000;

/** The extras as search.php's designed parameters want them; anything else is left out. */
export interface SearchExtras {
  /** Km, one of SEARCH_DISTANCES. */
  distance: number | null;
  active: boolean;
  photo: boolean;
  sort: SearchSort;
}

export const NO_SEARCH_EXTRAS: SearchExtras = { distance: null, active: false, photo: false, sort: "newest" };

/** The extras from a URL's parameters (the members page's GET form); unknown values are dropped. */
export function searchExtrasFrom(params: URLSearchParams): SearchExtras {
  const distance = Number(params.get("distance"));
  const sort = params.get("sort");
  return {
    distance: SEARCH_DISTANCES.find((d) => d === distance) ?? null,
    active: params.get("active") === "1",
    photo: params.get("photo") === "1",
    sort: SEARCH_SORTS.find((s) => s === sort) ?? "newest",
  };
}

/** The extras as URL parameters: only those that differ from none. */
export function searchExtrasParams(extras: SearchExtras): Record<string, string> {
  const params: Record<string, string> = {};
  if (extras.distance !== null) params.distance = String(extras.distance);
  if (extras.active) params.active = "1";
  if (extras.photo) params.photo = "1";
  if (extras.sort !== "newest") params.sort = extras.sort;
  return params;
}
