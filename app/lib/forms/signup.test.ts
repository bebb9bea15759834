import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  AboutSchema,
  AccountSchema,
  DATE_OF_BIRTH_ERROR,
  LocationSchema,
  PersonalInfoSchema,
  submittedDateOfBirth,
} from "./signup";
import { nameProblem } from "../../../contract/rules/signup";

/** The issues of a parse as "path: message" pairs (path "" for the root). */
function issuesOf(schema: v.GenericSchema, input: unknown): { path: string; message: string }[] {
  const result = v.safeParse(schema, input);
  return result.success ? [] : result.issues.map((i) => ({ path: v.getDotPath(i) ?? "", message: i.message }));
}

const tooLong = (max: number) => `validation.tooLong|{"max":${max}}`;

describe("AccountSchema", () => {
  const valid = { email: "anna@example.com", name: "Anna", password: "a secret" };

  it("accepts a complete account and trims email and name", () => {
    const result = v.safeParse(AccountSchema, { ...valid, email: "  anna@example.com ", name: "  Anna  " });
    expect(result.success).toBe(true);
    expect(result.output).toMatchObject({ email: "anna@example.com", name: "Anna", password: "a secret" });
  });

  describe("email", () => {
    it.each([
      ["undefined", undefined, "validation.noEmail"],
      ["a number", 42, "validation.noEmail"],
      ["without '@'", "anna.example.com", "validation.email"],
      ["without a domain dot", "anna@example", "validation.email"],
      ["with two '@'", "anna@@example.com", "validation.email"],
    ])("%s → %s", (_, email, message) => {
      // The first message is the one the form shows (Conform keeps the first per field).
      expect(issuesOf(AccountSchema, { ...valid, email })[0]).toEqual({ path: "email", message });
    });

    // Conform turns an empty field into undefined (above); a raw "" also gets 'validation.email'
    // after 'validation.noEmail', since Valibot runs every check of the pipe.
    it.each([
      ["empty", ""],
      ["only spaces", "   "],
    ])("%s → validation.noEmail first", (_, email) => {
      expect(issuesOf(AccountSchema, { ...valid, email })[0]).toEqual({ path: "email", message: "validation.noEmail" });
    });

    it("absent → validation.noEmail first (as for an empty field)", () => {
      const { email: _, ...withoutEmail } = valid;
      expect(issuesOf(AccountSchema, withoutEmail)[0]).toEqual({ path: "email", message: "validation.noEmail" });
    });

    it("accepts EMAIL_MAX (254) characters and rejects 255", () => {
      const at = (length: number) => `${"a".repeat(length - "@example.com".length)}@example.com`;
      expect(at(254)).toHaveLength(254);
      expect(issuesOf(AccountSchema, { ...valid, email: at(254) })).toEqual([]);
      expect(issuesOf(AccountSchema, { ...valid, email: at(255) })).toEqual([{ path: "email", message: tooLong(254) }]);
    });
  });

  describe("name", () => {
    // Issue 16: the name is required; it is never made from the address.
    it.each([
      ["missing", undefined],
      ["empty", ""],
      ["only spaces", "   "],
    ])("requires a name: %s → validation.noName", (_, name) => {
      expect(issuesOf(AccountSchema, { ...valid, name })).toEqual([{ path: "name", message: "validation.noName" }]);
    });

    it.each([
      ["150 characters", "n".repeat(150)],
      ["150 characters inside spaces", `  ${"n".repeat(150)}  `],
      ["containing '@' after the start", "an@na"],
      ["the email's local part", "anna"],
    ])("accepts a name %s", (_, name) => {
      expect(issuesOf(AccountSchema, { ...valid, name })).toEqual([]);
    });

    it("rejects 151 characters", () => {
      expect(issuesOf(AccountSchema, { ...valid, name: "n".repeat(151) })).toEqual([{ path: "name", message: tooLong(150) }]);
    });

    it.each([["@anna"], ["  @anna"], ["@"]])("rejects %j as starting with '@' (forwarded to name)", (name) => {
      expect(issuesOf(AccountSchema, { ...valid, name })).toEqual([{ path: "name", message: "errors.name_starts_with_at" }]);
    });

    it.each([
      ["anna@example.com", "anna@example.com"],
      ["Anna@Example.com ", "anna@example.com"],
      ["ANNA@EXAMPLE.COM", " anna@example.com "],
      ["  anna@example.com", "Anna@Example.COM"],
    ])("rejects name %j equal to email %j (forwarded to name)", (name, email) => {
      expect(issuesOf(AccountSchema, { ...valid, name, email })).toEqual([
        { path: "name", message: "errors.name_equal_to_email" },
      ]);
    });

    it("accepts a name that only resembles the email", () => {
      expect(issuesOf(AccountSchema, { ...valid, name: "anna@example.co", email: "anna@example.com" })).toEqual([]);
    });

    it("rejects a name that is not a string", () => {
      expect(issuesOf(AccountSchema, { ...valid, name: 123 }).map((i) => i.path)).toEqual(["name"]);
    });
  });

  describe("password", () => {
    it.each([
      ["undefined", undefined, "validation.noPassword"],
      ["empty", "", "validation.noPassword"],
      ["a number", 1234, "validation.noPassword"],
      ["1001 characters", "p".repeat(1001), tooLong(1000)],
    ])("%s → %s", (_, password, message) => {
      expect(issuesOf(AccountSchema, { ...valid, password })).toEqual([{ path: "password", message }]);
    });

    it("absent → validation.noPassword", () => {
      const { password: _, ...withoutPassword } = valid;
      expect(issuesOf(AccountSchema, withoutPassword)).toEqual([{ path: "password", message: "validation.noPassword" }]);
    });

    // Issue 16: sign-up takes the rule /profile and the reset take (8 characters, not only spaces).
    it.each([
      ["1 character", "p"],
      ["3 characters", "abc"],
      ["7 characters", "1234567"],
      ["only spaces", "        "],
    ])("refuses %s as too short", (_, password) => {
      expect(issuesOf(AccountSchema, { ...valid, password })).toEqual([
        { path: "password", message: 'validation.tooShort|{"min":8}' },
      ]);
    });

    it.each([
      ["8 characters", "12345678"],
      ["1000 characters", "p".repeat(1000)],
      ["the demo accounts' password", "demo-password"],
    ])("accepts %s", (_, password) => {
      expect(issuesOf(AccountSchema, { ...valid, password })).toEqual([]);
    });
  });

  it("rejects input that is not an object", () => {
    expect(v.safeParse(AccountSchema, "anna@example.com").success).toBe(false);
    expect(v.safeParse(AccountSchema, null).success).toBe(false);
  });
});

