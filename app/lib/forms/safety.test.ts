import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { EXPLANATION_MAX } from "../../../contract/limits";
import { parseForm } from "./parse.server";
import { NoticeSchema, ReportSchema } from "./safety";
import { issuesByField } from "./use-form";

const notice = {
  subject_kind: "profile",
  subject: "/members/2",
  category: "fraud",
  explanation: "asks for money",
  name: "Nora",
  email: "nora@example.com",
  good_faith: "on",
};

describe("the report form", () => {
  it("needs a reason from the list; the explanation is optional and at most 1000 characters", () => {
    expect(v.safeParse(ReportSchema, { category: "scam" }).success).toBe(true);
    expect(issuesByField(ReportSchema, {})).toEqual({ category: ["validation.noReason"] });
    expect(issuesByField(ReportSchema, { category: "boring" })).toEqual({ category: ["validation.noReason"] });
    expect(issuesByField(ReportSchema, { category: "scam", explanation: "x".repeat(EXPLANATION_MAX + 1) })).toEqual({
      explanation: [`validation.tooLong|{"max":${EXPLANATION_MAX}}`],
    });
    // CRLF counts as one character, as the textarea counts it.
    const crlf = `${"x".repeat(EXPLANATION_MAX - 2)}\r\nx`;
    expect(v.safeParse(ReportSchema, { category: "scam", explanation: crlf }).success).toBe(true);
  });
});

describe("the notice form", () => {
  it("passes a whole notice", () => {
    expect(v.safeParse(NoticeSchema, notice).success).toBe(true);
  });

  it("needs the statement, the subject, a reason and an explanation", () => {
    const errors = issuesByField(NoticeSchema, { subject_kind: "profile" });
    expect(errors.good_faith).toEqual(["errors.good_faith_required"]);
    expect(errors.subject).toEqual(["validation.noSubject"]);
    expect(errors.category).toEqual(["validation.noReason"]);
    expect(errors.explanation).toEqual(["validation.noExplanation"]);
  });

  it("needs name and address except for child sexual abuse material", () => {
    const anonymous = { ...notice, name: "", email: "" };
    expect(issuesByField(NoticeSchema, anonymous)).toEqual({ name: ["validation.noName"], email: ["validation.noEmail"] });
    expect(v.safeParse(NoticeSchema, { ...anonymous, category: "child_sexual_abuse" }).success).toBe(true);
    expect(issuesByField(NoticeSchema, { ...notice, email: "nora" })).toEqual({ email: ["validation.email"] });
  });
});

describe("as the action parses them (Conform posts empty fields as missing)", () => {
  const errorsOf = (submission: { status?: string } & object) => ("error" in submission ? submission.error : null);
  const form = (values: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(values)) data.set(name, value);
    return data;
  };

  it("a report without an explanation passes; one without a reason says what is missing", () => {
    const ok = parseForm(form({ category: "harassment", explanation: "" }), ReportSchema);
    expect(ok.status === "success" ? ok.value : null).toEqual({ category: "harassment", explanation: "" });
    expect(errorsOf(parseForm(form({ category: "", explanation: "" }), ReportSchema))).toEqual({
      category: ["validation.noReason"],
    });
  });

  it("an empty notice gets the designed messages, never a type error", () => {
    const empty = parseForm(
      form({ subject_kind: "profile", subject: "", category: "", explanation: "", name: "", email: "" }),
      NoticeSchema,
    );
    expect(errorsOf(empty)).toEqual({
      subject: ["validation.noSubject"],
      category: ["validation.noReason"],
      explanation: ["validation.noExplanation"],
      good_faith: ["errors.good_faith_required"],
    });
    const anonymous = parseForm(form({ ...notice, name: "", email: "", category: "child_sexual_abuse" }), NoticeSchema);
    expect(anonymous.status).toBe("success");
  });
});
