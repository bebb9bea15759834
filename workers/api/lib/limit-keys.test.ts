import { describe, expect, it } from "vitest";
import { addressKeys, loginAddressKey, resetAddressKey } from "./limit-keys";

describe("rate-limit keys of an address", () => {
  it("hold the address as sign-up stores it, however it was typed", () => {
    const typed = " Ann\u200b@Example.COM. ";
    expect(loginAddressKey(1, typed)).toBe("login:email:1:ann@example.com");
    expect(resetAddressKey(2, typed)).toBe("reset:email:2:ann@example.com");
  });

  it("are one NFC spelling for an address typed decomposed", () => {
    expect(loginAddressKey(1, "jose\u0301@example.com")).toBe(loginAddressKey(1, "jos\u00e9@example.com"));
  });

  it("list every counter of the address for erasure", () => {
    expect(addressKeys(3, "ann@example.com")).toEqual(["login:email:3:ann@example.com", "reset:email:3:ann@example.com"]);
  });
});
