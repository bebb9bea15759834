import { describe, expect, it } from "vitest";
import { hasInvisibleCharacters, normaliseIdentityText, withoutInvisibleCharacters } from "./identity";

describe("identity hygiene (names and addresses)", () => {
  it.each([
    ["zero-width space", "an\u200Bna"],
    ["zero-width non-joiner", "an\u200Cna"],
    ["zero-width joiner", "an\u200Dna"],
    ["word joiner", "an\u2060na"],
    ["byte order mark", "an\uFEFFna"],
    ["right-to-left override", "\u202Eanna"],
    ["left-to-right embedding", "\u202Aanna"],
    ["first strong isolate", "anna\u2068"],
    ["pop directional isolate", "anna\u2069"],
    ["NUL", "an\u0000na"],
    ["line feed", "an\nna"],
    ["tab", "an\tna"],
    ["DEL", "an\u007Fna"],
    ["C1 control", "an\u0085na"],
  ])("refuses a %s", (_, text) => {
    expect(hasInvisibleCharacters(text)).toBe(true);
  });

  it.each(["Anna", "Zoë", "José María", "Łukasz", "Ærø", "محمد", "日本", "O'Brien", "anna+tag@example.com", "🙂"])(
    "accepts %s",
    (text) => {
      expect(hasInvisibleCharacters(text)).toBe(false);
    },
  );

  it("stores NFC: a decomposed é becomes the composed one", () => {
    expect(normaliseIdentityText(" Zoe\u0301 ")).toBe("Zoé");
    expect(normaliseIdentityText("Zoe\u0301")).toBe(normaliseIdentityText("Zo\u00E9"));
  });

  it("compares addresses without the invisible characters", () => {
    expect(withoutInvisibleCharacters("an\u200Bna@exam\u202Eple.com")).toBe("anna@example.com");
    expect(withoutInvisibleCharacters("jose\u0301@example.com")).toBe("josé@example.com");
  });
});
