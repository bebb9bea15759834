import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { DiscountCodeFormSchema, packageList, utcInput, utcMillis } from "./discount-codes";

const valid = {
  site: "1",
  code: " hello20 ",
  percent: "20",
  valid_from: "2026-01-10T10:00",
  valid_until: "",
  min_credits: "",
  max_uses: "",
};
/** The first message of each field, as the forms show them (lib/forms/parse.server.ts). */
function issues(input: Record<string, unknown>) {
  const first = new Map<string, string>();
  for (const issue of v.safeParse(DiscountCodeFormSchema, input).issues ?? []) {
    const path = v.getDotPath(issue) ?? "";
    if (!first.has(path)) first.set(path, issue.message);
  }
  return [...first];
}

describe("the discount code form", () => {
  it("reads datetime-local values as UTC and back", () => {
    expect(utcMillis("2026-01-10T10:00")).toBe(Date.UTC(2026, 0, 10, 10, 0));
    expect(utcInput(Date.UTC(2026, 0, 10, 10, 0))).toBe("2026-01-10T10:00");
    expect(utcInput(null)).toBe("");
    expect(utcMillis("10/01/2026")).toBeNaN();
  });

  it("upper-cases the code and accepts a valid form", () => {
    const result = v.safeParse(DiscountCodeFormSchema, valid);
    expect(result.success && result.output.code).toBe("HELLO20");
  });

  it("says what is wrong beside each field", () => {
    expect(issues({ ...valid, code: "" })).toEqual([["code", "staffCodes.errors.code_required"]]);
    expect(issues({ ...valid, code: "hi 5" })).toEqual([["code", "staffCodes.errors.code_characters"]]);
    expect(issues({ ...valid, code: "welcome" })).toEqual([["code", "staffCodes.errors.code_reserved"]]);
    expect(issues({ ...valid, percent: "95" })).toEqual([["percent", "staffCodes.errors.percent"]]);
    expect(issues({ ...valid, percent: "0" })).toEqual([["percent", "staffCodes.errors.percent"]]);
    expect(issues({ ...valid, max_uses: "0" })).toEqual([["max_uses", "staffCodes.errors.max_uses"]]);
    expect(issues({ ...valid, valid_until: "2026-01-01T10:00" })).toEqual([
      ["valid_until", "staffCodes.errors.end_before_start"],
    ]);
  });

  it("takes a percent or a bonus, as the chosen kind says, never both (ADR 054)", () => {
    const bonus = { ...valid, kind: "bonus", percent: "", bonus_credits: "50" };
    expect(issues(bonus)).toEqual([]);
    expect(issues({ ...bonus, bonus_credits: "" })).toEqual([["bonus_credits", "staffCodes.errors.bonus_credits"]]);
    for (const bad of ["0", "-5", "10001", "2.5", "fifty"]) {
      expect(issues({ ...bonus, bonus_credits: bad })).toEqual([["bonus_credits", "staffCodes.errors.bonus_credits"]]);
    }
    expect(issues({ ...bonus, bonus_credits: "10000" })).toEqual([]);
    expect(issues({ ...bonus, percent: "20" })).toEqual([["kind", "staffCodes.errors.percent_or_bonus"]]);
    expect(issues({ ...valid, bonus_credits: "50" })).toEqual([["kind", "staffCodes.errors.percent_or_bonus"]]);
    expect(issues({ ...valid, percent: "" })).toEqual([["percent", "staffCodes.errors.percent"]]);
    expect(issues({ ...valid, kind: "other" })).toEqual([["kind", "staffCodes.errors.kind"]]);
  });

  it("takes one ticked package or several as a list", () => {
    expect(packageList(undefined)).toEqual([]);
    expect(packageList("250")).toEqual(["250"]);
    expect(packageList(["100", "250"])).toEqual(["100", "250"]);
  });
});
