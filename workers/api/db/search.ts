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
import { type SearchSort, searchCountCap } from "../../../contract/rules/search";
import { hiddenFrom } from "./blocks";
import type { Db } from "./client";
import { KM_PER_DEGREE, longitudeScale } from "./places";
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
  /** Within `km` of the point (the member's city; ADR 062). */
  near?: Near | null;
  /** Seen at or after this moment (ms): "recently active". */
  activeSince?: number | null;
  /** Only profiles with a main photo. */
  withPhoto?: boolean;
  /** The order: newest member first (the default), nearest first (needs `near`), or recently active first. */
  sort?: SearchSort;
  page: number;
  pp: number;
}

export interface Near {
  lat: number;
  lng: number;
  km: number;
}

/** Which index a query should lead with (the others' columns are hidden from index lookups). */
type Lead = "id" | "ages" | "near" | "active";

/**
 * The circle around a point as SQL: a box the members_near index can range over, then the exact
 * circle, measured as kmBetween measures it (db/places.ts).
 */
function nearBounds(near: Near) {
  const cos = longitudeScale(near.lat);
  const dLat = near.km / KM_PER_DEGREE;
  const dLng = near.km / (KM_PER_DEGREE * cos);
  return { cos, dLat, dLng, squared: dLat * dLat };
}

/** The squared distance in degrees of latitude (for ordering by distance; NULL for a profile without a place). */
function squaredDistance(near: Near) {
  const { cos } = nearBounds(near);
  return sql<number>`((m.lat - ${near.lat}) * (m.lat - ${near.lat}) + (m.lng - ${near.lng}) * (m.lng - ${near.lng}) * ${cos * cos})`;
}

/** "Nearest first" reads the smallest ring that holds the page (km), so a page never sorts a whole country. */
const NEAREST_RINGS = [10, 25, 50, 100, 250];

