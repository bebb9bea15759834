import { describe, expect, it } from "vitest";
import { attributionParts, fieldsFromDevice } from "./location-prefill";

const countries = ["NL", "BE", "DE"];

describe("the device's place, when the member asks for it (issue 29 point 10)", () => {
  it("replaces the country, region and city", () => {
    expect(fieldsFromDevice({ country: "NL", countryregion: 7, city: "Utrecht" }, countries)).toEqual({
      country: "NL",
      countryregion: "7",
      city: "Utrecht",
    });
  });

  it("leaves the region and city empty where the place data has none", () => {
    expect(fieldsFromDevice({ country: "DE", countryregion: null, city: null }, countries)).toEqual({
      country: "DE",
      countryregion: "",
      city: "",
    });
  });

  it("fills nothing in a country the site does not serve, or nowhere", () => {
    expect(fieldsFromDevice({ country: "JP", countryregion: 1, city: "Tokyo" }, countries)).toBeNull();
    expect(fieldsFromDevice({ country: null, countryregion: null, city: null }, countries)).toBeNull();
  });
});

describe("the place data's attribution", () => {
  it("shows names as links, not raw addresses", () => {
    const parts = attributionParts(
      "Places from GeoNames (https://www.geonames.org/), CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/)",
    );
    expect(parts).toEqual([
      { text: "Places from GeoNames", href: "https://www.geonames.org/" },
      { text: ", " },
      { text: "CC BY 4.0", href: "https://creativecommons.org/licenses/by/4.0/" },
    ]);
    expect(attributionParts("Plain words")).toEqual([{ text: "Plain words" }]);
  });
});
