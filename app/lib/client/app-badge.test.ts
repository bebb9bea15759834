import { describe, expect, it } from "vitest";
import { badgeCount, LIKES_POLL_DELAY_MS, titleWithCount } from "./app-badge";

describe("app badge", () => {
  it("counts unread messages plus new likes", () => {
    expect(badgeCount(2, 3)).toBe(5);
    expect(badgeCount(0, 0)).toBe(0);
  });

  it("puts the count in front of the title, once", () => {
    expect(titleWithCount("Amora", 3)).toBe("(3) Amora");
    expect(titleWithCount("(3) Amora", 4)).toBe("(4) Amora");
    expect(titleWithCount("(3) Amora", 0)).toBe("Amora");
  });

  it("runs likes polling one second behind user polling", () => {
    expect(LIKES_POLL_DELAY_MS).toBe(1_000);
  });
});