/** One page of the search's cards (newest member first unless sorted otherwise), and how many match (up to searchCountCap). */
export async function searchProfiles(db: Db, search: ProfileSearch) {
  const { filters, viewerId, page, pp } = search;
  const born = birthDateRange(filters.min_age, filters.max_age);
  const near = search.near ?? null;
  const activeSince = search.activeSince ?? null;
  // `lead`: which index the planner should take. A column another index leads with is hidden from
  // index lookups (a unary +), or the planner may take that index instead: a page walking
  // members_browse in id order must not switch to a birth-date range (ADR 031), nor to the latitude
  // band of members_near or the recent ones of members_active (ADR 062).
  const matching = (lead: Lead, circle: Near | null = near) => {
    type Column = "m.gender" | "m.date_of_birth" | "m.lat" | "m.lng" | "m.last_seen";
    const leads: Record<Lead, Column[]> = {
      id: [],
      ages: ["m.gender", "m.date_of_birth"],
      near: ["m.lat", "m.lng"],
      active: ["m.last_seen"],
    };
    const column = (name: Column) => (leads[lead].includes(name) ? sql.ref(name) : sql`+${sql.ref(name)}`);
    // With a region and no other index leading, the region's indexes lead (it lies in one country; they hold the country too).
    const byRegion = filters.countryregion && (lead === "id" || lead === "ages");
    let found = db
      .selectFrom("members as m")
      .where("m.status", "=", "active")
      .where(byRegion ? sql`+${sql.ref("m.country")}` : sql.ref("m.country"), "=", filters.country)
      .where(column("m.date_of_birth"), ">", born.from)
      .where(column("m.date_of_birth"), "<=", born.to);
    if (filters.gender) found = found.where(column("m.gender"), "=", filters.gender);
    if (filters.countryregion)
      found = found.where(
        byRegion ? sql.ref("m.countryregion") : sql`+${sql.ref("m.countryregion")}`,
        "=",
        filters.countryregion,
      );
    // Who this site may show, and in an advertisement who agreed to it (docs/product.md
    // "Visibility across sites"): checked in the same indexes (migration 0026, ADR 040).
    found = found.where(shownOnSite("m", search.siteId));
    if (search.promotion) found = found.where(advertised("m"));
    if (search.verifiedOnly) found = found.where(verifiedOnly("m"));
    if (search.withPhoto) found = found.where("m.main_image_id", "is not", null);
    if (activeSince !== null) found = found.where(column("m.last_seen"), ">=", activeSince);
    if (circle) {
      const box = nearBounds(circle);
      found = found
        .where(column("m.lat"), ">=", circle.lat - box.dLat)
        .where(column("m.lat"), "<=", circle.lat + box.dLat)
        .where(column("m.lng"), ">=", circle.lng - box.dLng)
        .where(column("m.lng"), "<=", circle.lng + box.dLng)
        .where(sql<boolean>`${squaredDistance(circle)} <= ${box.squared}`);
    }
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
  // The index a selective extra leads with: a small circle, or the recently active.
  const selective: Lead | null = near && near.km <= 50 ? "near" : activeSince !== null ? "active" : null;
  const count = () =>
    db
      .selectFrom(
        matching(selective ?? (near ? "near" : "ages"))
          .select(sql.lit(1).as("one"))
          .limit(cap)
          .as("counted"),
      )
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));

  if (search.sort === "active" || (search.sort === "nearest" && near)) {
    const [rows, total] = await Promise.all([sortedCards(search.sort), count()]);
    return { rows, total };
  }

  // inOrder: walk the id-ordered index (cheap near the start of a result list that is not rare);
  // otherwise the matches by another index with a sort of every match (cheap when they are few):
  // there `+m.id` keeps the planner from the id-ordered index.
  const cards = (inOrder: boolean) =>
    selectCards(db, viewerId)
      .where(
        "m.id",
        "in",
        matching(inOrder ? "id" : (selective ?? "ages"))
          .select("m.id")
          .orderBy(inOrder ? sql.ref("m.id") : sql`+${sql.ref("m.id")}`, "desc")
          .limit(pp)
          .offset(offset),
      )
      .orderBy("m.id", "desc")
      .execute();

  /** A page in another order: recently active first (members_active, newest seen first), or nearest first. */
  async function sortedCards(sort: "active" | "nearest") {
    if (sort === "active") {
      return selectCards(db, viewerId)
        .where(
          "m.id",
          "in",
          matching("active").select("m.id").orderBy("m.last_seen", "desc").orderBy("m.id", "desc").limit(pp).offset(offset),
        )
        .orderBy("m.last_seen", "desc")
        .orderBy("m.id", "desc")
        .execute();
    }
    // The smallest ring (within the chosen circle) that holds everyone up to this page's end.
    const circle = near as Near;
    let ring: Near = circle;
    for (const km of NEAREST_RINGS.filter((r) => r < circle.km)) {
      const inRing = await db
        .selectFrom(
          matching("near", { ...circle, km })
            .select(sql.lit(1).as("one"))
            .limit(offset + pp)
            .as("counted"),
        )
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      if (Number(inRing.n) >= offset + pp) {
        ring = { ...circle, km };
        break;
      }
    }
    return selectCards(db, viewerId)
      .where(
        "m.id",
        "in",
        matching("near", ring).select("m.id").orderBy(squaredDistance(circle)).orderBy("m.id", "desc").limit(pp).offset(offset),
      )
      .orderBy(squaredDistance(circle))
      .orderBy("m.id", "desc")
      .execute();
  }

  // Page 1 (most searches): both at once, in id order (or, with a selective extra, by its index).
  // A later page: the count first; past the end there is nothing to read, and deep into a small
  // result list (fewer than the cap, the page at least a quarter of the way in) sorting the
  // matches reads fewer entries than walking the country to reach them (ADR 031).
  let rows: Awaited<ReturnType<typeof cards>>;
  let total: number;
  if (page === 1) [rows, total] = await Promise.all([cards(selective === null), count()]);
  else {
    total = await count();
    rows = offset >= total ? [] : await cards(selective === null && (total >= cap || (offset + pp) * 4 <= total));
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
