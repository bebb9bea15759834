import { describe, expect, it } from "vitest";
import { suggestEmail } from "./did-you-mean";

describe("suggestEmail", () => {
  it("suggests the common domain for a near miss", () => {
    expect(suggestEmail("kim@gmial.com")).toBe("kim@gmail.com");
    expect(suggestEmail("kim@hotmial.com")).toBe("kim@hotmail.com");
    expect(suggestEmail("kim@gmail.cmo")).toBe("kim@gmail.com");
  });
  it("stays quiet for correct and unrelated addresses", () => {
    expect(suggestEmail("kim@gmail.com")).toBeNull();
    expect(suggestEmail("kim@example.com")).toBeNull();
    expect(suggestEmail("kim")).toBeNull();
  });
  it("uses only hotmail as a second-level domain", () => {
    // "hotmal.de" is within 2 of "hotmail"; "yahooo.de" would need yahoo in the list.
    expect(suggestEmail("kim@hotmal.de")).toBe("kim@hotmail.de");
    expect(suggestEmail("kim@yahooo.de")).toBeNull();
  });
});
