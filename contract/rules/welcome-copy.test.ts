import { describe, expect, it } from "vitest";
import { WELCOME_HEADLINE_MAX, WELCOME_TEXT_MAX, WelcomeCopySchema, welcomeCopyFor } from "./welcome-copy";

describe("a site's welcome copy", () => {
  it("takes a headline and text per language, each optional", () => {
    expect(WelcomeCopySchema.parse({ nl: { headline: "  Hallo  ", text: "" }, en: {} })).toEqual({ nl: { headline: "Hallo" } });
    expect(WelcomeCopySchema.parse({ en: { headline: " " }, de: {} })).toBe(undefined);
  });

  it("refuses too long a headline or text with codes of their own", () => {
    const result = WelcomeCopySchema.safeParse({
      en: { headline: "x".repeat(WELCOME_HEADLINE_MAX + 1), text: "y".repeat(WELCOME_TEXT_MAX + 1) },
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error?.issues.map((i) => [i.path.join("."), i.message]) ?? []);
    expect(messages).toEqual({ "en.headline": "welcome_headline_too_long", "en.text": "welcome_text_too_long" });
    expect(WelcomeCopySchema.safeParse({ en: { headline: "x".repeat(WELCOME_HEADLINE_MAX) } }).success).toBe(true);
  });

  it("refuses a language that is not one of ours and a wrong type", () => {
    expect(WelcomeCopySchema.safeParse({ xx: { headline: "Hi" } }).success).toBe(false);
    expect(WelcomeCopySchema.safeParse({ en: { headline: 5 } }).success).toBe(false);
    expect(WelcomeCopySchema.safeParse({ en: "Hi" }).success).toBe(false);
  });

  it("gives each part or null (the default words), never another language's copy", () => {
    const copy = { en: { headline: "Hello", text: "" }, nl: { text: "Welkom" } };
    expect(welcomeCopyFor(copy, "en")).toEqual({ headline: "Hello", text: null });
    expect(welcomeCopyFor(copy, "de")).toEqual({ headline: null, text: null });
    expect(welcomeCopyFor(undefined, "nl")).toEqual({ headline: null, text: null });
  });
});
