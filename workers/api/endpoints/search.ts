/**
 * GET /api/search.php (docs/product.md §7). The first load (auto_load=1) takes the member's saved filters
 * or sensible defaults and answers them in filter_options; later calls give the filters and a
 * page. A member's manual searches are saved unless do_not_save is set (similar-profile searches,
 * which also send exclude_* to leave out the main search's profiles: issue 16, defect 5).
 */
import { Hono } from "hono";
import { sql } from "kysely";
import type { SearchFilters } from "../../../contract/schemas";
import { MAX_AGE, MIN_AGE } from "../../../contract/limits";
import { defaultSearchGender, type Gender, type InterestedIn, searchCountCap } from "../../../contract/rules/search";
import { MIN_AGE_ABOVE_MAX_AGE, SearchQuerySchema } from "../../../contract/requests/discover";
import type { ApiContext } from "../context";
import { hiddenFrom } from "../db/blocks";
import { advertised, birthDateRange, selectCards, shownOnSite, toCard } from "../db/profiles";
import { ApiError } from "../lib/errors";
import { viewerOf } from "../lib/member";
import type { Site } from "../lib/site";

function invalid(fields: Record<string, string>): ApiError {
  return new ApiError(422, "invalid_input", "Some search parameters are invalid.", { fields });
}

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

export const search = new Hono<ApiContext>().get("/search.php", async (c) => {
  const parsed = SearchQuerySchema.safeParse(c.req.query());
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues)
      fields[issue.path.join(".") || "_"] ??= issue.message === MIN_AGE_ABOVE_MAX_AGE ? MIN_AGE_ABOVE_MAX_AGE : issue.code;
    throw invalid(fields);
  }
  const query = parsed.data;
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
  if (filters.min_age > filters.max_age) throw invalid({ min_age: "min_age_above_max_age" });
  if (!site.settings.countries.includes(filters.country)) throw invalid({ country: "unknown_country" });
  if (filters.countryregion !== 0) {
    const region = await db
      .selectFrom("regions")
      .select("id")
      .where("id", "=", filters.countryregion)
      .where("country", "=", filters.country)
      .executeTakeFirst();
    if (!region) throw invalid({ countryregion: "unknown_region" });
  }

  // Two queries on the members indexes alone (docs/decisions/031, with their query plans): the
  // page's ids walk members_browse(_region) in id order from the newest, checking gender and
  // birth date in the index, and stop after the page (or, deep into a small result list, sort
  // its birth-date range); the count reads one birth-date range of
  // members_search or members_ages and stops at the last page one may ask for (pp ×
  // SEARCH_MAX_PAGE: searchCountCap, which the app reads as "12,000+"), so no search reads more
  // than that many entries. Only the page's profiles are then read, with their photo and like.
  const born = birthDateRange(filters.min_age, filters.max_age);
  // `indexed`: may the planner look these columns up in an index? Not when a page walks the index
  // in id order, so the planner takes that one (a unary + hides a column from index lookups).
  const matching = (indexed: boolean) => {
    const column = (name: "m.gender" | "m.date_of_birth") => (indexed ? sql.ref(name) : sql`+${sql.ref(name)}`);
    let found = db
      .selectFrom("members as m")
      .where("m.status", "=", "active")
      // With a region, the region's indexes lead (it lies in one country; they hold the country too).
      .where(filters.countryregion ? sql`+${sql.ref("m.country")}` : sql.ref("m.country"), "=", filters.country)
      .where(column("m.date_of_birth"), ">", born.from)
      .where(column("m.date_of_birth"), "<=", born.to);
    if (filters.gender) found = found.where(column("m.gender"), "=", filters.gender);
    if (filters.countryregion) found = found.where("m.countryregion", "=", filters.countryregion);
    // Who this site may show, and in an advertisement who agreed to it (docs/product.md
    // "Visibility across sites"): checked in the same indexes (migration 0026, ADR 040).
    found = found.where(shownOnSite("m", site.id));
    if (query.promotion) found = found.where(advertised("m"));
    // Blocked either way (and the member themselves): gone from the search, the similar profiles
    // and the home suggestions, from the page and the count alike (docs/decisions/028).
    if (member) found = found.where("m.id", "not in", hiddenFrom(db, member.id));
    // A similar-profile search leaves out the main search's profiles (born in its range and, when
    // it had one, in its region; the same gender and country as asked). NULL-safe: a profile
    // without a region is not in a main search for a region, so it may show here.
    if (query.exclude_min_age !== undefined && query.exclude_max_age !== undefined) {
      const shown = birthDateRange(query.exclude_min_age, query.exclude_max_age);
      const region = query.exclude_countryregion ?? 0;
      found = found.where((eb) =>
        eb.or([
          eb(column("m.date_of_birth"), "<=", shown.from),
          eb(column("m.date_of_birth"), ">", shown.to),
          ...(region ? [eb("m.countryregion", "is", null), eb("m.countryregion", "!=", region)] : []),
        ]),
      );
    }
    return found;
  };
  const offset = (query.page - 1) * query.pp;
  const cap = searchCountCap(query.pp);
  // inOrder: walk the id-ordered index (cheap near the start of a result list that is not rare);
  // otherwise the birth-date range with a sort of every match (cheap when they are few): there
  // `+m.id` keeps the planner from the id-ordered index.
  const cards = (inOrder: boolean) =>
    selectCards(db, member?.id ?? null)
      .where(
        "m.id",
        "in",
        matching(!inOrder)
          .select("m.id")
          .orderBy(inOrder ? sql.ref("m.id") : sql`+${sql.ref("m.id")}`, "desc")
          .limit(query.pp)
          .offset(offset),
      )
      .orderBy("m.id", "desc")
      .execute();
  const count = () =>
    db
      .selectFrom(matching(true).select(sql.lit(1).as("one")).limit(cap).as("counted"))
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));

  // Page 1 (most searches): both at once, in id order. A later page: the count first; past the
  // end there is nothing to read, and deep into a small result list (fewer than the cap, the
  // page at least a quarter of the way in) sorting the matches reads fewer entries than walking
  // the country to reach them (ADR 031).
  let rows: Awaited<ReturnType<typeof cards>>;
  let total: number;
  if (query.page === 1) [rows, total] = await Promise.all([cards(true), count()]);
  else {
    total = await count();
    rows = offset >= total ? [] : await cards(total >= cap || (offset + query.pp) * 4 <= total);
  }

  if (member && query.manual_search && !query.do_not_save) {
    await db
      .updateTable("members")
      .set({ search_filters: JSON.stringify(filters) })
      .where("id", "=", member.id)
      .execute();
  }
  const now = new Date();
  return c.json({
    profiles: rows.map((row) => toCard(row, now)),
    paging: { num_results: total, page: query.page, pp: query.pp },
    filter_options: filters,
  });
});
