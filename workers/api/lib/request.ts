import type { Context } from "hono";
import type { z } from "zod";
import { ApiError } from "./errors";
import { hostOf } from "./site";

/**
 * Reads a JSON body and validates it. Malformed JSON and schema failures become 400/422 with
 * per-field codes, never a 500. Form-encoded bodies are accepted too (the PHP API takes both).
 */
export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const type = c.req.header("content-type") ?? "";
  let body: unknown;
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      // A body that does not match its content type (garbage after "multipart/form-data").
      throw new ApiError(400, "invalid_body", "The request body does not match its content type.");
    }
    body = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));
  } else {
    const text = await c.req.text();
    try {
      body = text === "" ? {} : JSON.parse(text);
    } catch {
      throw new ApiError(400, "invalid_json", "The request body is not valid JSON.");
    }
  }
  return validate(schema, body);
}

/** Reads the query string and validates it, like readBody: a bad parameter is a 422 with its field. */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return validate(schema, c.req.query());
}

function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  // reportInput: zod 4 leaves the input out of issues otherwise, and a wrong type would read as "required".
  const result = schema.safeParse(input, { reportInput: true });
  if (!result.success) {
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.join(".") || "_";
      fields[field] ??= issue.code === "invalid_type" && issue.input === undefined ? "required" : issue.code;
    }
    throw new ApiError(422, "invalid_input", "Some fields are missing or invalid.", { fields });
  }
  return result.data;
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
