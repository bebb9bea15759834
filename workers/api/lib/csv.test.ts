import { describe, expect, it } from "vitest";
import { csvCell, csvDocument } from "./csv";

describe("csvCell", () => {
  it("writes plain text and numbers as they are", () => {
    expect(csvCell("Anna")).toBe("Anna");
    expect(csvCell(42)).toBe("42");
    expect(csvCell(-3)).toBe("-3");
    expect(csvCell(null)).toBe("");
  });

  it("quotes commas, quotes and line breaks", () => {
    expect(csvCell('say "hi", then')).toBe('"say ""hi"", then"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
  });

  it("turns text that would start a formula into text", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
      expect(csvCell(`${start}SUM(A1:A2)`)).toBe(`"'${start}SUM(A1:A2)"`);
    }
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
  });
});

it("csvDocument: UTF-8 byte order mark, CRLF lines", () => {
  expect(
    csvDocument([
      ["name", "n"],
      ["Zoë", 1],
    ]),
  ).toBe("\uFEFFname,n\r\nZoë,1\r\n");
});
