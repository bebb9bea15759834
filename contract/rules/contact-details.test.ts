import { beforeAll, describe, expect, it } from "vitest";
import {
  contactDetailsChecked,
  DEFAULT_HANDLE_WORDS,
  findContactDetail,
  HANDLE_WORD,
  handleWordsFor,
  readableText,
} from "./contact-details";

const WORDS = handleWordsFor(undefined, ["en", "nl"]);
const found = (text: string, words: readonly string[] = WORDS) => findContactDetail(text, words);

// The first call builds linkify's scanner and compiles the patterns: not a test of its own.
beforeAll(() => {
  findContactDetail("warm up", WORDS);
}, 30_000);

describe("findContactDetail: ordinary messages pass", () => {
  it.each([
    "Hi! How are you?",
    "I'm 34 and I live in Utrecht.",
    "Shall we have a coffee at 8 pm? Or at 20:30.",
    "It was only €5, or $5 in the US, maybe 12.50 euro.",
    "I was born in 1990, have 2 kids and 3 cats; my flat is number 1234.",
    "I love the old telegraph office in town, and paying with cash.",
    "What's up? I'm at home now. It was a long day.",
    "Ik woon in Amsterdam. De stad is mooi.",
    "We're at work. It is busy.",
    "ok.so what do you do for fun? hello.how are you",
    "Our date was on 12.05.2024 at 10 and again on 1-2-2025 10:30.",
    "I gave 100 % and ran 10 km in 45 minutes.",
    "Email is old fashioned, I prefer talking here :)",
    "Tel Aviv and Paris are my favourite cities, Lydia from Lyon.",
    "Polka dot dresses are nice.",
    "I was @home all day",
  ])("%s", (text) => {
    expect(found(text)).toBeNull();
  });
});

describe("findContactDetail: email addresses", () => {
  it.each([
    "write me: anna.b@example.com",
    "anna @ example . com",
    "name at gmail dot com",
    "name(at)gmail(dot)com",
    "name [at] web [punkt] de",
    "just mail me, anna92 at hotmail",
    "ａｎｎａ＠ｅｘａｍｐｌｅ．ｃｏｍ",
    "an\u200Bna@exa\u200Dmple.com",
  ])("%s", (text) => {
    expect(found(text)).toBe("email");
  });
});

describe("findContactDetail: payment and messenger handles", () => {
  it.each([
    "send it with PayPal please",
    "paypal dot me/anna",
    "p a y p a l",
    "P.a.y.P.a.l",
    "pay-pal",
    "p4yp4l",
    "add me on WhatsApp",
    "whats app me",
    "Telegram?",
    "t e l e g r a m",
    "my cash app is ready",
    "ｐａｙｐａｌ",
    "pay\u200Bpal",
    "pay\u2060pal",
    "p\u0430yp\u0430l", // Cyrillic а
    "𝐩𝐚𝐲𝐩𝐚𝐥",
    "péypal".replace("é", "a\u0301"),
    "Western Union is fastest",
    "find me: @anna_92",
    "my cashtag $annasmith",
    "Tikkie me het geld",
  ])("%s", (text) => {
    expect(found(text)).toBe("handle");
  });

  it("uses only the words it is given (the language's list)", () => {
    expect(found("doe een tikkie", handleWordsFor(undefined, ["de"]))).toBeNull();
    expect(found("doe een tikkie", handleWordsFor(undefined, ["nl"]))).toBe("handle");
    expect(found("stuur via fooopay", ["fooopay"])).toBe("handle");
  });

  it("does not find a word inside a longer word", () => {
    expect(found("the telegraph and telegrams", ["telegram"])).toBeNull();
    expect(found("snapchatting all night", ["snapchat"])).toBeNull();
  });
});

describe("findContactDetail: links", () => {
  it.each([
    "look at https://example.com/me",
    "www.example.org is mine",
    "see example.com/x",
    "bit.ly/abc",
    "mysite.net",
    "ｅｘａｍｐｌｅ．ｃｏｍ/ｘ",
    "exa\u200Bmple.com",
    "example dot com",
    "example (dot) nl",
    "bit . ly / abc",
    "my page is anna-fotos [punkt] de",
  ])("%s", (text) => {
    expect(found(text)).toBe("link");
  });
});

describe("findContactDetail: phone numbers", () => {
  it.each([
    "0612345678",
    "call 06 1234 5678",
    "0 6 1 2 3 4 5 6 7 8",
    "+31 (6) 12-34-56-78",
    "06.12.34.56.78",
    "０６１２３４５６７８",
    "0\u200B6\u200B1\u200B2\u200B3\u200B4\u200B5\u200B6\u200B7\u200B8",
    "my number: 06/123/456/78",
  ])("%s", (text) => {
    expect(found(text)).toBe("phone");
  });

  it("does not count short numbers", () => {
    expect(found("call me at 8, my room is 1234 5678")).toBeNull();
  });
});

describe("readableText", () => {
  it("reads full-width, styled and look-alike letters as plain ones, without invisible characters", () => {
    expect(readableText("Ｐａｙ\u200BPal ⓟ 𝐱 \u0440")).toBe("paypal p x p");
    expect(readableText("line\nbreak")).toBe("line break");
  });
});

describe("handleWordsFor", () => {
  it("joins the lists of the languages, each word once, with the default for a language left out", () => {
    const words = handleWordsFor({ nl: ["tikkie", "paypal"] }, ["nl", "de"]);
    expect(words).toContain("tikkie");
    expect(words).toContain("giropay");
    expect(words.filter((w) => w === "paypal")).toHaveLength(1);
    expect(handleWordsFor({ nl: [] }, ["nl"])).toEqual([]);
    expect(handleWordsFor(undefined, ["xx"])).toEqual([]);
  });

  it("keeps ordinary words of a language out of its default list", () => {
    expect(DEFAULT_HANDLE_WORDS.de).not.toContain("zelle");
    expect(DEFAULT_HANDLE_WORDS.nl).not.toContain("blik");
    for (const list of Object.values(DEFAULT_HANDLE_WORDS)) {
      for (const word of list) expect(HANDLE_WORD.test(word), word).toBe(true);
    }
  });
});

describe("HANDLE_WORD", () => {
  it("takes words of three letters or more, not markup or single letters", () => {
    expect(HANDLE_WORD.test("Apple Pay")).toBe(true);
    expect(HANDLE_WORD.test("ab")).toBe(false);
    expect(HANDLE_WORD.test("a b")).toBe(false);
    expect(HANDLE_WORD.test("<script>")).toBe(false);
  });
});

describe("contactDetailsChecked", () => {
  it("checks until the other side has written, and always with an entertainment profile", () => {
    expect(contactDetailsChecked({ withEntertainmentProfile: false, otherHasWritten: false })).toBe(true);
    expect(contactDetailsChecked({ withEntertainmentProfile: false, otherHasWritten: true })).toBe(false);
    expect(contactDetailsChecked({ withEntertainmentProfile: true, otherHasWritten: true })).toBe(true);
  });
});
