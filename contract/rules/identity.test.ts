import { describe, expect, it } from "vitest";
import { hasInvisibleCharacters, nameCharacterProblem, normaliseIdentityText, withoutInvisibleCharacters } from "./identity";

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

describe("names by the Unicode identifier and confusable rules (UTS #39; issue 25, point 20)", () => {
  const refused = (name: string) => hasInvisibleCharacters(name) || nameCharacterProblem(name) !== null;

  it.each([
    ["a left-to-right mark", "Anna\u200E"],
    ["a right-to-left mark", "\u200FAnna"],
    ["an Arabic letter mark", "An\u061Cna"],
    ["a soft hyphen", "An\u00ADna"],
    ["a combining grapheme joiner", "An\u034Fna"],
    ["a Hangul filler", "\u3164"],
    ["a tag character", "Anna\u{E0041}"],
  ])("refuses %s as invisible", (_, name) => {
    expect(hasInvisibleCharacters(name)).toBe(true);
  });

  it.each([
    ["full-width letters", "Ａｎｎａ"],
    ["a full-width letter among plain ones", "Annａ"],
    ["mathematical bold letters", "𝐀𝐧𝐧𝐚"],
    ["circled letters", "Ⓐⓝⓝⓐ"],
    ["a ligature", "ﬁona"],
    ["a non-breaking space", "Anna\u00A0Maria"],
    ["an ideographic space", "Anna\u3000Maria"],
    ["a Cyrillic А in a Latin name", "\u0410nna"],
    ["a Cyrillic о in a Latin name", "J\u043Ehn"],
    ["a Greek ο in a Latin name", "J\u03BFhn"],
    ["an Armenian օ in a Latin name", "J\u0585hn"],
    ["Cherokee look-alikes", "\u13AA\u13C1\u13C1\u13AA"],
    ["Braille blanks", "\u2800\u2800"],
    ["a Braille blank beside a name", "Anna\u2800"],
    ["only punctuation", "- ."],
    ["an emoji", "Anna 🙂"],
    ["a symbol", "Anna ★"],
    ["stacked combining marks", "Ann\u0301\u0301a"],
    ["a combining mark with no letter", "\u0301Anna"],
    ["three marks on one letter", "Ana\u0300\u0301\u0302"],
    ["a variation selector after a letter", "Anna\uFE0F"],
  ])("refuses %s", (_, name) => {
    expect(refused(name), JSON.stringify(name)).toBe(true);
  });

  it.each([
    "José",
    "José María",
    "Zoë",
    "Łukasz",
    "Żaneta Wąsowska",
    "Grzegorz Brzęczyszczykiewicz",
    "Anne-Marie",
    "O'Brien",
    "O’Brien",
    "Jean-François",
    "François",
    "Müller",
    "Strauß",
    "Ærø",
    "Søren",
    "Bjørk",
    "Niccolò",
    "Íñigo",
    "Çağla",
    "Nguyễn Thị Minh Khai",
    "Dr. Anna",
    "Anna2",
    "L·lúcia",
    "Ἀλέξανδρος",
    "Анна",
    "Сергей",
    "محمد",
    "דוד",
    "日本",
    "山田太郎",
    "やまだ",
    "김민준",
    "Ken 健",
    "ราชา",
  ])("accepts %s", (name) => {
    expect(refused(name.normalize("NFC")), name).toBe(false);
  });
});
