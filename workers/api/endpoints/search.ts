/**
 * GET /api/search.php (docs/product.md §7). The first load (auto_load=1) takes the member's saved filters
 * or sensible defaults and answers them in filter_options; later calls give the filters and a
 * page. A member's manual searches are saved unless do_not_save is set (similar-profile searches,
 * which also send exclude_* to leave out the main search's profiles: issue 16, defect 5).
 */
import { Hono } from "hono";
import { type SearchFilters, SearchAnswerSchema } from "../../../contract/schemas";
import { MAX_AGE, MIN_AGE } from "../../../contract/limits";
import {
  ACTIVE_WITHIN_MS,
  defaultSearchGender,
  type Gender,
  type InterestedIn,
  NEAREST_DEFAULT_KM,
} from "../../../contract/rules/search";
import { SearchQuerySchema } from "../../../contract/requests/discover";
import type { ApiContext } from "../context";
import { toCard } from "../db/profiles";
import { isRegionOf, kmBetween } from "../db/places";
import { saveSearchFilters, searchProfiles } from "../db/search";
import { answer } from "../lib/answer";
import { ApiError } from "../lib/errors";
import { viewerOf } from "../lib/member";
import type { Site } from "../lib/site";
import { invalidInput, validQuery } from "../lib/validate";

const INVALID = "Some search parameters are invalid.";

/**
 * The first load's filters when the member has no saved search: whom they are interested in
 * (else the other gender; contract/rules/search.ts), their or the edge's country, all ages.
 */
function defaults(
  site: Site,
  member: { country: string | null; gender: Gender | null; interested_in: InterestedIn | null } | undefined,
  geo: string | null,
): SearchFilters {
  const { countries } = site.settings;
  const home = [member?.country, geo].find((c): c is string => !!c && countries.includes(c));
  return {
    gender: defaultSearchGender(member),
    min_age: MIN_AGE,
    max_age: MAX_AGE,
    country: home ?? countries[0],
    countryregion: 0,
  };
}

/** Saved filters are used only while they still fit the site. */
function savedFilters(site: Site, json: string | null): SearchFilters | null {
  if (!json) return null;
  try {
    const saved = JSON.parse(json) as SearchFilters;
    return site.settings.countries.includes(saved.country) ? saved : null;
  } catch {
    return null;
  }
}

export const search = new Hono<ApiContext>().get("/search.php", validQuery(SearchQuerySchema, INVALID), async (c) => {
  const query = c.req.valid("query");
  const { db, site } = c.var;
  const member = viewerOf(c) ?? undefined;

  if (!member) {
    const { logged_out_search, logged_out_search_trafficsource } = site.settings;
    if (!logged_out_search && !(logged_out_search_trafficsource && query.trafficsource)) {
      throw new ApiError(403, "search_requires_login", "Sign up or log in to search.");
    }
  }

  const geo = c.req.header("x-client-country")?.toUpperCase() ?? null;
  const base = (query.auto_load && member && savedFilters(site, member.search_filters)) || defaults(site, member, geo);
  const filters: SearchFilters = query.auto_load
    ? base
    : {
        gender: query.gender ?? base.gender,
        min_age: query.min_age ?? base.min_age,
        max_age: query.max_age ?? base.max_age,
        country: query.country ?? base.country,
        countryregion: query.countryregion ?? 0,
      };
  if (filters.min_age > filters.max_age) throw invalidInput({ min_age: "min_age_above_max_age" }, INVALID);
  if (!site.settings.countries.includes(filters.country)) throw invalidInput({ country: "unknown_country" }, INVALID);
  if (filters.countryregion !== 0) {
    if (!(await isRegionOf(db, filters.countryregion, filters.country)))
      throw invalidInput({ countryregion: "unknown_region" }, INVALID);
  }

  // The extras (ADR 062): a distance and "nearest first" need the member's place.
  const place = member && member.lat !== null && member.lng !== null ? { lat: member.lat, lng: member.lng } : null;
  const wantsNear = query.distance !== undefined || query.sort === "nearest";
  const near = place && wantsNear ? { ...place, km: query.distance ?? NEAREST_DEFAULT_KM } : null;
  const sort = query.sort === "nearest" && !near ? "newest" : query.sort;
  const now = new Date();

  // The page and the count, each on the members indexes alone (db/search.ts, ADR 031 and 062).
  const { rows, total } = await searchProfiles(db, {
    filters,
    siteId: site.id,
    viewerId: member?.id ?? null,
    promotion: query.promotion,
    verifiedOnly: query.verified,
    // A similar-profile search leaves out the main search's profiles (born in its range and, when
    // it had one, in its region; the same gender and country as asked).
    exclude:
      query.exclude_min_age !== undefined && query.exclude_max_age !== undefined
        ? { minAge: query.exclude_min_age, maxAge: query.exclude_max_age, countryregion: query.exclude_countryregion ?? 0 }
        : undefined,
    near,
    activeSince: query.active ? now.getTime() - ACTIVE_WITHIN_MS : null,
    withPhoto: query.photo,
    sort,
    page: query.page,
    pp: query.pp,
  });

  if (member && query.manual_search && !query.do_not_save) {
    await saveSearchFilters(db, member.id, filters);
  }
  return answer(c, SearchAnswerSchema, {
    profiles: rows.map((row) => {
      const card = toCard(row, now);
      if (!place || row.lat === null || row.lng === null) return card;
      return { ...card, distance_km: Math.round(kmBetween(place, { lat: row.lat, lng: row.lng })) };
    }),
    paging: { num_results: total, page: query.page, pp: query.pp },
    filter_options: filters,
    extras: {
      distance: near ? (query.distance ?? null) : null,
      active: query.active === true,
      photo: query.photo === true,
      sort,
      location_known: place !== null,
    },
  });
});
