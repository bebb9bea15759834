/**
 * Every answer of the API goes through `answer`, keyed by the contract's answer schema (issue 26
 * point 4): the body must be what the schema accepts (its input type: what the app's parse of
 * the same schema takes), so a missing field or a wrong type fails the typecheck instead of the
 * app's parse at run time; and it may hold no field the schema lacks, at any depth (plain
 * TypeScript lets a wider object through, and the app's parse would silently drop the field: a
 * leak, or a field one side thinks the other reads). The schema is not run: the check is the
 * compiler's, and the API tests parse the answers with the same schemas.
 *
 * Build the body where it is answered (or from typed rows): a value annotated with the contract's
 * type has already lost its extra fields to the compiler, so they cannot be seen here.
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";

type KeysOf<T> = T extends unknown ? keyof T : never;
type ValueAt<T, K extends PropertyKey> = T extends unknown ? (K extends keyof T ? T[K] : never) : never;

/** B with every key the contract's T lacks (in any member of a union, at any depth) typed never. */
export type NoExtraFields<B, T> = B extends readonly (infer E)[]
  ? readonly NoExtraFields<E, T extends readonly (infer F)[] ? F : never>[]
  : B extends object
    ? { [K in keyof B]: K extends KeysOf<NonNullable<T>> ? NoExtraFields<B[K], ValueAt<NonNullable<T>, K>> : never }
    : B;

export function answer<S extends z.ZodType, B extends z.input<S>>(
  c: Context,
  _schema: S,
  body: B & NoExtraFields<B, z.input<S>>,
  status: ContentfulStatusCode = 200,
): Response {
  return c.json(body as object, status);
}
