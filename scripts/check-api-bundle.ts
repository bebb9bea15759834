/**
 * The API worker's bundle holds no React and no app code (docs/architecture.md §6): the two
 * workers share only `contract/`. Reads the source map of the production build (`npm run build`)
 * and fails when any source comes from `app/` or a React package. Part of `npm test`.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

const MAP = path.resolve("dist/dating_api/index.js.map");
const FORBIDDEN = [
  { what: "app code", test: (source: string) => /(^|\/)app\//.test(source) && !source.includes("node_modules/") },
  { what: "React", test: (source: string) => /node_modules\/(react|react-dom|react-router|scheduler)\//.test(source) },
];

const { sources } = JSON.parse(readFileSync(MAP, "utf8")) as { sources: string[] };
const found = sources.flatMap((source) => FORBIDDEN.filter((rule) => rule.test(source)).map((rule) => `${rule.what}: ${source}`));
if (found.length > 0) {
  console.error(`The API bundle must not contain React or app code (${MAP}):\n  ${found.join("\n  ")}`);
  process.exit(1);
}
console.log(`API bundle: ${sources.length} sources, no React, no app code`);
