import { describe, expect, it } from "vitest";
import { newConversationsPerDay } from "./trust-limits";

const settings = { new_conversations_per_day: 30, new_conversations_per_day_verified: 60 };

describe("newConversationsPerDay", () => {
  it("is the site's number, the verified one for verified members", () => {
    expect(newConversationsPerDay(settings, { verified: false, upheldReports: 0 })).toBe(30);
    expect(newConversationsPerDay(settings, { verified: true, upheldReports: 0 })).toBe(60);
  });

  it("halves for each upheld report, rounding down, never below one", () => {
    const limits = [0, 1, 2, 3, 4, 5, 6, 50].map((upheldReports) =>
      newConversationsPerDay(settings, { verified: false, upheldReports }),
    );
    expect(limits).toEqual([30, 15, 7, 3, 1, 1, 1, 1]);
    expect(newConversationsPerDay(settings, { verified: true, upheldReports: 2 })).toBe(15);
    expect(newConversationsPerDay({ ...settings, new_conversations_per_day: 1 }, { verified: false, upheldReports: 0 })).toBe(1);
  });

  it("reads a nonsense count as none", () => {
    expect(newConversationsPerDay(settings, { verified: false, upheldReports: -3 })).toBe(30);
    expect(newConversationsPerDay(settings, { verified: false, upheldReports: Number.MAX_SAFE_INTEGER })).toBe(1);
  });
});
