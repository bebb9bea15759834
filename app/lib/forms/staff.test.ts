import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { REASON_MAX, REASON_MIN } from "../../../contract/rules/staff";
import { StaffAppealSchema, StaffCodeSchema, StaffLoginSchema, staffDecisionSchema } from "./staff";
import { issuesByField } from "./use-form";

const REASON = `staff.errors.reason|{"min":${REASON_MIN},"max":${REASON_MAX}}`;
const reason = "Sends the same link to everyone.";

describe("the staff sign-in forms", () => {
  it("need the address and the password", () => {
    expect(issuesByField(StaffLoginSchema, {})).toEqual({ email: ["validation.noEmail"], password: ["validation.noPassword"] });
    expect(v.parse(StaffLoginSchema, { email: " mira@example.com ", password: "x" })).toEqual({
      email: "mira@example.com",
      password: "x",
    });
  });

  it("take six digits, with the spaces apps show", () => {
    expect(v.parse(StaffCodeSchema, { code: "123 456" })).toEqual({ code: "123456" });
    expect(issuesByField(StaffCodeSchema, {})).toEqual({ code: ["staff.errors.code"] });
    expect(issuesByField(StaffCodeSchema, { code: "12345a" })).toEqual({ code: ["staff.errors.code"] });
  });
});

describe("the decision form", () => {
  const schema = staffDecisionSchema(["warn", "ban", "remove_photo"]);

  it("offers only the page's actions, and needs a category and a statement of reasons within bounds", () => {
    expect(issuesByField(schema, { action: "dismiss", reason })).toEqual({
      action: ["staff.errors.required"],
      category: ["staff.errors.required"],
    });
    expect(issuesByField(schema, { action: "warn", category: "spam", reason: " short " })).toEqual({ reason: [REASON] });
    expect(issuesByField(schema, { action: "warn", category: "spam", reason: "x".repeat(REASON_MAX + 1) })).toEqual({
      reason: [REASON],
    });
    // CRLF counts as one character, as the textarea counts it; the statement is sent trimmed.
    const crlf = `${"x".repeat(REASON_MAX - 2)}\r\nx`;
    expect(v.parse(schema, { action: "warn", category: "spam", reason: ` ${crlf} ` }).reason).toBe(crlf.replace("\r\n", "\n"));
  });

  it("needs the ban confirmed, beside the box", () => {
    expect(issuesByField(schema, { action: "ban", category: "spam", reason })).toEqual({
      confirm_ban: ["staff.errors.confirmBan"],
    });
    expect(v.safeParse(schema, { action: "ban", category: "spam", reason, confirm_ban: "1" }).success).toBe(true);
  });

  it("needs the photo a removal removes", () => {
    expect(issuesByField(schema, { action: "remove_photo", category: "spam", reason })).toEqual({
      image: ["staff.errors.required"],
    });
    expect(v.parse(schema, { action: "remove_photo", category: "spam", reason, image: "7" }).image).toBe("7");
  });
});

describe("the appeal's decision", () => {
  it("needs an outcome and a statement of reasons", () => {
    expect(issuesByField(StaffAppealSchema, {})).toEqual({ outcome: ["staff.errors.required"], reason: [REASON] });
    expect(v.safeParse(StaffAppealSchema, { outcome: "reversed", reason }).success).toBe(true);
  });
});
