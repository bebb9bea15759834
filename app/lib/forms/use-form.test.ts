import { describe, expect, it } from "vitest";
import { formValues } from "./use-form";

describe("formValues", () => {
  it("nests dotted names, lists repeated names and leaves out empty fields (as Conform parses)", () => {
    const data = new FormData();
    data.append("email", "anna@example.com");
    data.append("name", "");
    data.append("personal.about_me", "Hi");
    data.append("personal.looking_for", "");
    data.append("interests", "travel");
    data.append("interests", "music");
    data.append("fields.smoking", "no");
    expect(formValues(data)).toEqual({
      email: "anna@example.com",
      personal: { about_me: "Hi" },
      interests: ["travel", "music"],
      fields: { smoking: "no" },
    });
  });

  it("reads a list field with one value as a list (one ticked checkbox)", () => {
    const data = new FormData();
    data.append("interests", "music");
    expect(formValues(data)).toEqual({ interests: "music" });
    expect(formValues(data, ["interests"])).toEqual({ interests: ["music"] });
  });

  it("ignores files", () => {
    const data = new FormData();
    data.append("file", new File(["x"], "a.png"));
    expect(formValues(data)).toEqual({});
  });
});
