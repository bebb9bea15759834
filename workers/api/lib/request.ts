import type { Context } from "hono";
import type { z } from "zod";
import { ApiError } from "./errors";

/**
 * Reads a JSON body and validates it. Malformed JSON and schema failures become 400/422 with
 * per-field codes, never a 500. Form-encoded bodies are accepted too (the PHP API takes both).
 */
export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const type = c.req.header("content-type") ?? "";
  let body: unknown;
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    body = Object.fromEntries([...(await c.req.formData()).entries()].filter(([, v]) => typeof v === "string"));
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
