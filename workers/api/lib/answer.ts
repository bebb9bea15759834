/**
 * Every answer of the API goes through `answer`, keyed by the contract's answer schema (issue 26
 * point 4): the body must be what the schema accepts (its input type: what the app's parse of
 * the same schema takes), so a field the contract lacks, a missing one or a wrong type fails the
 * typecheck instead of the app's parse at run time. The schema is not run: the check is the
 * compiler's, and the API tests parse the answers with the same schemas.
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";

export function answer<S extends z.ZodType>(
  c: Context,
  _schema: S,
  body: z.input<S>,
  status: ContentfulStatusCode = 200,
): Response {
  return c.json(body as object, status);
}
