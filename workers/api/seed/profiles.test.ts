import { describe, expect, it } from "vitest";
import { ageOn } from "../db/members";
import { GEO } from "./geo-data";
import { SEED_EPOCH, seedProfile } from "./profiles";

describe("seedProfile", () => {
  it("is deterministic", () => {
    expect(seedProfile(42)).toEqual(seedProfile(42));
    expect(seedProfile(42)).not.toEqual(seedProfile(43));
  });

  it("spreads 500 profiles over all 14 countries, both genders, ages 18 to 80, real places", () => {
    const profiles = Array.from({ length: 500 }, (_, i) => seedProfile(i));
    expect(new Set(profiles.map((p) => p.country)).size).toBe(14);
    expect(new Set(profiles.map((p) => p.gender))).toEqual(new Set(["male", "female"]));
    const ages = profiles.map((p) => ageOn(p.dateOfBirth, new Date(SEED_EPOCH))!);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(18);
    expect(Math.max(...ages)).toBeLessThanOrEqual(80);
    const fictional = profiles.filter((p) => p.fictional).length;
    expect(fictional).toBeGreaterThan(200);
    expect(fictional).toBeLessThan(500);
    for (const p of profiles) {
      const region = GEO[p.country].find((r) => r.name === p.regionName);
      expect(region?.cities.some((c) => c.name === p.city)).toBe(true);
      expect(p.photoCount).toBeGreaterThanOrEqual(1);
      expect(p.photoCount).toBeLessThanOrEqual(4);
    }
  });
});

describe("seedProfile: whom the profiles are interested in (issue 16)", () => {
  it("mostly the other gender, some the same, some everyone", () => {
    const profiles = Array.from({ length: 500 }, (_, i) => seedProfile(i));
    const other = profiles.filter((p) => p.interestedIn !== "everyone" && p.interestedIn !== p.gender).length;
    const same = profiles.filter((p) => p.interestedIn === p.gender).length;
    const everyone = profiles.filter((p) => p.interestedIn === "everyone").length;
    expect(other).toBeGreaterThan(350);
    expect(same).toBeGreaterThan(10);
    expect(everyone).toBeGreaterThan(10);
  });
});

describe("ageOn", () => {
  it("counts whole years", () => {
    const day = new Date(Date.UTC(2026, 5, 15));
    expect(ageOn("2000-06-15", day)).toBe(26);
    expect(ageOn("2000-06-16", day)).toBe(25);
    expect(ageOn(null, day)).toBeNull();
    expect(ageOn("garbage", day)).toBeNull();
  });
  it("answers most select fields and has two to four interests, as members do", async () => {
    const { INTERESTS, SELECT_FIELDS } = await import("../data/profile-fields");
    const profiles = Array.from({ length: 200 }, (_, i) => seedProfile(i));
    for (const { fields } of profiles) {
      const interests = (fields.interests ?? "").split(",");
      expect(interests.length).toBeGreaterThanOrEqual(2);
      expect(interests.length).toBeLessThanOrEqual(4);
      expect(new Set(interests).size).toBe(interests.length);
      for (const id of interests) expect(INTERESTS).toContain(id);
      for (const [name, value] of Object.entries(fields)) {
        if (name !== "interests") expect(SELECT_FIELDS[name as keyof typeof SELECT_FIELDS]).toContain(value);
      }
    }
    const answered = profiles.filter((p) => p.fields.smoking !== undefined).length;
    expect(answered).toBeGreaterThan(100);
    expect(answered).toBeLessThan(200);
  });
});
