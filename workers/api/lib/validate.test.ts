import { describe, expect, it } from "vitest";
import { z } from "zod";
import { withFieldCode } from "../../../contract/requests/field-code";
import { ApiError } from "./errors";
import { fieldCodes, parseInput } from "./validate";

const codes = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input, { reportInput: true });
  return result.success ? null : fieldCodes(result.error.issues);
};

describe("the field codes of a 422 (lib/validate.ts)", () => {
  const schema = z
    .object({
      name: z.string().min(2),
      age: z.coerce.number().int().min(18),
      kind: z.enum(["a", "b"]),
      nested: z.object({ url: z.string().url() }).optional(),
    })
    .refine((v) => v.age < 100 || v.kind === "a", { path: ["age"], message: "too_old_for_b" })
    .refine((v) => v.name !== "xx", { path: ["name"], message: "Not xx, please." });

  it("says required for a missing field, Zod's code for a wrong one, the first issue of a field", () => {
    // Only a type check sees the missing value: a coerced number sees NaN, an enum a wrong value
    // (what the API answered before the one validator; the report of issue 26 says so).
    expect(codes(schema, {})).toEqual({ name: "required", age: "invalid_type", kind: "invalid_value" });
    expect(codes(schema, { name: "a", age: "17", kind: "c", nested: { url: "x" } })).toEqual({
      name: "too_small",
      age: "too_small",
      kind: "invalid_value",
      "nested.url": "invalid_format",
    });
    expect(codes(schema, { name: 7, age: "x", kind: "a" })).toEqual({ name: "invalid_type", age: "invalid_type" });
  });

  it("takes a refinement's message as the code when it is one, else custom", () => {
    expect(codes(schema, { name: "ok", age: "120", kind: "b" })).toEqual({ age: "too_old_for_b" });
    expect(codes(schema, { name: "xx", age: "20", kind: "a" })).toEqual({ name: "custom" });
  });

  it("names the input as a whole _", () => {
    expect(codes(z.string(), 3)).toEqual({ _: "invalid_type" });
  });

  it("gives a withFieldCode field its one code, however it is wrong, and leaves an optional one out", () => {
    const ids = z.object({
      id: withFieldCode(z.coerce.number().int().positive(), "invalid"),
      before: withFieldCode(z.coerce.number().int().positive(), "invalid").optional(),
    });
    for (const id of [undefined, "", "0", "-1", "1.5", "abc"]) expect(codes(ids, { id }), String(id)).toEqual({ id: "invalid" });
    expect(codes(ids, { id: "3", before: "x" })).toEqual({ before: "invalid" });
    expect(ids.parse({ id: "3" })).toEqual({ id: 3 });
  });
});

describe("parseInput", () => {
  it("answers the one 422: invalid_input with the fields and the call's message", () => {
    try {
      parseInput(z.object({ q: z.string() }), {}, "Give q.");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(422);
      expect((error as ApiError).toJSON()).toEqual({ error: "invalid_input", message: "Give q.", fields: { q: "required" } });
    }
  });

  it("answers the parsed value", () => {
    expect(parseInput(z.object({ n: z.coerce.number() }), { n: "4" })).toEqual({ n: 4 });
  });
});
