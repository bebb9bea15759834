import { describe, expect, it } from "vitest";
import { CITY_MAX, EMAIL_MAX, MAX_AGE, MIN_AGE, NAME_MAX, PASSWORD_MAX, PERSONAL_MAX } from "../limits";
import { ageOn, dateOfBirth, isValidDateOfBirth, isWorthChecking, mailproviderOf, nameProblem, nameRuleError } from "./signup";

/** A fixed "today" (2024 is a leap year) so the age checks do not depend on the clock. */
const NOW = new Date("2024-06-15T12:00:00Z");

describe("constants (docs/product.md §5, §9)", () => {
  it("match the spec's limits", () => {
    expect({ NAME_MAX, CITY_MAX, PASSWORD_MAX, EMAIL_MAX, PERSONAL_MAX, MIN_AGE, MAX_AGE }).toEqual({
      NAME_MAX: 150,
      CITY_MAX: 255,
      PASSWORD_MAX: 1000,
      EMAIL_MAX: 254,
      PERSONAL_MAX: 2000,
      MIN_AGE: 18,
      MAX_AGE: 100,
    });
  });
});

describe("nameRuleError", () => {
  it.each([
    // name, email, expected
    ["Anna", "anna@example.com", null],
    ["", "anna@example.com", null],
    ["@anna", "anna@example.com", "name_starts_with_at"],
    ["  @anna", "anna@example.com", "name_starts_with_at"],
    ["an@na", "anna@example.com", null],
    ["anna@", "anna@example.com", null],
    ["anna@example.com", "anna@example.com", "name_equal_to_email"],
    ["Anna@Example.com ", "anna@example.com", "name_equal_to_email"],
    ["  ANNA@EXAMPLE.COM", " Anna@example.com ", "name_equal_to_email"],
    ["anna@example.co", "anna@example.com", null],
    ["anna", "anna@example.com", null],
    // An empty email never matches, even an empty name.
    ["", "", null],
    ["x", "", null],
  ] as const)("(%j, %j) → %s", (name, email, expected) => {
    expect(nameRuleError(name, email)).toBe(expected);
  });

  it("reports '@' first when a name both starts with '@' and equals the email", () => {
    expect(nameRuleError("@x.com", "@x.com")).toBe("name_starts_with_at");
  });
});

describe("nameProblem: the name is required and never made from the address (issue 16)", () => {
  it.each([
    // name, email, expected
    ["", "kim.b@x.com", "required"],
    [undefined, "kim.b@x.com", "required"],
    ["   ", "kim.b@x.com", "required"],
    ["Kim", "kim.b@x.com", null],
    ["  Kim B  ", "kim.b@x.com", null],
    ["kim.b", "kim.b@x.com", null],
    ["@kim", "kim.b@x.com", "name_starts_with_at"],
    ["KIM.B@X.COM", "kim.b@x.com", "name_equal_to_email"],
  ] as const)("(%j, %j) → %s", (name, email, expected) => {
    expect(nameProblem(name, email)).toBe(expected);
  });

  it("allows NAME_MAX characters after trimming, not one more", () => {
    expect(nameProblem(` ${"a".repeat(NAME_MAX)} `, "kim@x.com")).toBeNull();
    expect(nameProblem("a".repeat(NAME_MAX + 1), "kim@x.com")).toBe("too_big");
  });

  it("reports the length before the other rules", () => {
    expect(nameProblem(`@${"a".repeat(NAME_MAX)}`, "kim@x.com")).toBe("too_big");
  });
});

describe("ageOn", () => {
  it.each([
    // birth date, now, expected age
    ["2006-06-15", NOW, 18], // 18th birthday today
    ["2006-06-16", NOW, 17], // one day short
    ["2006-06-14", NOW, 18],
    ["2006-07-01", NOW, 17], // later month
    ["2006-05-31", NOW, 18], // earlier month
    ["1924-06-15", NOW, 100],
    ["1923-06-16", NOW, 100], // 101 tomorrow
    ["1923-06-15", NOW, 101],
    ["2024-06-15", NOW, 0],
    // Born on 29 February: the birthday counts from 1 March in a non-leap year.
    ["2004-02-29", new Date("2022-02-28T12:00:00Z"), 17],
    ["2004-02-29", new Date("2022-03-01T00:00:00Z"), 18],
    ["2004-02-29", new Date("2024-02-29T00:00:00Z"), 20],
  ] as const)("%s on %s → %i", (iso, now, expected) => {
    expect(ageOn(iso, now)).toBe(expected);
  });

  it("uses the UTC date of now, not the local one", () => {
    // 23:30 on 14 June at UTC-02:00 is already 15 June in UTC.
    expect(ageOn("2006-06-15", new Date("2024-06-14T23:30:00-02:00"))).toBe(18);
    // 00:30 on 15 June at UTC+02:00 is still 14 June in UTC.
    expect(ageOn("2006-06-15", new Date("2024-06-15T00:30:00+02:00"))).toBe(17);
  });
});

