import { describe, expect, it } from "vitest";
import { NEW_PASSWORD_MIN, PASSWORD_MAX } from "../limits";
import { newPasswordProblem } from "./password";

describe("newPasswordProblem (one rule for sign-up, reset and change)", () => {
  it("needs 8 characters", () => {
    expect(NEW_PASSWORD_MIN).toBe(8);
    expect(newPasswordProblem("abc")).toBe("too_small");
    expect(newPasswordProblem("1234567")).toBe("too_small");
    expect(newPasswordProblem("12345678")).toBeNull();
  });

  it("passes the seeded demo password", () => {
    expect(newPasswordProblem("demo-password")).toBeNull();
  });

  it.each([
    ["", "required"],
    [undefined, "required"],
    [null, "required"],
    [12345678, "invalid_type"],
    ["        ", "too_small"],
    [" ".repeat(20), "too_small"],
    ["x".repeat(PASSWORD_MAX), null],
    ["x".repeat(PASSWORD_MAX + 1), "too_big"],
  ] as const)("%j → %s", (password, expected) => {
    expect(newPasswordProblem(password)).toBe(expected);
  });
});
