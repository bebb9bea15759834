import type { Context } from "hono";
import type { z } from "zod";
import { hostOf } from "./site";
import { bodyInput, parseInput, queryInput } from "./validate";

/** Reads the body (JSON or form-encoded) and parses it with a contract schema (lib/validate.ts). */
export async function readBody<S extends z.ZodType>(c: Context, schema: S, message?: string): Promise<z.output<S>> {
  return parseInput(schema, await bodyInput(c), message);
}

/** Reads the query string and parses it, like readBody: a bad parameter is the 422 with its field. */
export function readQuery<S extends z.ZodType>(c: Context, schema: S, message?: string): z.output<S> {
  return parseInput(schema, queryInput(c), message);
}

/** The visitor's IP as the app reports it (the app overwrites any value the browser sent). */
export function clientIp(c: Context): string {
  return c.req.header("x-client-ip") ?? "unknown";
}

/**
 * A request a browser sent from another site: Sec-Fetch-Site says so, or (browsers without it)
 * its Origin or Referer names another host than the site's (x-original-host) or the API's own.
 * Requests with none of these headers (the app's server-side calls, curl) are not cross-site.
 */
export function isCrossSite(request: Request): boolean {
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite) return fetchSite === "cross-site";
  const source = request.headers.get("origin") ?? request.headers.get("referer");
  if (source === null) return false;
  if (source === "null") return true;
  let sourceHost: string;
  try {
    sourceHost = hostOf(new URL(source).host);
  } catch {
    return true;
  }
  const ownHosts = [hostOf(request.headers.get("x-original-host")), hostOf(new URL(request.url).host)];
  return !ownHosts.includes(sourceHost);
}
