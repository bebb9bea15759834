/**
 * Offensive words in a chat message (issue 30 point 4, "Nudges"; docs/product.md "Nudges",
 * ADR 057): before a message with a word of the site's list goes, the member is asked "Are you
 * sure?". The list is per language, in the site's settings (offensive-word-lists.ts holds the
 * defaults). Pure and small: the API decides (422 message_needs_confirm), and the chat page's
 * script runs the same function to ask before anything is sent.
 *
 * The text is read as a reader sees it (readable-text.ts: case, full-width letters, zero-width
 * joiners, accents, look-alike letters), digits and signs typed for letters are read as letters
 * ("1d10t", "@ss", "$lut"), and letters typed one by one are read as a word ("i d i o t",
 * "i.d.i.o.t"). A word matches only as a whole word ("class" is not "ass"); a word of the list
 * ending in "*" also matches the words it begins ("idiot*": "idiots", "idiotic"); a phrase
 * ("fuck off") matches its words in a row.
 */
import { readableText } from "./readable-text";

/** A word or phrase as the settings take it: letters, spaces, apostrophes, hyphens, an optional "*" at the end. */
export const OFFENSIVE_WORD = /^(?=(?:[^\p{L}]*\p{L}){2})[\p{L}][\p{L} '-]{0,39}\*?$/u;

/** Digits and signs typed for letters. */
const STAND_INS: Record<string, string> = {
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "@": "a",
  $: "s",
  "!": "i",
};
const STAND_IN = /[013457@$!]/g;

/**
 * A text's words: lower case, without accents, split at anything but a letter; with `standIns`,
 * digits and signs read as letters first (so "1d10t" is "idiot", but "idiot!" is "idioti": the
 * message is read both ways).
 */
function wordsOf(text: string, standIns: boolean): string[] {
  const readable = readableText(text);
  return (standIns ? readable.replace(STAND_IN, (c) => STAND_INS[c] ?? c) : readable)
    .split(/[^\p{L}]+/u)
    .filter((word) => word !== "");
}

/** The words again with runs of single letters joined ("i d i o t" → "idiot"); the other words as they are. */
function joinSpelledOut(words: string[]): string[] {
  const joined: string[] = [];
  let run = "";
  for (const word of words) {
    if ([...word].length === 1) {
      run += word;
      continue;
    }
    if (run) joined.push(run);
    run = "";
    joined.push(word);
  }
  if (run) joined.push(run);
  return joined;
}

interface Entry {
  /** The list's word or phrase as written (what the caller is told). */
  word: string;
  words: string[];
  /** The last word may go on ("idiot*"). */
  prefix: boolean;
}

function entryOf(word: string): Entry | null {
  const prefix = word.trim().endsWith("*");
  const words = wordsOf(word.replace(/\*\s*$/, ""), false);
  return words.length === 0 ? null : { word, words, prefix };
}

function matchesAt(text: string[], at: number, entry: Entry): boolean {
  const last = entry.words.length - 1;
  return entry.words.every((word, i) => {
    const found = text[at + i];
    if (found === undefined) return false;
    return i === last && entry.prefix ? found.startsWith(word) : found === word;
  });
}

function findIn(text: string[], entries: Entry[]): string | null {
  for (const entry of entries) {
    for (let at = 0; at + entry.words.length <= text.length; at++) if (matchesAt(text, at, entry)) return entry.word;
  }
  return null;
}

/**
 * The first word of `list` the message holds, or null. `list`: the site's words for the
 * languages in play (offensiveWordsFor, offensive-word-lists.ts).
 */
export function findOffensiveWord(text: string, list: readonly string[]): string | null {
  if (list.length === 0) return null;
  const entries = list.map(entryOf).filter((entry): entry is Entry => entry !== null);
  for (const standIns of [false, true]) {
    const words = wordsOf(text, standIns);
    const found = findIn(words, entries) ?? findIn(joinSpelledOut(words), entries);
    if (found) return found;
  }
  return null;
}
