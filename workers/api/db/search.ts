/**
 * The search's queries (GET /api/search.php; docs/decisions/031, with their query plans). Two
 * queries on the members indexes alone: the page's ids walk members_browse(_region) in id order
 * from the newest, checking gender and birth date in the index, and stop after the page (or,
 * deep into a small result list, sort its birth-date range); the count reads one birth-date
 * range of members_search or members_ages and stops at the last page one may ask for (pp ×
 * SEARCH_MAX_PAGE: searchCountCap, which the app reads as "12,000+"), so no search reads more
 * than that many entries. Only the page's profiles are then read, with their photo and like.
 */
import { sql } from "kysely";
import type { SearchFilters } from "../../../contract/schemas";
import { searchCountCap } from "../../../contract/rules/search";
import { hiddenFrom } from "./blocks";
import type { Db } from "./client";
import { advertised, birthDateRange, selectCards, shownOnSite, verifiedOnly } from "./profiles";

export interface ProfileSearch {
  filters: SearchFilters;
  siteId: number;
  /** The member searching, or null (a logged-out search). */
  viewerId: number | null;
  /** An advertisement: only those who agreed to be in one. */
  promotion?: boolean;
  /** Photo-verified members only (docs/decisions/059). */
  verifiedOnly?: boolean;
  /** A similar-profile search leaves out the main search's profiles (issue 16, defect 5). */
  exclude?: { minAge: number; maxAge: number; countryregion: number };
  page: number;
  pp: number;
}

/** Whether the region lies in the country. */
export async function regionInCountry(db: Db, region: number, country: string): Promise<boolean> {
  const row = await db
    .selectFrom("regions")
    .select("id")
    .where("id", "=", region)
    .where("country", "=", country)
    .executeTakeFirst();
  return row !== undefined;
}

/** One page of the search's cards, newest member first, and how many match (up to searchCountCap). */
export async function searchProfiles(db: Db, search: ProfileSearch) {
  const { filters, viewerId, page, pp } = search;
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
    found = found.where(shownOnSite("m", search.siteId));
    if (search.promotion) found = found.where(advertised("m"));
    if (search.verifiedOnly) found = found.where(verifiedOnly("m"));
    // Blocked either way (and the member themselves): gone from the search, the similar profiles
    // and the home suggestions, from the page and the count alike (docs/decisions/028).
    if (viewerId !== null) found = found.where("m.id", "not in", hiddenFrom(db, viewerId));
    // NULL-safe: a profile without a region is not in a main search for a region, so it may show here.
    if (search.exclude) {
      const shown = birthDateRange(search.exclude.minAge, search.exclude.maxAge);
      const region = search.exclude.countryregion;
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
  const offset = (page - 1) * pp;
  const cap = searchCountCap(pp);
  // inOrder: walk the id-ordered index (cheap near the start of a result list that is not rare);
  // otherwise the birth-date range with a sort of every match (cheap when they are few): there
  // `+m.id` keeps the planner from the id-ordered index.
  const cards = (inOrder: boolean) =>
    selectCards(db, viewerId)
      .where(
        "m.id",
        "in",
        matching(!inOrder)
          .select("m.id")
          .orderBy(inOrder ? sql.ref("m.id") : sql`+${sql.ref("m.id")}`, "desc")
          .limit(pp)
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
  if (page === 1) [rows, total] = await Promise.all([cards(true), count()]);
  else {
    total = await count();
    rows = offset >= total ? [] : await cards(total >= cap || (offset + pp) * 4 <= total);
  }
  return { rows, total };
}

/** The member's filters, for the next first load (auto_load). */
export async function saveSearchFilters(db: Db, memberId: number, filters: SearchFilters): Promise<void> {
  await db
    .updateTable("members")
    .set({ search_filters: JSON.stringify(filters) })
    .where("id", "=", memberId)
    .execute();
}
