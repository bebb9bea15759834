import { describe, expect, it } from "vitest";
import { mayReload } from "./service-worker";

describe("the reload guard", () => {
  it("reloads for a new worker at most once per 10 s", () => {
    expect(mayReload(0, 1_700_000_000_000)).toBe(true);
    expect(mayReload(1_000, 10_999)).toBe(false);
    expect(mayReload(1_000, 11_000)).toBe(true);
  });
});
