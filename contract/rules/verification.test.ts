import { describe, expect, it } from "vitest";
import { drawPose, isVerifiedMember, VERIFICATION_POSES } from "./verification";

describe("photo verification rules", () => {
  it("draws any pose but the last one asked", () => {
    for (const previous of [null, ...VERIFICATION_POSES]) {
      for (const random of [0, 0.2, 0.5, 0.99999]) {
        const pose = drawPose(previous, random);
        expect(VERIFICATION_POSES).toContain(pose);
        expect(pose).not.toBe(previous);
      }
    }
  });

  it("is verified while the verified photo is the main one", () => {
    expect(isVerifiedMember({ main_image_id: 3, verified_image_id: 3 })).toBe(true);
    expect(isVerifiedMember({ main_image_id: 4, verified_image_id: 3 })).toBe(false);
    expect(isVerifiedMember({ main_image_id: null, verified_image_id: null })).toBe(false);
    expect(isVerifiedMember({ main_image_id: 3, verified_image_id: null })).toBe(false);
  });
});
