import { describe, expect, it } from "vitest";
import { PROFILE_PARTS, profilePart, profileSectionHref } from "./parts";

describe("/profile's parts", () => {
  it("reads a known part and gives the overview for anything else", () => {
    for (const part of PROFILE_PARTS) expect(profilePart(part)).toBe(part);
    expect(profilePart(null)).toBeNull();
    expect(profilePart("")).toBeNull();
    expect(profilePart("Photos")).toBeNull();
    expect(profilePart("../admin")).toBeNull();
  });

  it("leads a section to its part, at its heading", () => {
    expect(profileSectionHref("photos")).toBe("/profile?part=photos#photos");
    expect(profileSectionHref("name")).toBe("/profile?part=about#name");
    expect(profileSectionHref("push-kinds")).toBe("/profile?part=notifications#push-kinds");
    expect(profileSectionHref("blocked")).toBe("/profile?part=privacy#blocked");
    expect(profileSectionHref("nonsense")).toBe("/profile");
  });
});
