import { describe, expect, it } from "vitest";
import { emailIdentity, isDeliverable, normaliseEmail } from "./email";

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

describe("emailIdentity (bans match the person, not the spelling)", () => {
  it("is the normalised address for an ordinary one", () => {
    expect(emailIdentity("  Anna.B@Example.COM ")).toBe("anna.b@example.com");
    expect(emailIdentity("kim@gmial.com")).toBe("kim@gmail.com");
  });
  it("drops a +tag at any domain", () => {
    expect(emailIdentity("anna+velvet@example.com")).toBe("anna@example.com");
    expect(emailIdentity("Anna+1+2@GMX.de")).toBe("anna@gmx.de");
  });
  it("drops the dots Gmail ignores, and googlemail is gmail", () => {
    expect(emailIdentity("a.n.n.a@gmail.com")).toBe("anna@gmail.com");
    expect(emailIdentity("A.nna+x@googlemail.com")).toBe("anna@gmail.com");
    expect(emailIdentity("a.nna@outlook.com")).toBe("a.nna@outlook.com");
  });
  it("leaves what is not an address as it is (never throws)", () => {
    expect(emailIdentity("")).toBe("");
    expect(emailIdentity("+tag@example.com")).toBe("+tag@example.com");
    expect(emailIdentity("no-at-sign")).toBe("no-at-sign");
  });
});
