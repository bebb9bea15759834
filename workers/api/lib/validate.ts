/**
 * The one way the API reads a request's input and the one 422 it answers (issue 26 point 3):
 * `{ error: "invalid_input", message, fields: { <field>: <code> } }`, the contract's ApiErrorSchema.
 *
 * A field's code: "required" when it is missing; a refinement's own code when its message is one
 * (snake_case, e.g. "min_age_above_max_age", or the code withFieldCode gives a field); else
 * Zod's issue code ("too_small", "invalid_format", "invalid_value", "invalid_type"…).
 *
 * Two doors to the same parse: validBody/validQuery, Hono middleware with Hono's validated-data
 * contract (`c.req.valid("json" | "query")`, typed by the schema), for calls whose first step is
 * reading their input; readBody/readQuery (lib/request.ts) inside the handler, for calls that
 * must refuse a visitor (403) or count the attempt (429) before they look at the input.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { z } from "zod";
import type { ApiContext } from "../context";
import { ApiError } from "./errors";

/** A code the contract set on purpose (a refinement's message), not Zod's English sentence. */
const FIELD_CODE = /^[a-z][a-z0-9_]*$/;

/** Each failing field and its code: the first issue of a field wins; "_" is the input as a whole. */
export function fieldCodes(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.join(".") || "_";
    fields[field] ??= codeOf(issue);
  }
  return fields;
}

function codeOf(issue: z.core.$ZodIssue): string {
  if (issue.code === "invalid_type" && issue.input === undefined) return "required";
  if (issue.code === "custom" && FIELD_CODE.test(issue.message)) return issue.message;
  return issue.code;
}

/** The 422 every endpoint answers for bad input. */
export function invalidInput(fields: Record<string, string>, message = "Some fields are missing or invalid."): ApiError {
  return new ApiError(422, "invalid_input", message, { fields });
}

/** Parses input with a contract schema; a failure is the 422 with its fields. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, message?: string): z.output<S> {
  // reportInput: zod 4 leaves the input out of issues otherwise, and a wrong type would read as "required".
  const result = schema.safeParse(input, { reportInput: true });
  if (!result.success) throw invalidInput(fieldCodes(result.error.issues), message);
  return result.data;
}

/**
 * A request body as the PHP API takes it: JSON, or form-encoded (its string fields). An empty
 * body is {}; malformed JSON is 400 invalid_json, a body that is not its content type 400 invalid_body.
 */
export async function bodyInput(c: Context): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      // A body that does not match its content type (garbage after "multipart/form-data").
      throw new ApiError(400, "invalid_body", "The request body does not match its content type.");
    }
    return Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));
  }
  const text = await c.req.text();
  try {
    return text === "" ? {} : JSON.parse(text);
  } catch {
    throw new ApiError(400, "invalid_json", "The request body is not valid JSON.");
  }
}

/** The query string: one value per name (the first), as c.req.query() gives it. */
export function queryInput(c: Context): Record<string, string> {
  return c.req.query();
}

type Validated<Target extends "json" | "query", S extends z.ZodType> = MiddlewareHandler<
  ApiContext,
  string,
  { in: { [K in Target]: z.input<S> }; out: { [K in Target]: z.output<S> } }
>;

/**
 * Hono's validator contract over our reading (hono/validator reads JSON bodies only, answers
 * its own 400 and turns a repeated query parameter into an array): the handler reads the parsed
 * body with `c.req.valid("json")`.
 */
export function validBody<S extends z.ZodType<object>>(schema: S, message?: string): Validated<"json", S> {
  return async (c, next) => {
    c.req.addValidatedData("json", parseInput(schema, await bodyInput(c), message));
    await next();
  };
}

/** The same for the query string: `c.req.valid("query")`. */
export function validQuery<S extends z.ZodType<object>>(schema: S, message?: string): Validated<"query", S> {
  return async (c, next) => {
    c.req.addValidatedData("query", parseInput(schema, queryInput(c), message));
    await next();
  };
}
