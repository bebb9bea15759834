import { describe, expect, it } from "vitest";
import { extractTracking, parseConsent, parseTracking } from "./tracking";

describe("extractTracking", () => {
  it("takes every tracking parameter off the URL and keeps the others", () => {
    const url = new URL("https://site.example/members?network=aff1&sub1=a&sub2=b&aff_sub3=c&cpc=0.4&page=2#top");
    const found = extractTracking(url, {});
    expect(found).toEqual({
      tracking: { network: "aff1", sub1: "a", sub2: "b", aff_sub3: "c", cpc: "0.4" },
      cleanUrl: "/members?page=2#top",
    });
  });

  it("answers null when the URL has no tracking parameter", () => {
    expect(extractTracking(new URL("https://site.example/?page=2"), {})).toBeNull();
  });

  it("replaces only the parameters the new landing carries", () => {
    const found = extractTracking(new URL("https://site.example/?sub1=new"), { network: "old", sub1: "old" });
    expect(found?.tracking).toEqual({ network: "old", sub1: "new" });
  });

  it("cuts overlong values", () => {
    const found = extractTracking(new URL(`https://site.example/?ref=${"x".repeat(500)}`), {});
    expect(found?.tracking.ref).toHaveLength(200);
  });
});

describe("parseTracking", () => {
  it("reads a stored cookie and drops anything that is not a tracking string", () => {
    expect(parseTracking('{"network":"n","evil":"x","sub1":5}')).toEqual({ network: "n" });
  });

  it("treats junk as empty", () => {
    expect(parseTracking("not json")).toEqual({});
    expect(parseTracking("null")).toEqual({});
    expect(parseTracking(undefined)).toEqual({});
  });
});

describe("the clean address after tracking values are taken", () => {
  it("stays on this site when the path normalises into another host (security probe)", () => {
    // `curl --path-as-is 'http://localhost/x/..//evil.example/?network=abc'` gave Location: //evil.example/
    const url = new URL("http://localhost/x/..//evil.example/?network=abc");
    expect(url.pathname).toBe("//evil.example/");
    expect(extractTracking(url, {})?.cleanUrl).toBe("/");
    expect(extractTracking(new URL("http://localhost//evil.example?network=abc"), {})?.cleanUrl).toBe("/");
  });

  it("keeps an ordinary path and its other parameters", () => {
    expect(extractTracking(new URL("http://localhost/members/5?network=abc&page=2"), {})?.cleanUrl).toBe("/members/5?page=2");
  });
});

describe("parseConsent", () => {
  it("knows the two answers and nothing else", () => {
    expect(parseConsent("partners")).toBe("partners");
    expect(parseConsent("none")).toBe("none");
    expect(parseConsent("yes")).toBeNull();
    expect(parseConsent("")).toBeNull();
    expect(parseConsent(undefined)).toBeNull();
  });
});
