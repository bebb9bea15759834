/**
 * A request field that answers one field code whatever is wrong with it (missing, not a number,
 * out of range): the API's 422 then names the field with that code (workers/api/lib/validate.ts
 * reads a refinement's snake_case message as its field code). An optional field is
 * `withFieldCode(schema, code).optional()`: absent, it is undefined; given, it must pass.
 */
import { z } from "zod";

export function withFieldCode<S extends z.ZodType>(schema: S, code: string) {
  return z.unknown().transform((value, ctx): z.output<S> => {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    ctx.addIssue({ code: "custom", message: code });
    return z.NEVER;
  });
}
