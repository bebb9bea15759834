/** Regions and cities (GeoNames places, seeded by workers/api/seed/geonames.ts). */
import { sql } from "kysely";
import type { Db } from "./client";

/** The regions of these countries, by name. */
export function regionsOfCountries(db: Db, countries: string[]) {
  return db.selectFrom("regions").select(["id", "name", "country"]).where("country", "in", countries).orderBy("name").execute();
}

/** The regions of one country, by name. */
export function regionsOfCountry(db: Db, country: string) {
  return db.selectFrom("regions").select(["id", "name"]).where("country", "=", country).orderBy("name").execute();
}

/** Whether region `regionId` lies in `country`. */
export async function isRegionOf(db: Db, regionId: number, country: string): Promise<boolean> {
  const region = await db
    .selectFrom("regions")
    .select("id")
    .where("id", "=", regionId)
    .where("country", "=", country)
    .executeTakeFirst();
  return region !== undefined;
}

/** Boxes tried in turn (half-width, km): small first, so dense areas read few rows. */
const SEARCH_KM = [5, 20, 50];
export const KM_PER_DEGREE = 111.195;

/** How much shorter a degree of longitude is than one of latitude at this latitude (never 0, near the poles). */
export function longitudeScale(lat: number): number {
  return Math.max(Math.cos((lat * Math.PI) / 180), 0.01);
}

/**
 * Km between two points as an equirectangular distance from `a` (within a few hundred km the error
 * is far below a city's size): the geocoder's nearest city and the search's distance (ADR 062).
 */
export function kmBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  return Math.hypot((b.lat - a.lat) * KM_PER_DEGREE, (b.lng - a.lng) * KM_PER_DEGREE * longitudeScale(a.lat));
}

export interface NearestCity {
  name: string;
  region_id: number;
  km: number;
}

/** The nearest city of `country` within 50 km of the point, or null (a bounding box on the (lat, lng) index). */
export async function nearestCity(db: Db, country: string, lat: number, lon: number): Promise<NearestCity | null> {
  const cos = longitudeScale(lat);
  for (const km of SEARCH_KM) {
    const dLat = km / KM_PER_DEGREE;
    const dLng = km / (KM_PER_DEGREE * cos);
    const row = await db
      .selectFrom("cities")
      .select(["name", "region_id", "lat", "lng"])
      .where("lat", ">=", lat - dLat)
      .where("lat", "<=", lat + dLat)
      .where("lng", ">=", Math.max(lon - dLng, -180))
      .where("lng", "<=", Math.min(lon + dLng, 180))
      .where("country", "=", country)
      .orderBy(sql`(lat - ${lat}) * (lat - ${lat}) + (lng - ${lon}) * (lng - ${lon}) * ${cos * cos}`)
      .orderBy("id")
      .limit(1)
      .executeTakeFirst();
    if (!row) continue;
    const distance = kmBetween({ lat, lng: lon }, row);
    // A city in the box's corner may be farther than one just outside it: only trust the inner circle.
    if (distance <= km) return { name: row.name, region_id: row.region_id, km: distance };
  }
  return null;
}

/** A city's coordinates by country and name (the first of namesakes), or null when `cities` does not know it. */
export async function cityCoordinates(db: Db, country: string, city: string): Promise<{ lat: number; lng: number } | null> {
  const row = await db
    .selectFrom("cities")
    .select(["lat", "lng"])
    .where("country", "=", country)
    .where("name", "=", city)
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}
