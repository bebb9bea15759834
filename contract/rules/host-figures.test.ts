import { describe, expect, it } from "vitest";
import { dayOf, dayText, readRange } from "./host-figures";

const today = dayOf("2026-11-27")!;

describe("readRange", () => {
  it("defaults: the last 7 days, today included; from alone ends today", () => {
    expect(readRange(undefined, undefined, today)).toEqual({ ok: true, from: today - 6, to: today });
    expect(readRange("", "", today)).toEqual({ ok: true, from: today - 6, to: today });
    expect(readRange("2026-11-01", undefined, today)).toEqual({ ok: true, from: dayOf("2026-11-01"), to: today });
    expect(readRange(undefined, "2026-01-10", today)).toEqual({ ok: true, from: dayOf("2026-01-04"), to: dayOf("2026-01-10") });
  });

  it("refuses what is not a date, a reversed range, more than 92 days", () => {
    expect(readRange("2026-02-30", undefined, today)).toEqual({ ok: false, field: "from", problem: "date" });
    expect(readRange(undefined, "27-11-2026", today)).toEqual({ ok: false, field: "to", problem: "date" });
    expect(readRange("2026-11-28", "2026-11-27", today)).toEqual({ ok: false, field: "from", problem: "order" });
    expect(readRange("2026-01-01", "2026-04-03", today)).toEqual({ ok: false, field: "from", problem: "too_long" });
    expect(readRange("2026-01-01", "2026-04-02", today).ok).toBe(true);
  });

  it("days are UTC calendar days", () => {
    expect(dayText(dayOf("2024-02-29")!)).toBe("2024-02-29");
    expect(dayOf("2023-02-29")).toBeNull();
  });
});
