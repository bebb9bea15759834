import { describe, expect, it } from "vitest";
import { safeRedirect } from "./redirect";

describe("safeRedirect", () => {
  it.each([
    ["/home", "/home"],
    ["/login", "/login"],
    ["/members/12?tab=photos#top", "/members/12?tab=photos#top"],
  ])("keeps the same-site path %s", (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });

  it.each([
    "https://evil.example/",
    "//evil.example/path",
    "/\\evil.example",
    "javascript:alert(1)",
    "home",
    "",
    "/%0d%0aSet-Cookie:x",
    "/\u0000",
    "/.//evil.example",
    "/a/..//evil.example",
    "/%2e//evil.example",
  ])("falls back for %j", (target) => {
    expect(safeRedirect(target)).toBe(target === "/%0d%0aSet-Cookie:x" ? "/%0d%0aSet-Cookie:x" : "/home");
  });

  it("falls back for missing values and uses the given fallback", () => {
    expect(safeRedirect(null)).toBe("/home");
    expect(safeRedirect(undefined, "/")).toBe("/");
  });
});
