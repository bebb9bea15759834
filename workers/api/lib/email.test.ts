import { describe, expect, it } from "vitest";
import { isDeliverable, normaliseEmail } from "./email";

describe("normaliseEmail", () => {
  it("trims, lower-cases and drops spaces", () => {
    expect(normaliseEmail("  Anna.B@Example.COM ")).toBe("anna.b@example.com");
    expect(normaliseEmail("anna @example.com")).toBe("anna@example.com");
  });
  it("corrects certain typos of big mail domains", () => {
    expect(normaliseEmail("kim@gmial.com")).toBe("kim@gmail.com");
    expect(normaliseEmail("kim@hotmail.con")).toBe("kim@hotmail.com");
    expect(normaliseEmail("kim@gmail.com.")).toBe("kim@gmail.com");
  });
  it("leaves other domains alone", () => {
    expect(normaliseEmail("kim@gmx.de")).toBe("kim@gmx.de");
  });
});

describe("isDeliverable", () => {
  it.each(["anna@example.com", "a.b+c@mail.co.uk", "x@xn--bcher-kva.ch"])("accepts %s", (email) => {
    expect(isDeliverable(email)).toBe(true);
  });
  it.each([
    "anna",
    "anna@",
    "@example.com",
    "anna@example",
    "anna@localhost",
    "a@b.invalid",
    "a..b@example.com",
    ".a@example.com",
    "a b@example.com",
    `${"a".repeat(65)}@example.com`,
    "anna@-example.com",
  ])("refuses %s", (email) => {
    expect(isDeliverable(email)).toBe(false);
  });
});