describe("LocationSchema", () => {
  it.each([
    ["a country only", { country: "DE" }],
    ["a country, region and city", { country: "FR", countryregion: "12", city: "Paris" }],
    ["a 255-character city", { country: "DE", city: "c".repeat(255) }],
    ["a 255-character city inside spaces", { country: "DE", city: ` ${"c".repeat(255)} ` }],
    ["an empty city", { country: "DE", city: "" }],
  ])("accepts %s", (_, input) => {
    expect(issuesOf(LocationSchema, input)).toEqual([]);
  });

  it.each([
    ["undefined (what Conform sends for an empty select)", { country: undefined }],
    ["empty", { country: "" }],
    ["lower case", { country: "de" }],
    ["three letters", { country: "DEU" }],
    ["a number", { country: 49 }],
  ])("needs a country: %s → errors.countryRequired", (_, input) => {
    expect(issuesOf(LocationSchema, { city: "Berlin", ...input })).toEqual([
      { path: "country", message: "errors.countryRequired" },
    ]);
  });

  // BUG: without a country key (e.g. a select whose placeholder is disabled submits nothing) the
  // issue is Valibot's English "Invalid key: Expected "country" but received undefined".
  it("needs a country: absent → errors.countryRequired", () => {
    expect(issuesOf(LocationSchema, { city: "Berlin" })).toEqual([{ path: "country", message: "errors.countryRequired" }]);
  });

  it("rejects a 256-character city", () => {
    expect(issuesOf(LocationSchema, { country: "DE", city: "c".repeat(256) })).toEqual([{ path: "city", message: tooLong(255) }]);
  });

  it.each([
    ["a number", 12],
    ["not digits", "x1"],
  ])("rejects a countryregion that is %s", (_, countryregion) => {
    expect(issuesOf(LocationSchema, { country: "DE", countryregion }).map((i) => i.path)).toEqual(["countryregion"]);
  });

  it("rejects a city that is not a string", () => {
    expect(issuesOf(LocationSchema, { country: "DE", city: 10115 }).map((i) => i.path)).toEqual(["city"]);
  });
});

