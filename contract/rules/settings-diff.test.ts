import { describe, expect, it } from "vitest";
import { settingsChanges } from "./settings-diff";

describe("settingsChanges", () => {
  it("lists each changed leaf by its path, nothing for what stayed", () => {
    const before = { name: "Amora", theme: { brand: "#b0124f", radius: 16 }, countries: ["NL", "BE"] };
    const after = { name: "Amora", theme: { brand: "#0f5132", radius: 16 }, countries: ["NL"] };
    expect(settingsChanges(before, after)).toEqual([
      { path: "countries.1", before: "BE", after: null },
      { path: "theme.brand", before: "#b0124f", after: "#0f5132" },
    ]);
  });

  it("shows added and removed settings, and values as text", () => {
    expect(settingsChanges({ a: 1 }, { a: 1, b: { c: true } })).toEqual([{ path: "b", before: null, after: '{"c":true}' }]);
    expect(settingsChanges({ a: [1] }, { a: { 0: 1 } })).toEqual([{ path: "a", before: "[1]", after: '{"0":1}' }]);
  });

  it("cuts a long value", () => {
    const [change] = settingsChanges({ url: "x" }, { url: "y".repeat(500) });
    expect(change?.after).toHaveLength(200);
    expect(change?.after?.endsWith("…")).toBe(true);
  });

  it("finds no change between equal settings", () => {
    expect(settingsChanges({ a: { b: [1, 2] } }, { a: { b: [1, 2] } })).toEqual([]);
  });
});
