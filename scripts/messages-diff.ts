/**
 * Where the translations in contract/messages/ stand against en.json, the source of every message.
 *
 *   tsx scripts/messages-diff.ts [--since <git revision>] [--changed key,key…] [--merge file.json] [--write]
 *
 * Per language it lists the keys English has and the language lacks (missing), the keys the language
 * has and English no longer does (obsolete), and the English messages that changed since the
 * revision given with --since or were named with --changed, which need translating again although
 * their keys exist. Plural keys count by their base: Polish `_few`/`_many` stand beside English
 * `_one`/`_other`.
 *
 * --write rebuilds every language file in the order of en.json, drops the obsolete keys and takes
 * new or changed messages from --merge, a file of `{ "<locale>": { "<dotted.key>": "text" } }`.
 * Exits 1 when a language still lacks a key or keeps an obsolete one.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

type Tree = { [key: string]: string | Tree };

const DIR = path.resolve(import.meta.dirname, "../contract/messages");
const LOCALES = ["nl", "de", "it", "fr", "es", "pl"] as const;
const PLURAL = /_(zero|one|two|few|many|other)$/;

const { values: args } = parseArgs({
  options: {
    since: { type: "string" },
    changed: { type: "string" },
    merge: { type: "string" },
    write: { type: "boolean", default: false },
  },
});

function read(locale: string): Tree {
  return JSON.parse(readFileSync(path.join(DIR, `${locale}.json`), "utf8"));
}

/** Every message as a dotted key, in file order. */
function leaves(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") out.set(`${prefix}${key}`, value);
    else for (const [k, v] of leaves(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const base = (key: string) => key.replace(PLURAL, "");

const en = read("en");
const english = leaves(en);
const englishBases = new Set([...english.keys()].map(base));

const changed = new Set<string>(args.changed ? args.changed.split(",").map((k) => k.trim()) : []);
if (args.since) {
  const old = leaves(JSON.parse(execFileSync("git", ["show", `${args.since}:contract/messages/en.json`], { encoding: "utf8" })));
  for (const [key, text] of english) if (old.has(key) && old.get(key) !== text) changed.add(key);
}
for (const key of changed) if (!english.has(key)) throw new Error(`--changed: not an English key: ${key}`);

const merge: Record<string, Record<string, string>> = args.merge ? JSON.parse(readFileSync(args.merge, "utf8")) : {};

/** The language's tree rebuilt in the order of `source`, without keys English lacks. */
function rebuild(source: Tree, own: Tree, extra: Record<string, string>, prefix = ""): Tree {
  const out: Tree = {};
  for (const [key, value] of Object.entries(source)) {
    const dotted = `${prefix}${key}`;
    if (typeof value !== "string") {
      const mine = own[key];
      const child = rebuild(value, typeof mine === "object" ? mine : {}, extra, `${dotted}.`);
      if (Object.keys(child).length > 0) out[key] = child;
      continue;
    }
    if (!PLURAL.test(key)) {
      const text = extra[dotted] ?? own[key];
      if (typeof text === "string") out[key] = text;
      continue;
    }
    // A plural: every form of this language, at the place of English's first form.
    const stem = base(key);
    if (Object.keys(out).some((k) => PLURAL.test(k) && base(k) === stem)) continue;
    const forms = new Set([
      ...Object.keys(own).filter((k) => PLURAL.test(k) && base(k) === stem),
      ...Object.keys(extra)
        .filter((k) => k.startsWith(prefix) && !k.slice(prefix.length).includes(".") && PLURAL.test(k))
        .map((k) => k.slice(prefix.length))
        .filter((k) => base(k) === stem),
    ]);
    const order = ["zero", "one", "two", "few", "many", "other"];
    for (const form of [...forms].sort(
      (a, b) => order.indexOf(a.slice(stem.length + 1)) - order.indexOf(b.slice(stem.length + 1)),
    )) {
      const text = extra[`${prefix}${form}`] ?? own[form];
      if (typeof text === "string") out[form] = text;
    }
  }
  return out;
}

let incomplete = false;
for (const locale of LOCALES) {
  let tree = read(locale);
  if (args.write) {
    tree = rebuild(en, tree, merge[locale] ?? {});
    writeFileSync(path.join(DIR, `${locale}.json`), `${JSON.stringify(tree, null, 2)}\n`);
  }
  const mine = leaves(tree);
  const mineBases = new Set([...mine.keys()].map(base));
  const missing = [...english.keys()].filter((key) => (PLURAL.test(key) ? !mine.has(`${base(key)}_other`) : !mine.has(key)));
  const obsolete = [...mine.keys()].filter((key) => !(PLURAL.test(key) ? englishBases.has(base(key)) : english.has(key)));
  const stale = [...changed].filter((key) => mineBases.has(base(key)) && !(merge[locale] && key in merge[locale]));
  const uniqueMissing = [...new Set(missing.map((key) => (PLURAL.test(key) ? `${base(key)}_*` : key)))];
  console.log(`\n== ${locale}: ${uniqueMissing.length} missing, ${obsolete.length} obsolete, ${stale.length} changed in English`);
  for (const key of uniqueMissing)
    console.log(`  missing   ${key}  "${english.get(key) ?? english.get(`${key.slice(0, -2)}_other`)}"`);
  for (const key of obsolete) console.log(`  obsolete  ${key}`);
  for (const key of stale) console.log(`  changed   ${key}  "${english.get(key)}"`);
  if (uniqueMissing.length > 0 || obsolete.length > 0) incomplete = true;
}
process.exitCode = incomplete ? 1 : 0;