describe("PersonalInfoSchema and submittedDateOfBirth", () => {
  // The schema checks the age against the clock: fix "today" at 15 June 2024 (a leap year).
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2024-06-15T12:00:00Z"));
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  const dob = (dobYear?: string, dobMonth?: string, dobDay?: string) => ({ dobYear, dobMonth, dobDay });
  const dobError = [{ path: "dobDay", message: DATE_OF_BIRTH_ERROR }];

  it("uses the spec's message key", () => {
    expect(DATE_OF_BIRTH_ERROR).toBe('errors.date_of_birth_error|{"min_age":18}');
  });

  it("accepts no date at all (all three parts empty)", () => {
    expect(issuesOf(PersonalInfoSchema, {})).toEqual([]);
    expect(issuesOf(PersonalInfoSchema, dob())).toEqual([]);
    expect(submittedDateOfBirth(v.parse(PersonalInfoSchema, {}))).toBeNull();
  });

  it.each([
    // year, month, day, stored date
    ["2000", "1", "1", "2000-01-01"],
    ["1990", "03", "05", "1990-03-05"],
    ["2006", "6", "15", "2006-06-15"], // exactly 18 today
    ["1924", "6", "15", "1924-06-15"], // exactly 100 today
    ["1923", "6", "16", "1923-06-16"], // 100, 101 tomorrow
    ["2004", "2", "29", "2004-02-29"], // leap year
    ["2000", "2", "29", "2000-02-29"], // leap year (divisible by 400)
  ])("accepts %s-%s-%s → %s", (dobYear, dobMonth, dobDay, stored) => {
    const input = { gender: "female", ...dob(dobYear, dobMonth, dobDay) };
    expect(issuesOf(PersonalInfoSchema, input)).toEqual([]);
    expect(submittedDateOfBirth(v.parse(PersonalInfoSchema, input))).toBe(stored);
  });

  it.each([
    // year, month, day, why
    ["2006", "6", "16", "one day short of 18"],
    ["2015", "1", "1", "far too young"],
    ["1923", "6", "15", "101 today"],
    ["2000", "2", "30", "30 February"],
    ["2003", "2", "29", "29 February in a non-leap year"],
    ["2000", "4", "31", "31 April"],
    ["2000", "1", "32", "day 32"],
    ["2000", "1", "0", "day 0"],
    ["2000", "0", "1", "month 0"],
    ["2000", "13", "1", "month 13"],
    ["0", "1", "1", "year 0"],
    ["0000", "1", "1", "year 0000"],
    ["0050", "1", "1", "year 50"],
  ])("rejects %s-%s-%s on dobDay: %s", (dobYear, dobMonth, dobDay) => {
    expect(issuesOf(PersonalInfoSchema, dob(dobYear, dobMonth, dobDay))).toEqual(dobError);
  });

  it.each([
    ["only a year", dob("2000")],
    ["only a month", dob(undefined, "5")],
    ["only a day", dob(undefined, undefined, "5")],
    ["no day", dob("2000", "5")],
    ["no month", dob("2000", undefined, "5")],
    ["no year", dob(undefined, "5", "5")],
  ])("rejects a partial date (%s) on dobDay", (_, input) => {
    expect(issuesOf(PersonalInfoSchema, input)).toEqual(dobError);
  });

  it.each([
    ["dobYear", dob("abcd", "1", "1")],
    ["dobMonth", dob("2000", "Jan", "1")],
    ["dobDay", dob("2000", "1", "1st")],
    ["dobDay", dob("2000", "1", "1.5")],
    ["dobDay", dob("2000", "1", "-1")],
    ["dobYear", dob("20000", "1", "1")],
  ])("rejects a non-numeric part with one message, on %s", (path, input) => {
    expect(issuesOf(PersonalInfoSchema, input)).toEqual([{ path, message: DATE_OF_BIRTH_ERROR }]);
  });

  it("rejects a part with spaces on that part (the date itself, 2000-01-01, is fine)", () => {
    expect(issuesOf(PersonalInfoSchema, dob(" 2000", "1", "1"))).toEqual([{ path: "dobYear", message: DATE_OF_BIRTH_ERROR }]);
  });

  it.each([
    ["dobYear", { dobYear: 2000, dobMonth: "1", dobDay: "1" }],
    ["dobMonth", { dobYear: "2000", dobMonth: 1, dobDay: "1" }],
    ["dobDay", { dobYear: "2000", dobMonth: "1", dobDay: 1 }],
  ])("rejects a number where a string is expected (%s)", (path, input) => {
    expect(issuesOf(PersonalInfoSchema, input).map((i) => i.path)).toEqual([path]);
  });

  it.each([["other"], [""], [1]])("rejects gender %j", (gender) => {
    expect(issuesOf(PersonalInfoSchema, { gender }).map((i) => i.path)).toEqual(["gender"]);
  });

  it("accepts select fields up to 100 characters and rejects 101", () => {
    expect(issuesOf(PersonalInfoSchema, { fields: { eyes: "e".repeat(100) } })).toEqual([]);
    expect(issuesOf(PersonalInfoSchema, { fields: { eyes: "e".repeat(101) } }).map((i) => i.path)).toEqual(["fields.eyes"]);
  });
});