describe("dateOfBirth", () => {
  it.each([
    // year, month, day, expected
    [2000, 1, 1, "2000-01-01"],
    [2000, 12, 31, "2000-12-31"],
    [1990, 3, 5, "1990-03-05"], // zero-padded
    [2006, 6, 15, "2006-06-15"], // exactly 18 today
    [1924, 6, 15, "1924-06-15"], // exactly 100 today
    [1923, 6, 16, "1923-06-16"], // 100, 101 tomorrow
    [2004, 2, 29, "2004-02-29"], // leap year
    [2000, 2, 29, "2000-02-29"], // leap year (divisible by 400)
  ] as const)("(%i, %i, %i) → %s", (y, m, d, expected) => {
    expect(dateOfBirth(y, m, d, NOW)).toBe(expected);
  });

  it.each([
    // year, month, day, why
    [2006, 6, 16, "one day short of 18"],
    [2010, 1, 1, "far too young"],
    [1923, 6, 15, "101 today"],
    [1900, 1, 1, "124"],
    [2000, 2, 30, "30 February"],
    [2000, 2, 31, "31 February"],
    [2003, 2, 29, "29 February in a non-leap year"],
    [2001, 2, 29, "29 February in a non-leap year"],
    [2000, 4, 31, "31 April"],
    [2000, 1, 32, "day 32"],
    [2000, 1, 0, "day 0"],
    [2000, 0, 1, "month 0"],
    [2000, 13, 1, "month 13"],
    [0, 1, 1, "year 0"],
    [-2000, 1, 1, "negative year"],
    [2000, -1, 1, "negative month"],
    [2000, 1, -1, "negative day"],
    [2000.5, 1, 1, "fractional year"],
    [2000, 1.5, 1, "fractional month"],
    [2000, 1, 1.5, "fractional day"],
    [Number.NaN, 1, 1, "NaN year"],
    [2000, Number.NaN, 1, "NaN month"],
    [2000, 1, Number.NaN, "NaN day"],
    [Number.POSITIVE_INFINITY, 1, 1, "infinite year"],
    [50, 1, 1, "two-digit year (Date.UTC would read it as 1950)"],
  ] as [number, number, number, string][])("(%d, %d, %d) → null: %s", (y, m, d) => {
    expect(dateOfBirth(y, m, d, NOW)).toBeNull();
  });

  it("applies the 18th birthday on 29 February from 1 March in a non-leap year", () => {
    expect(dateOfBirth(2004, 2, 29, new Date("2022-02-28T12:00:00Z"))).toBeNull();
    expect(dateOfBirth(2004, 2, 29, new Date("2022-03-01T12:00:00Z"))).toBe("2004-02-29");
  });
});

describe("isValidDateOfBirth", () => {
  it.each([
    ["2000-01-01", true],
    ["2006-06-15", true], // exactly 18
    ["2006-06-16", false], // one day short
    ["1924-06-15", true], // 100
    ["1923-06-15", false], // 101
    ["2004-02-29", true],
    ["2003-02-29", false],
    ["2000-02-30", false],
    ["2000-00-10", false],
    ["2000-13-10", false],
    ["2000-01-00", false],
    ["0000-01-01", false],
    ["2000-1-1", false], // not zero-padded
    ["2000/01/01", false],
    [" 2000-01-01", false],
    ["2000-01-01T00:00:00Z", false],
    ["abcd-ef-gh", false],
    ["", false],
  ] as const)("%j → %s", (iso, expected) => {
    expect(isValidDateOfBirth(iso, NOW)).toBe(expected);
  });
});

describe("mailproviderOf", () => {
  it.each([
    ["a@gmail.com", 2],
    ["a@googlemail.com", 2],
    ["a@GMail.COM", 2],
    ["a@outlook.com", 1],
    ["a@hotmail.com", 1],
    ["a@hotmail.co.uk", 1],
    ["a@live.com", 1],
    ["a@live.fr", 1],
    ["a@msn.com", 1],
    ["a@Outlook.DE", 1],
    ["a@example.com", 0],
    ["a@yahoo.com", 0],
    ["a@gmail.co", 0],
    ["a@mail.gmail.com", 0],
    ["a@notoutlook.com", 0],
    ["a@outlook", 0],
    ["gmail.com", 0], // no '@'
    ["", 0],
  ] as const)("%j → %i", (email, expected) => {
    expect(mailproviderOf(email)).toBe(expected);
  });
});

describe("isWorthChecking", () => {
  it.each([
    ["anna@example.com", true],
    ["a@b.c", true],
    ["anna@example", false], // no '.'
    ["anna.example.com", false], // no '@'
    ["anna", false],
    ["", false],
    ["@.", true],
  ] as const)("%j → %s", (email, expected) => {
    expect(isWorthChecking(email)).toBe(expected);
  });
});
