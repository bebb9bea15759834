import { describe, expect, it } from "vitest";
import { visitorArea } from "./visitor-area";

const settings = {
  countries: ["NL", "BE"],
  region_data: { NL: [{ id: 7, name: "Utrecht" }], BE: [{ id: 9, name: "Flanders" }] },
};

describe("visitorArea (issue 29 point 15)", () => {
  it("names the city only in one of the site's regions, and searches that region", () => {
    expect(visitorArea({ country: "nl", region: "utrecht", city: "Amersfoort" }, settings)).toEqual({
      city: "Amersfoort",
      filters: { gender: "", min_age: 18, max_age: 100, country: "NL", countryregion: 7 },
    });
  });

  it("gives no place for another country (wrangler's local stand-in: Austin, Texas, US)", () => {
    expect(visitorArea({ country: "US", region: "Texas", city: "Austin" }, settings)).toBeNull();
  });

  it("gives no place for a region the site does not list, or without a city or region", () => {
    expect(visitorArea({ country: "NL", region: "Zeeland", city: "Middelburg" }, settings)).toBeNull();
    expect(visitorArea({ country: "NL", region: "Utrecht", city: " " }, settings)).toBeNull();
    expect(visitorArea({ country: "NL", city: "Utrecht" }, settings)).toBeNull();
  });

  it("gives no place without edge data or with data of the wrong type", () => {
    expect(visitorArea(undefined, settings)).toBeNull();
    expect(visitorArea(null, settings)).toBeNull();
    expect(visitorArea({ country: 31, region: ["Utrecht"], city: {} }, settings)).toBeNull();
  });
});
