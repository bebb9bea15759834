import { describe, expect, it } from "vitest";
import { codeState } from "./discount-codes";

const now = 1_800_000_000_000;
const base = { valid_from: now - 1000, valid_until: now + 1000, max_uses: null, paused: false, uses: 0 };

describe("codeState", () => {
  it("names each state, expired first, then used up, paused, scheduled, active", () => {
    expect(codeState(base, now)).toBe("active");
    expect(codeState({ ...base, valid_until: null }, now)).toBe("active");
    expect(codeState({ ...base, valid_from: now + 1 }, now)).toBe("scheduled");
    expect(codeState({ ...base, paused: true, valid_from: now + 1 }, now)).toBe("paused");
    expect(codeState({ ...base, paused: true, max_uses: 3, uses: 3 }, now)).toBe("used_up");
    expect(codeState({ ...base, max_uses: 3, uses: 2 }, now)).toBe("active");
    expect(codeState({ ...base, valid_until: now, paused: true, max_uses: 1, uses: 1 }, now)).toBe("expired");
  });
});
