import { describe, expect, it } from "vitest";
import { limitResetsAt } from "./trust-limits.server";

// Friday 27 November 2026, 20:30 UTC: the UTC day ends in three and a half hours.
const now = Date.UTC(2026, 10, 27, 20, 30);
const retryAfter = 3.5 * 60 * 60;

describe("limitResetsAt", () => {
  it("is the end of the UTC day in the member's zone and language", () => {
    expect(limitResetsAt(retryAfter, "en", "Europe/Amsterdam", now)).toMatch(/^Saturday,? 1:00\sAM GMT\+1$/);
    expect(limitResetsAt(retryAfter, "en", "America/New_York", now)).toMatch(/^Friday,? 7:00\sPM EST$/);
    expect(limitResetsAt(retryAfter, "de", "Europe/Berlin", now)).toMatch(/^Samstag,? 01:00 MEZ$/);
  });

  it("falls back to UTC for an unknown zone, and to the next UTC midnight without a time", () => {
    expect(limitResetsAt(retryAfter, "en", "Mars/Olympus", now)).toMatch(/^Saturday,? 12:00\sAM UTC$/);
    expect(limitResetsAt(undefined, "en", null, now)).toMatch(/^Saturday,? 12:00\sAM UTC$/);
  });
});