describe("AboutSchema", () => {
  it.each([
    ["nothing", {}],
    ["an empty text", { personal: { about: "" } }],
    ["a 2000-character text", { personal: { about: "t".repeat(2000) } }],
    ["a 2000-character text inside spaces", { personal: { about: ` ${"t".repeat(2000)}\n` } }],
    ["several texts and interests", { personal: { about: "Hi", looking: "You" }, interests: ["chess", "i".repeat(40)] }],
  ])("accepts %s", (_, input) => {
    expect(issuesOf(AboutSchema, input)).toEqual([]);
  });

  it("rejects a 2001-character text, on that text's path", () => {
    expect(issuesOf(AboutSchema, { personal: { about: "ok", looking: "t".repeat(2001) } })).toEqual([
      { path: "personal.looking", message: tooLong(2000) },
    ]);
  });

  it("trims the texts", () => {
    expect(v.parse(AboutSchema, { personal: { about: "  Hi  " } })).toEqual({ personal: { about: "Hi" } });
  });

  it.each([
    ["personal.about", { personal: { about: 42 } }],
    ["interests.0", { interests: [7] }],
    ["interests.0", { interests: ["i".repeat(41)] }],
    ["interests", { interests: "chess" }],
  ])("rejects wrong types and over-long interests (%s)", (path, input) => {
    expect(issuesOf(AboutSchema, input).map((i) => i.path)).toEqual([path]);
  });
});

describe("the name's rule is the contract's (the API applies nameProblem), but for the look-alike rule the API alone applies", () => {
  const MESSAGES = {
    required: "validation.noName",
    too_big: tooLong(150),
    name_starts_with_at: "errors.name_starts_with_at",
    name_characters: "errors.name_characters",
    name_equal_to_email: "errors.name_equal_to_email",
    invisible_characters: "errors.invisible_characters",
  } as const;
  it.each([
    "Ki\u200Bm",
    "\u202Emik",
    "Kim\u2066",
    "K\u0007im",
    "Ki\u0301m",
    // Issue 25, point 20: look-alike, compatibility and blank-looking names.
    "Ki\u200Em",
    "\u0410nna",
    "Ｋｉｍ",
    "\u2800\u2800",
    "Łukasz",
    "Anne-Marie",
    "",
    "   ",
    "Kim",
    " Kim ",
    "@kim",
    "kim@x.com",
    "KIM@X.COM ",
    "n".repeat(150),
    "n".repeat(151),
    `@${"n".repeat(150)}`,
  ])("%j", (name) => {
    const email = "kim@x.com";
    const contract = nameProblem(name, email);
    // name_characters (UTS #39) is the API's alone: lib/forms/fields.ts says why.
    const problem = contract === "name_characters" ? null : contract;
    const issues = issuesOf(AccountSchema, { email, name, password: "a good password" });
    expect(issues.slice(0, 1)).toEqual(problem ? [{ path: "name", message: MESSAGES[problem] }] : []);
  });
});
