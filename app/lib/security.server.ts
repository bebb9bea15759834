/** Response headers of docs/architecture.md §7, and the refusal of cross-site posts. */

/**
 * A post from another site is refused: browsers send Sec-Fetch-Site on every request, and
 * Origin on posts. A post with neither whose Referer names another site (an old browser, or one
 * that strips both) is refused too, as is a Referer that is not a URL. A post with none of the
 * three is let through: every browser in use sends Origin on a POST, so it is not a browser's
 * (curl, server-to-server) and carries no victim's cookies by accident
 * (docs/decisions/041-probe-findings-outbound-and-input.md).
 */
export function isCrossSitePost(request: Request): boolean {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return false;
  const site = request.headers.get("sec-fetch-site");
  if (site === "cross-site" || site === "same-site") return true;
  const own = new URL(request.url).origin;
  const origin = request.headers.get("origin");
  if (origin && origin !== "null") return origin !== own;
  if (origin === "null") return true;
  if (site !== null) return false;
  const referer = request.headers.get("referer");
  if (referer === null) return false;
  try {
    return new URL(referer).origin !== own;
  } catch {
    return true;
  }
}

/**
 * The header through which the app's root middleware tells this function the site's partner
 * image hosts (the partner feed's `hosts`, docs/decisions/026); it never leaves the worker.
 */
export const PARTNER_IMAGE_HOSTS_HEADER = "X-Partner-Image-Hosts";
const HOST_SOURCE = /^[a-z0-9.-]+(:\d{1,5})?$/;

/** The hosts of the header that are plain host sources (nothing that could widen the policy). */
export function partnerImageHosts(header: string | null): string[] {
  return (header ?? "").split(" ").filter((host) => HOST_SOURCE.test(host) && !host.startsWith(".") && host.includes("."));
}

export function contentSecurityPolicy(nonce: string, imageHosts: string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    `style-src 'self' 'nonce-${nonce}'`,
    ["img-src 'self' data: blob:", ...imageHosts].join(" "),
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    // The order summary's post redirects to the payment provider's checkout, and browsers hold
    // a form's redirects to form-action: Mollie's hosted checkout is allowed (ADR 018).
    "form-action 'self' https://www.mollie.com https://*.mollie.com",
    "object-src 'none'",
  ].join("; ");
}

/**
 * The headers every answer of the app gets. `personal`: the request carries a member's session,
 * so an answer that does not set its own Cache-Control is kept by no cache at all (a shared
 * computer's Back button included); a visitor's pages are private too (each has its own CSP
 * nonce) but may be kept for Back and revalidated.
 */
export function withSecurityHeaders(
  response: Response,
  nonce: string,
  url: URL,
  personal = false,
  https = url.protocol === "https:",
): Response {
  const headers = new Headers(response.headers);
  const imageHosts = partnerImageHosts(headers.get(PARTNER_IMAGE_HOSTS_HEADER));
  headers.delete(PARTNER_IMAGE_HOSTS_HEADER);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", personal ? "private, no-store" : "private, no-cache");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(self), payment=()");
  // Two years, subdomains too (docs/decisions/032-https-only.md): browsers heed it only over https.
  if (https) headers.set("Strict-Transport-Security", HSTS);
  // An HTML page that brings its own policy keeps it: the only one is the API's demo checkout
  // (its inline styles carry no nonce of ours); every page the app renders gets this one.
  if (headers.get("Content-Type")?.startsWith("text/html") && !headers.has("Content-Security-Policy")) {
    headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, imageHosts));
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** HSTS: two years (MDN's Observatory wants at least six months; preload lists want one year or more), subdomains too. */
export const HSTS = "max-age=63072000; includeSubDomains";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** A name that always means this machine: the loopback addresses, localhost and any *.localhost (RFC 6761 §6.3; the demo's second site is velvet.localhost). */
function isLoopback(hostname: string): boolean {
  return LOOPBACK.has(hostname) || hostname.endsWith(".localhost");
}

/**
 * Whether the visitor reached us over https: the scheme a proxy in front says it received
 * (`X-Forwarded-Proto`: Cloudflare's edge, the local TLS proxy scripts/tls-proxy.ts), else the
 * request's own. Believing the header is harmless: a visitor who claims https over http only
 * skips their own redirect, and browsers ignore HSTS sent over http.
 */
export function isHttps(request: Request): boolean {
  const forwarded = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  if (forwarded === "https" || forwarded === "http") return forwarded === "https";
  return new URL(request.url).protocol === "https:";
}

/** A plain host[:port] (a name, an IPv4 address or a bracketed IPv6 one): nothing that could carry a path or user. */
const PLAIN_HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The host the visitor addressed: X-Forwarded-Host where a server in front sets it (the local
 * server, vite preview, passes the browser's Host there), else Host, else the URL's; only a
 * plain host is believed. Taken from headers a page cannot set, never from the path.
 */
function visitorHost(request: Request, url: URL): string {
  for (const value of [request.headers.get("x-forwarded-host"), request.headers.get("host")]) {
    const host = value?.split(",")[0]?.trim();
    if (host && PLAIN_HOST.test(host)) return host.toLowerCase();
  }
  return url.host;
}

/**
 * A request whose path the local server read as the address's host: vite preview resolves
 * "//evil.example/" against the site and hands the worker http://evil.example/, with the host
 * the browser sent in X-Forwarded-Host. Answered 404 by the worker (docs/decisions/041), as the
 * path "//evil.example/" is on Cloudflare, where the URL keeps the site's host.
 */
export function isMisreadPath(request: Request): boolean {
  const forwarded = request.headers.get("x-forwarded-host")?.split(",")[0]?.trim().toLowerCase();
  if (!forwarded || !PLAIN_HOST.test(forwarded)) return false;
  return forwarded !== new URL(request.url).host;
}

/**
 * FORCE_HTTPS=1 (wrangler.jsonc; docs/decisions/032-https-only.md): a request over plain http
 * is sent to the same address over https: 301 for GET and HEAD, 308 for anything else (which
 * keeps the method and body). Local development over plain http on a loopback host (no proxy
 * in front: no X-Forwarded-Proto) is left alone, so `npm start`, the e2e suite and Lighthouse
 * run on http://127.0.0.1 with the setting on.
 *
 * The target is built from the visitor's host and the path, with the path's leading slashes
 * collapsed to one: "//evil.example/" stays a path of this site and never becomes a host
 * (issue 25, docs/decisions/041).
 */
export function httpsRedirect(request: Request, forceHttps: boolean): Response | null {
  if (!forceHttps || isHttps(request)) return null;
  const url = new URL(request.url);
  const host = visitorHost(request, url);
  const hostname = host.replace(/:\d+$/, "");
  if (isLoopback(hostname) && !request.headers.has("x-forwarded-proto")) return null;
  const path = `/${url.pathname.replace(/^[/\\]+/, "")}`;
  const target = new URL(`https://${host.replace(/:80$/, "")}`);
  target.pathname = path;
  target.search = url.search;
  const status = request.method === "GET" || request.method === "HEAD" ? 301 : 308;
  return new Response(null, { status, headers: { Location: target.href, "Cache-Control": "no-store" } });
}
