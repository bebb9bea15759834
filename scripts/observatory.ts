/**
 * Grades a local address's response headers the way the MDN HTTP Observatory does
 * (docs/decisions/032-https-only.md): the same ten tests, the same result names and score
 * modifiers, the same rule that bonuses count only when the score before them is 90 or more,
 * and the same grade chart. The rules are MDN's: https://developer.mozilla.org/en-US/observatory/docs/tests_and_scoring
 * and the scanner's source (npm @mdn/mdn-http-observatory 1.4: src/grader/charts.js
 * SCORE_TABLE and GRADE_CHART, src/scanner/index.js). The package itself is not a dependency:
 * its install step downloads the HSTS preload and TLD lists, which an offline `npm ci` cannot.
 * Cross-check by hand: `npm i --ignore-scripts @mdn/mdn-http-observatory` in a scratch folder,
 * empty conf/hsts-preload.json ({}) and conf/tld-list.json ([]), then scan("127.0.0.1:PORT") with
 * NODE_EXTRA_CA_CERTS set to the proxy's certificate (it printed A+, 115, for this app).
 *
 * Simplified where our pages cannot differ (no preload list lookup, no crossdomain.xml, one page
 * read). Loopback only: it trusts the local proxy's self-signed certificate.
 *
 * Usage: tsx scripts/observatory.ts HOST:PORT [PATH]   (exit 1 below the grade in MIN_GRADE, default A+)
 */
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";

const [hostArg, path = "/"] = process.argv.slice(2);
if (!hostArg || !/^(127\.0\.0\.1|localhost):\d+$/.test(hostArg)) {
  console.error("usage: tsx scripts/observatory.ts 127.0.0.1:PORT [PATH] (loopback only)");
  process.exit(2);
}

