import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  HSTS,
  httpsRedirect,
  isCrossSitePost,
  isHttps,
  isMisreadPath,
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

describe("isCrossSitePost: the Referer of a post without Origin and fetch metadata (issue 25, point 21)", () => {
  it("refuses one whose Referer is another site, or not a URL at all", () => {
    expect(isCrossSitePost(post({ referer: "https://evil.example/form.html" }))).toBe(true);
    expect(isCrossSitePost(post({ referer: "https://site.example.evil.example/" }))).toBe(true);
    expect(isCrossSitePost(post({ referer: "http://site.example/login" }))).toBe(true);
    expect(isCrossSitePost(post({ referer: "not a url" }))).toBe(true);
  });

  it("lets one through whose Referer is this site, and one with none of the three headers (not a browser)", () => {
    expect(isCrossSitePost(post({ referer: "https://site.example/login?redirectTo=%2Fhome" }))).toBe(false);
    expect(isCrossSitePost(post({}))).toBe(false);
    // Origin and fetch metadata, where a browser sends them, decide before the Referer.
    expect(isCrossSitePost(post({ origin: "https://site.example", referer: "https://evil.example/" }))).toBe(false);
    expect(isCrossSitePost(post({ "sec-fetch-site": "same-origin", referer: "https://evil.example/" }))).toBe(false);
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

describe("https only (FORCE_HTTPS, docs/decisions/032-https-only.md)", () => {
  const request = (url: string, init: RequestInit & { headers?: Record<string, string> } = {}) => new Request(url, init);

  it("redirects http to the same address over https: 301 for GET and HEAD, 308 for other methods", () => {
    const get = httpsRedirect(request("http://site.example/members?page=2"), true);
    expect(get?.status).toBe(301);
    expect(get?.headers.get("location")).toBe("https://site.example/members?page=2");
    expect(httpsRedirect(request("http://site.example/", { method: "HEAD" }), true)?.status).toBe(301);
    const posted = httpsRedirect(request("http://site.example/login", { method: "POST", body: "a=1" }), true);
    expect(posted?.status).toBe(308);
    expect(posted?.headers.get("location")).toBe("https://site.example/login");
  });

  it("believes the scheme a proxy in front received, and keeps the host (and port) the visitor typed", () => {
    // Cloudflare's edge or the local TLS proxy: the worker itself is reached over http.
    const behind = (proto: string) =>
      request("http://127.0.0.1:8787/pages/faq", { headers: { "x-forwarded-proto": proto, host: "127.0.0.1:8846" } });
    expect(httpsRedirect(behind("https"), true)).toBeNull();
    expect(isHttps(behind("https"))).toBe(true);
    expect(httpsRedirect(behind("http"), true)?.headers.get("location")).toBe("https://127.0.0.1:8846/pages/faq");
  });

  it("does nothing when off, over https, or for plain local development on a loopback host", () => {
    expect(httpsRedirect(request("http://site.example/"), false)).toBeNull();
    expect(httpsRedirect(request("https://site.example/"), true)).toBeNull();
    for (const host of ["localhost", "127.0.0.1", "[::1]", "velvet.localhost"]) {
      expect(httpsRedirect(request(`http://${host}:8787/`), true), host).toBeNull();
    }
    // A host that only looks local is not.
    expect(httpsRedirect(request("http://localhost.site.example/"), true)?.status).toBe(301);
  });

  it("builds the target from the path: //evil.example/ never becomes a host (issue 25, point 19)", () => {
    // Cloudflare passes the path as sent: the target keeps the site's host, with one leading slash.
    const edge = httpsRedirect(request("http://site.example//evil.example/", { headers: { host: "site.example" } }), true);
    expect(edge?.headers.get("location")).toBe("https://site.example/evil.example/");
    for (const path of ["//evil.example/", "///evil.example", "/\\evil.example/", "//evil.example:443/x?y=1"]) {
      const location = httpsRedirect(
        request(`http://site.example${path}`, { headers: { host: "site.example" } }),
        true,
      )?.headers.get("location");
      expect(new URL(location ?? "").host, path).toBe("site.example");
    }
    // The local server (vite preview) already read "//evil.example/" as the address's host; the
    // host the visitor typed is in X-Forwarded-Host (and Host says evil.example).
    const local = request("http://evil.example/", {
      headers: { host: "evil.example", "x-forwarded-host": "site.example:8443", "x-forwarded-proto": "http" },
    });
    expect(httpsRedirect(local, true)?.headers.get("location")).toBe("https://site.example:8443/");
    const loopback = request("http://evil.example/", { headers: { host: "evil.example", "x-forwarded-host": "127.0.0.1:8787" } });
    expect(httpsRedirect(loopback, true)).toBeNull();
    // A header that is not a plain host is not believed.
    const forged = request("http://site.example/", { headers: { host: "site.example", "x-forwarded-host": "evil.example/x@y" } });
    expect(httpsRedirect(forged, true)?.headers.get("location")).toBe("https://site.example/");
  });

  it("knows a request whose path the local server read as a host", () => {
    const misread = request("http://evil.example/", { headers: { host: "evil.example", "x-forwarded-host": "127.0.0.1:8787" } });
    expect(isMisreadPath(misread)).toBe(true);
    expect(isMisreadPath(request("http://127.0.0.1:8787/a//b", { headers: { "x-forwarded-host": "127.0.0.1:8787" } }))).toBe(
      false,
    );
    expect(isMisreadPath(request("https://site.example//evil.example/", { headers: { host: "site.example" } }))).toBe(false);
  });

  it("sends HSTS for at least a year, subdomains included, on https answers only (by the scheme the visitor used)", () => {
    const maxAge = Number(/max-age=(\d+)/.exec(HSTS)?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(365 * 24 * 3600);
    expect(HSTS).toContain("includeSubDomains");
    const page = () => new Response("<p>hi</p>", { headers: { "Content-Type": "text/html" } });
    const url = new URL("http://127.0.0.1:8787/");
    expect(withSecurityHeaders(page(), "n", url, false, true).headers.get("strict-transport-security")).toBe(HSTS);
    expect(withSecurityHeaders(page(), "n", url, false, false).headers.get("strict-transport-security")).toBeNull();
  });
});
