import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiErrorSchema, GeocodeAnswerSchema } from "../../contract/schemas";
import { call, ensureSites } from "./helpers";

let ipCounter = 0;
/** Each test its own client IP, so the rate limit of one never meets another. */
const freshIp = () => `198.51.100.${++ipCounter}`;

function geocode(query: string, ip = freshIp()) {
  return call(`/api/geocode.php${query}`, { headers: { "x-client-ip": ip } });
}

async function answer(query: string) {
  const response = await geocode(query);
  expect(response.status).toBe(200);
  return { response, body: GeocodeAnswerSchema.parse(await response.json()) };
}

beforeAll(async () => {
  await ensureSites(); // regions 1 NL Utrecht, 2 NL Noord-Holland, 3 BE Antwerpen
  await env.DB.prepare(
    `INSERT OR IGNORE INTO cities (id, region_id, country, name, lat, lng) VALUES
       (9001, 2, 'NL', 'Amsterdam', 52.37403, 4.88969),
       (9002, 2, 'NL', 'Haarlem', 52.38084, 4.63683),
       (9003, 1, 'NL', 'Utrecht', 52.09083, 5.12222),
       (9004, 1, 'NL', 'Roosendaal', 51.53083, 4.46528),
       (9005, 3, 'BE', 'Antwerpen', 51.21989, 4.40346)`,
  ).run();
});

describe("GET /api/geocode.php", () => {
  it("answers country, region and city for central Amsterdam, cached for an hour, with attribution", async () => {
    const { response, body } = await answer("?lat=52.3676&lon=4.9041");
    expect(body).toMatchObject({ country: "NL", countryregion: 2, city: "Amsterdam" });
    expect(body.attribution).toMatch(/GeoNames.*CC BY 4\.0/);
    expect(response.headers.get("cache-control")).toBe("private, max-age=3600");
  });

  it("picks the nearest city, not the first in the box", async () => {
    const { body } = await answer("?lat=52.3874&lon=4.6462"); // central Haarlem
    expect(body).toMatchObject({ country: "NL", countryregion: 2, city: "Haarlem" });
  });

  it("widens the search up to 50 km", async () => {
    // Veenendaal: 30 km east of Utrecht, no row nearer.
    const { body } = await answer("?lat=52.0286&lon=5.5589");
    expect(body).toMatchObject({ country: "NL", countryregion: 1, city: "Utrecht" });
  });

  it("answers a city of the point's own country only", async () => {
    // Essen, Belgium, on the Dutch border: Roosendaal (NL) is 7 km away, Antwerpen 28 km.
    const { body } = await answer("?lat=51.4667&lon=4.4667");
    expect(body).toMatchObject({ country: "BE", countryregion: 3, city: "Antwerpen" });
  });

  it("knows the country but no city when none lies within 50 km", async () => {
    const { body } = await answer("?lat=53.2194&lon=6.5665"); // Groningen: 145 km from Amsterdam
    expect(body).toMatchObject({ country: "NL", countryregion: null, city: null });
    const far = await answer("?lat=-25.3444&lon=131.0369"); // Uluru: a country without rows
    expect(far.body).toMatchObject({ country: "AU", countryregion: null, city: null });
  });

  it("answers no country at sea", async () => {
    const { body } = await answer("?lat=53.5&lon=3.0"); // the North Sea, 90 km off the Dutch coast
    expect(body).toEqual({ country: null, countryregion: null, city: null, attribution: body.attribution });
  });

  it("accepts the edges of the range", async () => {
    const { body } = await answer("?lat=-90&lon=180");
    expect(body.city).toBeNull();
    await answer("?lat=90.0&lon=-180.000000");
    await answer("?lat=+52.37&lon=.9");
  });

  const bad: [string, string, Record<string, string>][] = [
    ["nothing", "", { lat: "required", lon: "required" }],
    ["empty values", "?lat=&lon=", { lat: "required", lon: "required" }],
    ["no lon", "?lat=52.37", { lon: "required" }],
    ["words", "?lat=north&lon=east", { lat: "invalid_format", lon: "invalid_format" }],
    ["NaN", "?lat=NaN&lon=4.9", { lat: "invalid_format" }],
    ["Infinity", "?lat=52.3&lon=Infinity", { lon: "invalid_format" }],
    ["-Infinity", "?lat=-Infinity&lon=4.9", { lat: "invalid_format" }],
    ["exponents", "?lat=5.2e1&lon=4.9", { lat: "invalid_format" }],
    ["hex", "?lat=0x20&lon=4.9", { lat: "invalid_format" }],
    ["a decimal comma", "?lat=52,37&lon=4,9", { lat: "invalid_format", lon: "invalid_format" }],
    ["lat above 90", "?lat=90.5&lon=4.9", { lat: "too_big" }],
    ["lat below -90", "?lat=-91&lon=4.9", { lat: "too_small" }],
    ["lon above 180", "?lat=52.37&lon=180.01", { lon: "too_big" }],
    ["lon below -180", "?lat=52.37&lon=-999", { lon: "too_small" }],
    ["a huge string", `?lat=${"1".repeat(100_000)}&lon=4.9`, { lat: "too_big" }],
    ["a long string of zeros", `?lat=52.${"0".repeat(40)}&lon=4.9`, { lat: "too_big" }],
  ];
  for (const [name, query, fields] of bad) {
    it(`refuses ${name} with 422 and field codes`, async () => {
      const response = await geocode(query);
      expect(response.status).toBe(422);
      const body = ApiErrorSchema.parse(await response.json());
      expect(body.error).toBe("invalid_input");
      expect(body.fields).toEqual(fields);
    });
  }

  it("limits one client IP to 120 calls in 15 minutes", async () => {
    const ip = freshIp();
    for (let i = 0; i < 120; i++) {
      const response = await geocode(i % 2 ? "?lat=52.3676&lon=4.9041" : "?lat=oops", ip);
      expect(response.status).not.toBe(429);
    }
    const limited = await geocode("?lat=52.3676&lon=4.9041", ip);
    expect(limited.status).toBe(429);
    const body = ApiErrorSchema.parse(await limited.json());
    expect(body.error).toBe("rate_limited");
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(15 * 60);
    // Another visitor is not affected.
    expect((await geocode("?lat=52.3676&lon=4.9041")).status).toBe(200);
    // A hundred calls in a row: slow on a loaded two-core machine, not a timing assertion.
  }, 30_000);
});
