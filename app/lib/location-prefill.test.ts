import { describe, expect, it } from "vitest";
import { prefillFrom, wantsDevicePlace } from "./location-prefill";

const UTRECHT = { country: "NL", countryregion: 7, city: "Utrecht" };
const BERLIN = { country: "DE", countryregion: 12, city: "Berlin" };
const countries = ["NL", "BE", "DE"];
const empty = { country: "NL", countryregion: "", city: "" };

describe("prefillFrom: sign-up step 3 (prefilled from the device)", () => {
  const signup = { variant: "signup" as const, savedCountry: null, countries };

  it("takes the device's country, region and city into an empty form", () => {
    expect(prefillFrom(UTRECHT, empty, signup)).toEqual({ country: "NL", countryregion: "7", city: "Utrecht" });
  });

  it("keeps a region and a city the member chose or typed", () => {
    expect(prefillFrom(UTRECHT, { country: "NL", countryregion: "3", city: "Gouda" }, signup)).toEqual({ country: "NL" });
  });

  it("ignores a place in a country the site does not serve, or none", () => {
    expect(prefillFrom({ ...UTRECHT, country: "JP" }, empty, signup)).toEqual({});
    expect(prefillFrom({ country: null, countryregion: null, city: null }, empty, signup)).toEqual({});
  });
});

describe("prefillFrom: /profile, where the saved place wins (issue 16, defect 3)", () => {
  it("never replaces a saved country, region or city", () => {
    const saved = { country: "NL", countryregion: "7", city: "Utrecht" };
    expect(prefillFrom(BERLIN, saved, { variant: "profile", savedCountry: "NL", countries })).toEqual({});
    expect(prefillFrom(UTRECHT, { ...saved, city: "Amersfoort" }, { variant: "profile", savedCountry: "NL", countries })).toEqual(
      {},
    );
  });

  it("fills only an empty place, and only in the saved country", () => {
    const context = { variant: "profile" as const, savedCountry: "NL", countries };
    expect(prefillFrom(UTRECHT, empty, context)).toEqual({ countryregion: "7", city: "Utrecht" });
    expect(prefillFrom(BERLIN, empty, context)).toEqual({});
    // A city typed without a region: the device's region could contradict it.
    expect(prefillFrom(UTRECHT, { ...empty, city: "Gouda" }, context)).toEqual({});
    expect(prefillFrom(UTRECHT, { ...empty, countryregion: "3" }, context)).toEqual({});
  });

  it("fills the country too when the profile has none saved", () => {
    expect(prefillFrom(BERLIN, empty, { variant: "profile", savedCountry: null, countries })).toEqual({
      country: "DE",
      countryregion: "12",
      city: "Berlin",
    });
  });
});

describe("wantsDevicePlace", () => {
  it("always at sign-up", () => {
    expect(wantsDevicePlace({ country: "NL", countryregion: 7, city: "Utrecht" }, "signup")).toBe(true);
  });

  it("on /profile only while no region and no city are saved", () => {
    expect(wantsDevicePlace({ country: "NL", countryregion: 7, city: "Utrecht" }, "profile")).toBe(false);
    expect(wantsDevicePlace({ country: "NL", countryregion: null, city: "Utrecht" }, "profile")).toBe(false);
    expect(wantsDevicePlace({ country: "NL", countryregion: 7, city: "" }, "profile")).toBe(false);
    expect(wantsDevicePlace({ country: "NL", countryregion: null, city: "" }, "profile")).toBe(true);
    expect(wantsDevicePlace({ country: null, countryregion: null, city: "" }, "profile")).toBe(true);
  });
});
