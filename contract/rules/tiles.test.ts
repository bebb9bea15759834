import { describe, expect, it } from "vitest";
import { showCamTiles, withTiles } from "./tiles";

const DAY = 86_400_000;
const base = { loggedIn: true, paidUser: false, signupDate: 0, now: 5 * DAY, memberResell: ["cams"] };

describe("showCamTiles", () => {
  it("shows to a logged-in, non-paying member of more than 4 days on a site that resells cams", () => {
    expect(showCamTiles(base)).toBe(true);
    expect(showCamTiles({ ...base, memberResell: ["camads"] })).toBe(true);
  });

  it.each([
    ["a visitor", { loggedIn: false }],
    ["a paying member", { paidUser: true }],
    ["a member of exactly 4 days", { now: 345_600_000 }],
    ["a new member", { now: DAY }],
    ["a site without cams", { memberResell: [] }],
  ])("hides from %s", (_, change) => {
    expect(showCamTiles({ ...base, ...change })).toBe(false);
  });
});

describe("withTiles", () => {
  const profiles = Array.from({ length: 24 }, (_, i) => `p${i}`);
  const cams = ["c0", "c1", "c2", "c3"];
  const kinds = (items: ReturnType<typeof withTiles<string, string>>) =>
    items.map((item) => (item.kind === "profile" ? item.profile : item.kind === "cam" ? `CAM:${item.cam}` : `AD:${item.cam}`));

  it("puts a live cam at index 1 and an ad at index 5 of every block of 12, one cam per half block", () => {
    const items = kinds(withTiles(profiles, cams, true));
    expect(items.slice(0, 14)).toEqual([
      "p0",
      "CAM:c0",
      "p1",
      "p2",
      "p3",
      "AD:c1",
      "p4",
      "p5",
      "p6",
      "p7",
      "p8",
      "p9",
      "p10",
      "p11",
    ]);
    expect(items.slice(14, 28)).toEqual([
      "p12",
      "CAM:c2",
      "p13",
      "p14",
      "p15",
      "AD:c3",
      "p16",
      "p17",
      "p18",
      "p19",
      "p20",
      "p21",
      "p22",
      "p23",
    ]);
  });

  it("leaves the grid alone when tiles are not shown", () => {
    expect(kinds(withTiles(profiles, cams, false))).toEqual(profiles);
  });

  it("skips the live tile without a cam, and positions a short block has not reached", () => {
    expect(kinds(withTiles(["p0", "p1", "p2"], [], true))).toEqual(["p0", "p1", "p2"]);
    expect(kinds(withTiles(["p0", "p1", "p2", "p3", "p4"], [], true))).toEqual(["p0", "p1", "p2", "p3", "p4", "AD:null"]);
    expect(kinds(withTiles(["p0"], ["c0"], true))).toEqual(["p0", "CAM:c0"]);
  });
});
