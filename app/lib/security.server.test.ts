import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  isCrossSitePost,
  PARTNER_IMAGE_HOSTS_HEADER,
  partnerImageHosts,
  withSecurityHeaders,
} from "./security.server";

const post = (headers: Record<string, string>) => new Request("https://site.example/login", { method: "POST", headers });

describe("isCrossSitePost", () => {
  it("refuses posts from other sites", () => {
    expect(isCrossSitePost(post({ "sec-fetch-site": "cross-site" }))).toBe(true);
    expect(isCrossSitePost(post({ origin: "https://evil.example" }))).toBe(true);
    expect(isCrossSitePost(post({ origin: "null" }))).toBe(true);
  });

  it("lets same-origin posts, non-browser posts and reads through", () => {
    expect(isCrossSitePost(post({ "sec-fetch-site": "same-origin", origin: "https://site.example" }))).toBe(false);
    expect(isCrossSitePost(post({}))).toBe(false);
    expect(isCrossSitePost(new Request("https://site.example/", { headers: { "sec-fetch-site": "cross-site" } }))).toBe(false);
  });
});

describe("withSecurityHeaders", () => {
  it("adds CSP with the nonce to HTML, and HSTS on https", () => {
    const response = withSecurityHeaders(
      new Response("<p>hi</p>", { headers: { "Content-Type": "text/html; charset=utf-8" } }),
      "abc",
      new URL("https://site.example/"),
    );
    expect(response.headers.get("content-security-policy")).toBe(contentSecurityPolicy("abc"));
    expect(response.headers.get("content-security-policy")).toContain("'nonce-abc'");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("strict-transport-security")).toContain("max-age=");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("leaves CSP off JSON and HSTS off plain http", () => {
    const response = withSecurityHeaders(Response.json({}), "abc", new URL("http://localhost/"));
    expect(response.headers.get("content-security-policy")).toBeNull();
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });
});

describe("Cache-Control (security probe, issue 17)", () => {
  const page = () => new Response("<p>hi</p>", { headers: { "Content-Type": "text/html; charset=utf-8" } });
  it("keeps a member's pages in no cache", () => {
    expect(withSecurityHeaders(page(), "abc", new URL("https://site.example/home"), true).headers.get("cache-control")).toBe(
      "private, no-store",
    );
  });
  it("lets a visitor's pages be kept privately and revalidated", () => {
    expect(withSecurityHeaders(page(), "abc", new URL("https://site.example/"), false).headers.get("cache-control")).toBe(
      "private, no-cache",
    );
  });
  it("leaves an answer's own Cache-Control alone", () => {
    const manifest = new Response("{}", { headers: { "Cache-Control": "public, max-age=3600" } });
    expect(
      withSecurityHeaders(manifest, "abc", new URL("https://site.example/manifest.webmanifest"), true).headers.get(
        "cache-control",
      ),
    ).toBe("public, max-age=3600");
  });
});

describe("partner image hosts (the partner feed's snapshots, ADR 026)", () => {
  it("join img-src from the internal header, which never leaves the worker", () => {
    const response = withSecurityHeaders(
      new Response("<p>hi</p>", {
        headers: { "Content-Type": "text/html", [PARTNER_IMAGE_HOSTS_HEADER]: "snaps.partner.example 127.0.0.1:8877" },
      }),
      "abc",
      new URL("https://site.example/"),
    );
    expect(response.headers.get("content-security-policy")).toContain(
      "img-src 'self' data: blob: snaps.partner.example 127.0.0.1:8877;",
    );
    expect(response.headers.has(PARTNER_IMAGE_HOSTS_HEADER)).toBe(false);
  });

  it("only plain host names: nothing that would widen the policy", () => {
    expect(partnerImageHosts("* 'unsafe-inline' https: *.example.com a.example;script-src evil.example ok.example")).toEqual([
      "evil.example",
      "ok.example",
    ]);
    expect(partnerImageHosts(null)).toEqual([]);
  });
});
