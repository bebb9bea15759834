import { describe, expect, it } from "vitest";
import { sha256Hex } from "./sha256";

describe("sha256Hex", () => {
  it("is the standard digest in lower-case hex", async () => {
    expect(await sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("hashes the UTF-8 bytes of the text", async () => {
    expect(await sha256Hex("é")).toMatch(/^[0-9a-f]{64}$/);
    expect(await sha256Hex("é")).not.toBe(await sha256Hex("e\u0301"));
  });
});
