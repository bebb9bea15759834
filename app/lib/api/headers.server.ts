/** What API calls need of the worker's bindings: narrow, so tests can pass a recording fake. */
export interface ApiBindings {
  API_ORIGIN: string;
  PACKAGE_NAME: string;
  API_TIMEOUT_MS: string;
  /** The request header that carries the visitor's IP, as the platform in front sets it (wrangler.jsonc). */
  CLIENT_IP_HEADER: string;
  API: { fetch(request: Request): Promise<Response> };
}

/**
 * The headers every API call carries (docs/product.md §7 and docs/architecture.md §2), built from the visitor's
 * request. Values a browser could forge (x-original-host, x-client-ip, …) are always replaced.
 */
export function apiHeaders(request: Request, env: ApiBindings, requestId: string): Headers {
  const url = new URL(request.url);
  const headers = new Headers();
  headers.set("x-package-name", env.PACKAGE_NAME);
  headers.set("x-original-host", url.host);
  headers.set("x-forwarded-proto", url.protocol.replace(":", ""));
  headers.set("x-request-id", requestId);
  headers.set("x-client-ip", clientIp(request, env.CLIENT_IP_HEADER));
  const country = clientCountry(request);
  if (country) headers.set("x-client-country", country);
  for (const name of ["cookie", "accept-language", "user-agent", "sec-fetch-site"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}

/**
 * The visitor's IP (rate limits are kept per IP): only from the one header the deployment names
 * (Cloudflare sets `cf-connecting-ip` itself; behind another proxy, `x-forwarded-for`, whose
 * first entry is the client's). Any other header a browser sends is ignored (security probe).
 */
export function clientIp(request: Request, header: string): string {
  const name = header.trim().toLowerCase();
  const value = name === "" ? null : request.headers.get(name);
  const ip = name === "x-forwarded-for" ? value?.split(",")[0]?.trim() : value?.trim();
  return ip || "127.0.0.1";
}

/** The visitor's country as Cloudflare's edge saw it (absent locally). */
export function clientCountry(request: Request): string | undefined {
  const cf: unknown = Reflect.get(request, "cf");
  const country: unknown = typeof cf === "object" && cf !== null ? Reflect.get(cf, "country") : undefined;
  return typeof country === "string" ? country : undefined;
}

/** Sends to the service binding (reference API worker), or to API_ORIGIN when it names a PHP API. */
export function apiFetch(env: ApiBindings, request: Request): Promise<Response> {
  if (!env.API_ORIGIN) return env.API.fetch(request);
  const url = new URL(request.url);
  return fetch(new Request(new URL(url.pathname + url.search, env.API_ORIGIN), request));
}
