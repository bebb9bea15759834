/** Response headers of docs/architecture.md §7, and the refusal of cross-site posts. */

/**
 * A post from another site is refused: browsers send Sec-Fetch-Site on every request, and
 * Origin on posts. Requests without either (curl, server-to-server) are not browsers' and
 * carry no victim's cookies by accident.
 */
export function isCrossSitePost(request: Request): boolean {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return false;
  const site = request.headers.get("sec-fetch-site");
  if (site === "cross-site" || site === "same-site") return true;
  const origin = request.headers.get("origin");
  if (origin && origin !== "null") return origin !== new URL(request.url).origin;
  return origin === "null";
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
export function withSecurityHeaders(response: Response, nonce: string, url: URL, personal = false): Response {
  const headers = new Headers(response.headers);
  const imageHosts = partnerImageHosts(headers.get(PARTNER_IMAGE_HOSTS_HEADER));
  headers.delete(PARTNER_IMAGE_HOSTS_HEADER);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", personal ? "private, no-store" : "private, no-cache");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(self), payment=()");
  if (url.protocol === "https:") headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  // An HTML page that brings its own policy keeps it: the only one is the API's demo checkout
  // (its inline styles carry no nonce of ours); every page the app renders gets this one.
  if (headers.get("Content-Type")?.startsWith("text/html") && !headers.has("Content-Security-Policy")) {
    headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, imageHosts));
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
