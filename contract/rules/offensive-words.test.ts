import { describe, expect, it } from "vitest";
import { LOCALES } from "../locales";
import { DEFAULT_OFFENSIVE_WORDS, offensiveWordsFor } from "./offensive-word-lists";
import { findOffensiveWord, OFFENSIVE_WORD } from "./offensive-words";

const EN = DEFAULT_OFFENSIVE_WORDS.en;

describe("findOffensiveWord", () => {
  it("finds a word of the list as a whole word, in any case", () => {
    expect(findOffensiveWord("you are an idiot", EN)).toBe("idiot*");
    expect(findOffensiveWord("You IDIOT!", EN)).toBe("idiot*");
    expect(findOffensiveWord("what a Moron.", EN)).toBe("moron*");
    expect(findOffensiveWord("Hello, how was your day?", EN)).toBeNull();
  });

  it("resists evasions: full-width letters, zero-width joiners, accents and look-alikes", () => {
    expect(findOffensiveWord("ｉｄｉｏｔ", EN)).toBe("idiot*");
    expect(findOffensiveWord("id\u200Di\u200Bot", EN)).toBe("idiot*");
    expect(findOffensiveWord("ídìöt", EN)).toBe("idiot*");
    // A Cyrillic о and а.
    expect(findOffensiveWord("m\u043Er\u043En", EN)).toBe("moron*");
    expect(findOffensiveWord("b\u0456tch", EN)).toBe("bitch*");
  });

  it("reads letters typed one by one as a word", () => {
    expect(findOffensiveWord("you i d i o t", EN)).toBe("idiot*");
    expect(findOffensiveWord("i.d.i.o.t", EN)).toBe("idiot*");
    expect(findOffensiveWord("i-d-i-o-t-s all of you", EN)).toBe("idiot*");
    expect(findOffensiveWord("f u c k   off", EN)).toBe("fuck off");
  });

  it("reads digits and signs typed for letters (leetspeak)", () => {
    expect(findOffensiveWord("1d10t", EN)).toBe("idiot*");
    expect(findOffensiveWord("m0r0n", EN)).toBe("moron*");
    expect(findOffensiveWord("@$$hole", EN)).toBe("asshole*");
    expect(findOffensiveWord("$lut", EN)).toBe("slut*");
    expect(findOffensiveWord("b!tch", EN)).toBe("bitch*");
    expect(findOffensiveWord("wh0r3", EN)).toBe("whore*");
    expect(findOffensiveWord("1 d 1 0 t", EN)).toBe("idiot*");
  });

  it("does not find a word inside a longer one", () => {
    const list = ["ass", "cunt", "twat", "hoer"];
    for (const innocent of [
      "I have class tonight",
      "a passionate assistant",
      "Scunthorpe is lovely",
      "Saltwater swimming at Twatt bay",
      "hoera, feest!",
      "She embarrassed me",
    ]) {
      expect(findOffensiveWord(innocent, list), innocent).toBeNull();
    }
    // The whole word does count, and so does a prefix entry's longer word.
    expect(findOffensiveWord("what an ass", list)).toBe("ass");
    expect(findOffensiveWord("idiots, all of them", EN)).toBe("idiot*");
  });

  it("needs a phrase's words in a row", () => {
    expect(findOffensiveWord("piece of shit", EN)).toBe("piece of shit");
    expect(findOffensiveWord("a piece of cake and shit weather", EN)).toBeNull();
    expect(findOffensiveWord("fuck, I missed the bus and had to run off", EN)).toBeNull();
  });

  it("ordinary messages pass in every language with every list", () => {
    const all = offensiveWordsFor(undefined, LOCALES);
    for (const text of [
      "Hi! I'm 34, free at 8 pm, coffee is €5 on me.",
      "Hoera, ik heb een nieuwe baan! Zin in een drankje?",
      "Ich möchte eine Wohnung mieten, hast du Tipps?",
      "Ciao, come stai? Sono stato a Roma con mia sorella.",
      "Salut, tu viens avec moi au cinéma ce soir ?",
      "Hola, ¿quieres tomar un café conmigo? Con mucho gusto.",
      "Cześć, idziemy jutro na spacer? Mam psa i kota.",
      "I assume the classic assessment passed",
    ]) {
      expect(findOffensiveWord(text, all), text).toBeNull();
    }
  });

  it("finds each language's words, with accents typed or not", () => {
    expect(findOffensiveWord("du bist ein Arschloch", DEFAULT_OFFENSIVE_WORDS.de)).toBe("arschloch");
    expect(findOffensiveWord("ihr arschlocher", DEFAULT_OFFENSIVE_WORDS.de)).toBe("arschlöcher");
    expect(findOffensiveWord("espèce de connard", DEFAULT_OFFENSIVE_WORDS.fr)).toBe("connard*");
    expect(findOffensiveWord("eres un cabron", DEFAULT_OFFENSIVE_WORDS.es)).toBe("cabrón");
    expect(findOffensiveWord("pierdol sie", DEFAULT_OFFENSIVE_WORDS.pl)).toBe("pierdol się");
    expect(findOffensiveWord("sei uno stronzo", DEFAULT_OFFENSIVE_WORDS.it)).toBe("stronzo");
    expect(findOffensiveWord("rot op, klootzakken", DEFAULT_OFFENSIVE_WORDS.nl)).toBe("klootzak*");
  });

  it("an empty list finds nothing", () => {
    expect(findOffensiveWord("idiot", [])).toBeNull();
  });
});

describe("the default lists and offensiveWordsFor", () => {
  it("every default word is a valid setting, 10 to 20 a language", () => {
    for (const locale of LOCALES) {
      const words = DEFAULT_OFFENSIVE_WORDS[locale];
      expect(words.length, locale).toBeGreaterThanOrEqual(10);
      expect(words.length, locale).toBeLessThanOrEqual(20);
      for (const word of words) expect(OFFENSIVE_WORD.test(word), word).toBe(true);
    }
  });

  it("takes each language's list once, the default where the settings leave one out", () => {
    const words = offensiveWordsFor({ en: ["jerk"], nl: [] }, ["en", "nl", "de", "xx", "en"]);
    expect(words).toContain("jerk");
    expect(words).not.toContain("idiot*");
    expect(words).toContain("arschloch");
    expect(words.filter((w) => w === "jerk")).toHaveLength(1);
  });

  it("the settings' word pattern refuses what is no word", () => {
    for (const bad of ["a", "<b>", "idi*ot", "1d10t", "", "*"]) expect(OFFENSIVE_WORD.test(bad), bad).toBe(false);
    for (const good of ["jerk", "fuck off", "trou du cul", "l'idiot", "ass*"]) expect(OFFENSIVE_WORD.test(good), good).toBe(true);
  });
});
