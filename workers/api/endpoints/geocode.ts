/**
 * GET /api/geocode.php?lat=&lon= (docs/product.md §7): sign-up step 3 prefills country, region and city
 * from the device's position. Offline: the country from country-coder's borders (bundled), the
 * city and region from the nearest row of `cities` (GeoNames places, seeded by
 * workers/api/seed/geonames.ts) in that country, found by a bounding box on the (lat, lng) index.
 */
import { Hono, type Context } from "hono";
import { type GeocodeAnswer, GeocodeAnswerSchema } from "../../../contract/schemas";
import { GeocodeQuerySchema } from "../../../contract/requests/geocode";
import type { ApiContext } from "../context";
import { nearestCity } from "../db/places";
import { answer } from "../lib/answer";
import { type Limit, takeAttempt } from "../lib/rate-limit";
import { clientIp } from "../lib/request";
import { parseInput } from "../lib/validate";

export const GEONAMES_ATTRIBUTION =
  "Places from GeoNames (https://www.geonames.org/), CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/)";

/** Every call counts (a lookup costs a few queries; nobody moves 120 times in 15 minutes). */
const LIMIT = { max: 120, windowMs: 15 * 60 * 1000 };

function readQuery(c: Context) {
  // An empty field is a missing one.
  const input = { lat: c.req.query("lat") || undefined, lon: c.req.query("lon") || undefined };
  return parseInput(GeocodeQuerySchema, input, "Give lat (-90 to 90) and lon (-180 to 180) as decimal degrees.");
}

export const geocode = new Hono<ApiContext>().get("/geocode.php", async (c) => {
  const { db } = c.var;
  const limit: Limit = { key: `geocode:ip:${clientIp(c)}`, ...LIMIT };
  await takeAttempt(db, limit);

  const { lat, lon } = readQuery(c);
  // Imported on first use: building its border index takes ~100 ms, which other calls should not
  // pay at every cold start.
  const { iso1A2Code } = await import("@rapideditor/country-coder");
  const country = iso1A2Code([lon, lat]);
  const city = country ? await nearestCity(db, country, lat, lon) : null;
  const place: GeocodeAnswer = {
    country,
    countryregion: city?.region_id ?? null,
    city: city?.name ?? null,
    attribution: GEONAMES_ATTRIBUTION,
  };
  c.header("Cache-Control", "private, max-age=3600");
  return answer(c, GeocodeAnswerSchema, place);
});
