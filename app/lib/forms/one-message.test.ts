/**
 * Issue 16, defect 9: a field shows one message, the first that applies, in the browser (the
 * form hook's issuesByField) and in the action (parseForm) alike. An empty required address
 * used to show "Value is required" (now "Enter your email address.") and "Value is not a valid email address" at once.
 */
import type * as v from "valibot";
import { describe, expect, it } from "vitest";
import { DeleteAccountSchema, MailChangeSchema } from "./account";
import { LoginSchema } from "./login";
import { parseForm } from "./parse.server";
import { ChangePasswordSchema, NewPasswordSchema, ResetRequestSchema } from "./password";
import { AccountSchema, ChangeEmailSchema } from "./signup";
import { issuesByField } from "./use-form";

function formData(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  return data;
}

/** What the browser and the action each say about these values, by field. */
function bothSides(schema: v.GenericSchema, values: Record<string, string>) {
  const browser = issuesByField(schema, Object.fromEntries(Object.entries(values).filter(([, value]) => value !== "")));
  const submission = parseForm(formData(values), schema);
  const server = submission.status === "success" ? {} : (submission.error ?? {});
  const replied = submission.reply().error ?? {};
  return { browser, server, replied };
}

const FORMS: [string, v.GenericSchema, Record<string, string>, Record<string, string>][] = [
  ["login", LoginSchema, { email: "", password: "" }, { email: "validation.noEmail", password: "validation.noPassword" }],
  [
    "sign-up",
    AccountSchema,
    { email: "", name: "", password: "" },
    { email: "validation.noEmail", name: "validation.noName", password: "validation.noPassword" },
  ],
  ["reset request", ResetRequestSchema, { email: "" }, { email: "validation.noEmail" }],
  ["new password", NewPasswordSchema, { token: "t", password: "", repeat: "" }, { password: "validation.noPassword" }],
  [
    "password change",
    ChangePasswordSchema,
    { current: "", password: "", repeat: "" },
    { current: "validation.noCurrentPassword", password: "validation.noPassword" },
  ],
  [
    "mail change",
    MailChangeSchema,
    { email: "", password: "" },
    { email: "validation.noEmail", password: "validation.noPassword" },
  ],
  ["step 7's address", ChangeEmailSchema, { email: "" }, { email: "validation.noEmail" }],
  ["account deletion", DeleteAccountSchema, { password: "" }, { password: "validation.noPassword" }],
];

describe("one message per field", () => {
  it.each(FORMS)("%s: empty fields say only that they are required", (_, schema, values, expected) => {
    const { browser, server, replied } = bothSides(schema, values);
    const want = Object.fromEntries(Object.entries(expected).map(([name, message]) => [name, [message]]));
    expect(browser).toEqual(want);
    expect(server).toEqual(want);
    expect(replied).toEqual(want);
  });

  it("a malformed address gets the address message alone, on both sides", () => {
    const { browser, server } = bothSides(LoginSchema, { email: "anna@", password: "x" });
    expect(browser).toEqual({ email: ["validation.email"] });
    expect(server).toEqual({ email: ["validation.email"] });
  });

  it("a too long address says it is too long, not also that it is malformed", () => {
    const email = `${"a".repeat(260)}`;
    const { browser, server } = bothSides(LoginSchema, { email, password: "x" });
    expect(browser).toEqual({ email: ['validation.tooLong|{"max":254}'] });
    expect(server).toEqual({ email: ['validation.tooLong|{"max":254}'] });
  });

  it("messages the action adds for a field replace the schema's, and the form's own are kept whole", () => {
    const submission = parseForm(formData({ email: "", password: "" }), LoginSchema);
    const result = submission.reply({
      formErrors: ["errors.generic", "errors.rate_limited"],
      fieldErrors: { email: ["a", "b"] },
    });
    expect(result.error).toMatchObject({ "": ["errors.generic", "errors.rate_limited"], email: ["a"] });
  });
});
