/**
 * Where a lander's visitor is, as far as the page may say so (issue 29 point 15, docs/product.md
 * §11): the edge's city (Cloudflare's request.cf) only when its country is one of the site's and
 * its region is one of the site's regions there, so the photos can be searched from that region
 * and "Members near Utrecht" is true. Anything else (no edge data, another country, a region the
 * site does not list: wrangler's local stand-in says Austin, Texas) gives no place, and the
 * landers use their words without one.
 */
import { MAX_AGE, MIN_AGE } from "../../contract/limits";
import type { SearchFilters } from "../../contract/schemas";

export interface VisitorArea {
  city: string;
  filters: SearchFilters;
}

interface AreaSettings {
  countries: string[];
  region_data: Record<string, { id: number; name: string }[]>;
}

const text = (cf: object, key: string): string => {
  const value: unknown = Reflect.get(cf, key);
  return typeof value === "string" ? value.trim() : "";
};

export function visitorArea(cf: unknown, settings: AreaSettings): VisitorArea | null {
  if (typeof cf !== "object" || cf === null) return null;
  const country = text(cf, "country").toUpperCase();
  const city = text(cf, "city").slice(0, 80);
  const regionName = text(cf, "region").toLowerCase();
  if (!city || !regionName || !settings.countries.includes(country)) return null;
  const region = settings.region_data[country]?.find((r) => r.name.toLowerCase() === regionName);
  if (!region) return null;
  return {
    city,
    filters: { gender: "", min_age: MIN_AGE, max_age: MAX_AGE, country, countryregion: region.id },
  };
}