interface Answer {
  url: URL;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function get(url: URL): Promise<Answer> {
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(url, { method: "GET", rejectUnauthorized: false, headers: { "user-agent": "observatory-local" } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => resolve({ url, status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Follows redirects by hand (as the scanner does), keeping the chain. */
async function chain(start: URL): Promise<Answer[]> {
  const answers: Answer[] = [];
  let url = start;
  for (let i = 0; i < 10; i++) {
    const answer = await get(url);
    answers.push(answer);
    const location = answer.headers.location;
    if (answer.status < 300 || answer.status > 399 || typeof location !== "string") break;
    url = new URL(location, url);
  }
  return answers;
}

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(", ") : value);

const MODIFIERS: Record<string, number> = {
  "csp-implemented-with-no-unsafe-default-src-none": 10,
  "csp-implemented-with-no-unsafe": 5,
  "csp-implemented-with-unsafe-inline-in-style-src-only": 0,
  "csp-implemented-with-unsafe-eval": -10,
  "csp-implemented-with-unsafe-inline": -20,
  "csp-implemented-with-insecure-scheme": -20,
  "csp-not-implemented": -25,
  "cookies-secure-with-httponly-sessions-and-samesite": 5,
  "cookies-secure-with-httponly-sessions": 0,
  "cookies-not-found": 0,
  "cookies-without-secure-flag-but-protected-by-hsts": -5,
  "cookies-without-secure-flag": -20,
  "cookies-session-without-httponly-flag": -30,
  "cross-origin-resource-sharing-not-implemented": 0,
  "cross-origin-resource-sharing-implemented-with-public-access": 0,
  "redirection-to-https": 0,
  "redirection-off-host-from-http": -5,
  "redirection-not-to-https-on-initial-redirection": -10,
  "redirection-not-to-https": -20,
  "redirection-missing": -20,
  "referrer-policy-private": 5,
  "referrer-policy-not-implemented": 0,
  "referrer-policy-unsafe": -5,
  "referrer-policy-header-invalid": -5,
  "hsts-implemented-max-age-at-least-six-months": 0,
  "hsts-implemented-max-age-less-than-six-months": -10,
  "hsts-not-implemented": -20,
  "hsts-header-invalid": -20,
  "hsts-not-implemented-no-https": -20,
  "sri-not-implemented-response-not-html": 0,
  "sri-not-implemented-but-no-scripts-loaded": 0,
  "sri-not-implemented-but-all-scripts-loaded-from-secure-origin": 0,
  "sri-not-implemented-and-external-scripts-not-loaded-securely": -50,
  "x-content-type-options-nosniff": 0,
  "x-content-type-options-not-implemented": -5,
  "x-content-type-options-header-invalid": -5,
  "x-frame-options-implemented-via-csp": 5,
  "x-frame-options-sameorigin-or-deny": 0,
  "x-frame-options-not-implemented": -20,
  "x-frame-options-header-invalid": -20,
  "corp-not-implemented": 0,
  "corp-implemented-with-same-origin": 10,
  "corp-implemented-with-same-site": 10,
  "corp-implemented-with-cross-origin": 0,
  "corp-header-invalid": -5,
};

const GRADES: [number, string][] = [
  [100, "A+"],
  [90, "A"],
  [85, "A-"],
  [80, "B+"],
  [70, "B"],
  [65, "B-"],
  [60, "C+"],
  [50, "C"],
  [45, "C-"],
  [40, "D+"],
  [30, "D"],
  [25, "D-"],
  [0, "F"],
];

function directives(csp: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of csp.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name && !map.has(name.toLowerCase())) map.set(name.toLowerCase(), sources);
  }
  return map;
}

function grade(http: Answer[], https: Answer | null): Record<string, string> {
  const page = https ?? http.at(-1);
  if (!page) throw new Error("no answer");
  const h = (name: string) => one(page.headers[name]);
  const results: Record<string, string> = {};

  const csp = h("content-security-policy");
  if (!csp) results["content-security-policy"] = "csp-not-implemented";
  else {
    const d = directives(csp);
    const script = d.get("script-src") ?? d.get("default-src") ?? [];
    const style = d.get("style-src") ?? d.get("default-src") ?? [];
    const strict = script.some((s) => s.startsWith("'nonce-") || s.startsWith("'sha") || s === "'strict-dynamic'");
    const insecure = [...d.values()].flat().some((s) => s === "http:" || s.startsWith("http://"));
    if (script.includes("'unsafe-inline'") && !strict) results["content-security-policy"] = "csp-implemented-with-unsafe-inline";
    else if (script.includes("'unsafe-eval'")) results["content-security-policy"] = "csp-implemented-with-unsafe-eval";
    else if (insecure) results["content-security-policy"] = "csp-implemented-with-insecure-scheme";
    else if (style.includes("'unsafe-inline'"))
      results["content-security-policy"] = "csp-implemented-with-unsafe-inline-in-style-src-only";
    else
      results["content-security-policy"] =
        d.get("default-src")?.join(" ") === "'none'"
          ? "csp-implemented-with-no-unsafe-default-src-none"
          : "csp-implemented-with-no-unsafe";
  }

  const hsts = h("strict-transport-security");
  const maxAge = Number(/max-age\s*=\s*"?(\d+)/i.exec(hsts ?? "")?.[1] ?? Number.NaN);
  if (!https) results["strict-transport-security"] = "hsts-not-implemented-no-https";
  else if (!hsts) results["strict-transport-security"] = "hsts-not-implemented";
  else if (Number.isNaN(maxAge)) results["strict-transport-security"] = "hsts-header-invalid";
  else
    results["strict-transport-security"] =
      maxAge >= 15_768_000 ? "hsts-implemented-max-age-at-least-six-months" : "hsts-implemented-max-age-less-than-six-months";

  const cookies = [...http, ...(https ? [https] : [])].flatMap((a) => {
    const set = a.headers["set-cookie"];
    return Array.isArray(set) ? set : set ? [set] : [];
  });
  if (cookies.length === 0) results.cookies = "cookies-not-found";
  else {
    const flags = (c: string) =>
      c
        .toLowerCase()
        .split(";")
        .map((f) => f.trim());
    const session = (c: string) => /^(sid|session|sess|token|login)/i.test(c);
    if (cookies.some((c) => session(c) && !flags(c).includes("httponly")))
      results.cookies = "cookies-session-without-httponly-flag";
    else if (cookies.some((c) => !flags(c).includes("secure")))
      results.cookies = hsts ? "cookies-without-secure-flag-but-protected-by-hsts" : "cookies-without-secure-flag";
    else
      results.cookies = cookies.every((c) => flags(c).some((f) => f.startsWith("samesite=")))
        ? "cookies-secure-with-httponly-sessions-and-samesite"
        : "cookies-secure-with-httponly-sessions";
  }

  results["cross-origin-resource-sharing"] = h("access-control-allow-origin")
    ? "cross-origin-resource-sharing-implemented-with-public-access"
    : "cross-origin-resource-sharing-not-implemented";

  const [first, second] = http;
  const last = http.at(-1);
  if (!first || first.status < 300 || first.status > 399 || !second) results.redirection = "redirection-missing";
  else if (last?.url.protocol !== "https:") results.redirection = "redirection-not-to-https";
  else if (second.url.protocol !== "https:") results.redirection = "redirection-not-to-https-on-initial-redirection";
  else if (second.url.hostname !== first.url.hostname) results.redirection = "redirection-off-host-from-http";
  else results.redirection = "redirection-to-https";

  const referrer = h("referrer-policy")
    ?.toLowerCase()
    .split(",")
    .map((p) => p.trim())
    .at(-1);
  const PRIVATE = ["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"];
  const UNSAFE = ["origin", "origin-when-cross-origin", "unsafe-url", "no-referrer-when-downgrade"];
  results["referrer-policy"] = !referrer
    ? "referrer-policy-not-implemented"
    : PRIVATE.includes(referrer)
      ? "referrer-policy-private"
      : UNSAFE.includes(referrer)
        ? "referrer-policy-unsafe"
        : "referrer-policy-header-invalid";

  const html = (h("content-type") ?? "").startsWith("text/html");
  const scripts = [...page.body.matchAll(/<script\b[^>]*\bsrc\s*=\s*["']?([^"'\s>]+)/gi)].map((m) => m[1] ?? "");
  results["subresource-integrity"] = !html
    ? "sri-not-implemented-response-not-html"
    : scripts.length === 0
      ? "sri-not-implemented-but-no-scripts-loaded"
      : scripts.some((src) => src.startsWith("http://"))
        ? "sri-not-implemented-and-external-scripts-not-loaded-securely"
        : "sri-not-implemented-but-all-scripts-loaded-from-secure-origin";

  const xcto = h("x-content-type-options");
  results["x-content-type-options"] = !xcto
    ? "x-content-type-options-not-implemented"
    : xcto.trim().toLowerCase() === "nosniff"
      ? "x-content-type-options-nosniff"
      : "x-content-type-options-header-invalid";

  const xfo = h("x-frame-options")?.trim().toLowerCase();
  results["x-frame-options"] =
    csp && directives(csp).has("frame-ancestors")
      ? "x-frame-options-implemented-via-csp"
      : !xfo
        ? "x-frame-options-not-implemented"
        : xfo === "deny" || xfo === "sameorigin"
          ? "x-frame-options-sameorigin-or-deny"
          : "x-frame-options-header-invalid";

  const corp = h("cross-origin-resource-policy")?.trim().toLowerCase();
  results["cross-origin-resource-policy"] = !corp
    ? "corp-not-implemented"
    : corp === "same-origin"
      ? "corp-implemented-with-same-origin"
      : corp === "same-site"
        ? "corp-implemented-with-same-site"
        : corp === "cross-origin"
          ? "corp-implemented-with-cross-origin"
          : "corp-header-invalid";
  return results;
}

const http = await chain(new URL(`http://${hostArg}${path}`));
const https = await get(new URL(`https://${hostArg}${path}`)).catch(() => null);
const results = grade(http, https);
const modifiers = Object.values(results).map((r) => MODIFIERS[r] ?? 0);
const uncurved = 100 + modifiers.filter((m) => m < 0).reduce((a, b) => a + b, 0);
const score = uncurved >= 90 ? 100 + modifiers.reduce((a, b) => a + b, 0) : uncurved;
const letter = GRADES.find(([min]) => Math.max(score, 0) >= min)?.[1] ?? "F";

for (const [test, result] of Object.entries(results)) {
  console.log(`${test.padEnd(32)} ${result} (${MODIFIERS[result] ?? 0})`);
}
console.log(`\n${hostArg}${path}: ${letter} (${score})`);
const wanted = process.env.MIN_GRADE ?? "A+";
const rank = (g: string) => GRADES.findIndex(([, name]) => name === g);
if (rank(letter) > rank(wanted)) process.exit(1);
