/**
 * The budgets of docs/architecture.md §6, as a test (part of `npm test`):
 *  1. JavaScript weight from the production build: every page's first load ≤ 130 KB gzip,
 *     every route chunk ≤ 15 KB gzip; lander pages ship none.
 *  2. Lighthouse (mobile, simulated throttling) on the public pages that exist:
 *     performance ≥ 95, accessibility 100, best practices 100, SEO ≥ 95.
 * Run after `npm run build`. Prints a table; exits non-zero when any budget is broken.
 */
import { spawn } from "node:child_process";
import { cpus } from "node:os";
import { createServer, request as httpRequest } from "node:http";
import { constants, createGzip } from "node:zlib";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { LANDER_TYPES } from "../app/lib/landers";
import { FULL_BROWSER } from "../tests/e2e/support/browsers";

const KB = 1024;
const FIRST_LOAD_BUDGET = 130 * KB;
const ROUTE_CHUNK_BUDGET = 15 * KB;
const ALL_LIGHTHOUSE_PAGES = [
  "/",
  "/login",
  "/signup",
  "/members",
  "/members/5",
  "/members/5/signup",
  "/pricing",
  "/landers/video/eng",
  "/landers/gallery/eng",
  "/landers/maplanding/eng",
];
/** BUDGETS_PAGES="/signup,/members/5": Lighthouse on those pages only, to look into one. */
const LIGHTHOUSE_PAGES = process.env.BUDGETS_PAGES?.split(",") ?? ALL_LIGHTHOUSE_PAGES;
/** Lander pages: no script at all, and the HTML with its inline CSS within the first 14 KB compressed. */
const LANDER_PAGES = [
  "/members/5/signup",
  "/members/5/landing",
  "/members/5/landing2",
  "/members/5/landing3/eng",
  "/match-finder",
  "/match-finder?gender=female&age=all&region=0&intent=date",
  ...LANDER_TYPES.map((type) => `/landers/${type}/eng`),
];
const LANDER_FIRST_VIEW_BUDGET = 14 * KB;
/**
 * The control of a Lighthouse re-measurement (ADR 063): a lander without scripts, which scores
 * 98–100 when the host is quiet. Under CONTROL_MIN, the host is what the scores measure.
 */
const CONTROL_PAGE = "/landers/gallery/eng";
const CONTROL_MIN = 98;
const BUSY_VERDICT_MS = 2 * 60_000;
/** The service worker's precache: the shell only, as a member's data plan pays for it (compressed). */
const PRECACHE_BUDGET = 250 * KB;
/** Landers the spec puts in the empty layout (their handle says hydrate: false, as the lander layout's pages). */
const EMPTY_LAYOUT_LANDERS = ["member-landing2", "member-landing3", "routes/match-finder"];
const LIGHTHOUSE_MIN = { performance: 95, accessibility: 100, "best-practices": 100, seo: 95 } as const;
// Overridable so two checkouts can measure at once.
const PORT = Number(process.env.BUDGETS_PORT ?? 8789);
const EDGE_PORT = Number(process.env.BUDGETS_EDGE_PORT ?? 8780);

const failures: string[] = [];
const assets = path.resolve("build/client");

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
  hasDefaultExport: boolean;
}
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

function readManifest(): Manifest {
  // React Router's manifest (a route module can be called manifest-… too: the web app manifest's).
  const text = readdirSync(path.join(assets, "assets"))
    .filter((f) => /^manifest-.*\.js$/.test(f))
    .map((f) => readFileSync(path.join(assets, "assets", f), "utf8"))
    .find((t) => t.startsWith("window.__reactRouterManifest"));
  if (!text) throw new Error("no React Router manifest in build/client/assets: run `npm run build` first");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as Manifest;
}

const gzipSize = (url: string) => gzipSync(readFileSync(path.join(assets, url)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

function checkJavaScript() {
  const manifest = readManifest();
  const chain = (route: ManifestRoute): ManifestRoute[] =>
    route.parentId ? [...chain(manifest.routes[route.parentId]!), route] : [route];
  const isLeafPage = (route: ManifestRoute) =>
    route.hasDefaultExport && !Object.values(manifest.routes).some((r) => r.parentId === route.id);

  console.log("\nJavaScript, gzip (first load = entry + every route module of the page and their imports)");
  for (const route of Object.values(manifest.routes)) {
    const chunk = gzipSize(route.module);
    if (chunk > ROUTE_CHUNK_BUDGET) failures.push(`${route.id}: route chunk ${kb(chunk)} > ${kb(ROUTE_CHUNK_BUDGET)}`);
    if (!isLeafPage(route)) continue;
    const routes = chain(route);
    const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
    for (const r of routes) for (const file of [r.module, ...(r.imports ?? [])]) files.add(file);
    const total = [...files].reduce((sum, file) => sum + gzipSize(file), 0);
    if (routes.some((r) => r.id === "layouts/lander") || EMPTY_LAYOUT_LANDERS.includes(route.id)) {
      // The page renders without <Scripts/>: what it ships is checked in its HTML (checkLanders).
      console.log(`  ${route.id.padEnd(28)} lander: no JavaScript (checked in the served HTML)`);
      continue;
    }
    console.log(`  ${route.id.padEnd(28)} first load ${kb(total).padStart(9)}   own chunk ${kb(chunk).padStart(8)}`);
    if (total > FIRST_LOAD_BUDGET) failures.push(`${route.id}: first load ${kb(total)} > ${kb(FIRST_LOAD_BUDGET)}`);
  }
}

/** The precache is the shell (docs/decisions/023): within its budget, and no route's own chunk in it. */
function checkPrecache() {
  const meta = JSON.parse(readFileSync(path.join(assets, "builds", "latest.json"), "utf8")) as {
    precache: { files: number; bytes: number; scripts: number; scriptsCompressed: number };
  };
  const { files, bytes, scripts, scriptsCompressed } = meta.precache;
  console.log(
    `\nservice worker precache: ${files} files; ${scripts} scripts, ${kb(scriptsCompressed)} compressed; ${kb(bytes)} raw in all`,
  );
  if (scriptsCompressed > PRECACHE_BUDGET) failures.push(`precache: ${kb(scriptsCompressed)} > ${kb(PRECACHE_BUDGET)}`);
  const routes = readManifest().routes;
  const shell = new Set(readFileSync(path.join(assets, "sw.js"), "utf8").match(/assets\/[\w.-]+\.js/g) ?? []);
  for (const route of Object.values(routes)) {
    if (route.id === "root" || route.id.startsWith("layouts/")) continue;
    if (shell.has(route.module.slice(1)))
      failures.push(`precache: ${route.id}'s own chunk is precached (only the shell should be)`);
  }
}

async function waitFor(url: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not come up`);
}

/**
 * Lighthouse's simulation scales what it observed, so a busy machine (the server seeding, a
 * build winding down) reads as a slow page. Wait, at most 120 s, until the CPUs were at least
 * 80 % idle over the last 3 s (the load average lags by minutes, so it is not the measure).
 */
async function untilQuiet() {
  const until = Date.now() + 120_000;
  let busy = await busyShare(3_000);
  while (busy > 0.2 && Date.now() < until) busy = await busyShare(3_000);
  console.log(`  (CPUs ${Math.round(busy * 100)} % busy when Lighthouse starts)`);
}

/** The share of all CPUs' time spent working over the next `ms` milliseconds. */
async function busyShare(ms: number): Promise<number> {
  const total = () =>
    cpus().reduce(
      (sum, cpu) => {
        const all = Object.values(cpu.times).reduce((a, b) => a + b, 0);
        return { idle: sum.idle + cpu.times.idle, all: sum.all + all };
      },
      { idle: 0, all: 0 },
    );
  const before = total();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = total();
  const all = after.all - before.all;
  return all > 0 ? 1 - (after.idle - before.idle) / all : 0;
}

/**
 * vite preview serves files uncompressed; Cloudflare's edge gzips (or brotlis) text. Lighthouse
 * goes through this small proxy so it measures what a visitor downloads. It compresses as it
 * streams (sync flushes), so the streamed HTML still arrives in parts.
 */
function startEdgeProxy() {
  const server = createServer((req, res) => {
    const upstream = httpRequest(
      { host: "127.0.0.1", port: PORT, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        const type = String(answer.headers["content-type"] ?? "");
        const compressible = /text|javascript|json|xml|svg|manifest/.test(type);
        if (!compressible || !/gzip/.test(String(req.headers["accept-encoding"] ?? ""))) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const headers = { ...answer.headers, "content-encoding": "gzip", vary: "accept-encoding" };
        delete headers["content-length"];
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(createGzip({ flush: constants.Z_SYNC_FLUSH })).pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise<typeof server>((resolve) => server.listen(EDGE_PORT, "127.0.0.1", () => resolve(server)));
}

/** Landers as a visitor gets them: no script, no module preload, first view within 14 KB gzip. */
async function checkLanders() {
  console.log("\nLanders (served HTML, gzip)");
  for (const page of LANDER_PAGES) {
    // localhost is the demo site that takes sign-ups (127.0.0.1 is the invite-only one: its
    // landers show the short invite-only notice, not the page with photos and the form).
    const response = await fetch(`http://localhost:${PORT}${page}`, {
      redirect: "manual",
      headers: {
        "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Safari/537.36",
      },
    });
    if (response.status !== 200) failures.push(`${page}: a lander answered ${response.status}`);
    const html = await response.text();
    const size = gzipSync(html, { level: 6 }).length;
    const scripts = (html.match(/<script\b|rel="modulepreload"/g) ?? []).length;
    console.log(`  ${page.padEnd(36)} HTML + inline CSS ${kb(size)}, ${scripts} scripts`);
    if (scripts > 0) failures.push(`${page}: a lander ships ${scripts} script(s)`);
    if (!html.includes("<style")) failures.push(`${page}: a lander's CSS is not inline`);
    if (size > LANDER_FIRST_VIEW_BUDGET) failures.push(`${page}: first view ${kb(size)} > ${kb(LANDER_FIRST_VIEW_BUDGET)}`);
  }
}

async function checkLighthouse() {
  const server = spawn("nice", ["-n", "19", "bash", "scripts/serve-e2e.sh", String(PORT)], { stdio: "ignore", detached: true });
  const chrome = await chromeLauncher.launch({
    chromePath: FULL_BROWSER.executablePath,
    chromeFlags: ["--headless=new", ...FULL_BROWSER.args],
  });
  const edge = await startEdgeProxy();
  try {
    // A rendered page, not a static file: static files are served before the workers are ready.
    await waitFor(`http://127.0.0.1:${PORT}/`, 240_000);
    await checkLanders();
    // One request per page first, so no audit measures a cold start.
    for (const page of LIGHTHOUSE_PAGES) await fetch(`http://localhost:${EDGE_PORT}${page}`).then((r) => r.arrayBuffer());
    await untilQuiet();
    console.log("\nLighthouse, mobile, simulated throttling");
    // This machine's speed drifts for minutes at a time (ADR 063): in one slow spell every run of
    // an unchanged page scored 73–89, minutes after the same page scored 95–99; and on a quiet
    // host a script page's first run often scores a few points under its next ones. So a page
    // under a budget is run again and judged by the median of five runs, the usual case on a
    // quiet host. Only a page whose median is still under its performance budget asks the
    // control: a lander without scripts that scores 98–100 on a quiet host. When one of the
    // control's runs is under CONTROL_MIN, the host is too busy for a measurement to say
    // anything about the page: its numbers stay printed, not judged. Otherwise four more runs
    // make the median of nine, which is the verdict. The other categories do not drift and are
    // always judged. A busy verdict stands for BUSY_VERDICT_MS (the slow spells last minutes,
    // and each control costs three runs): meanwhile a page under its performance budget is not
    // judged after its first run (ADR 064 and docs/decisions/066: the suite's time).
    let busy: { score: number; at: number } | undefined;
    const busyNow = () => busy !== undefined && Date.now() - busy.at < BUSY_VERDICT_MS;
    const onlyPerformance = (broken: { category: string }[]) => broken.length === 1 && broken[0]!.category === "performance";
    const notJudged = (page: string) =>
      console.log(`  ${page}: not judged, the host is too busy (control ${CONTROL_PAGE} scored ${busy?.score} < ${CONTROL_MIN})`);
    for (const page of LIGHTHOUSE_PAGES) {
      const audit = await auditPage(chrome.port, page);
      let broken = await audit.judge(1);
      if (onlyPerformance(broken) && busyNow()) {
        notJudged(page);
        continue;
      }
      if (onlyPerformance(broken)) broken = await audit.judge(5);
      if (onlyPerformance(broken)) {
        if (!busyNow()) {
          const score = await controlScore(chrome.port, CONTROL_PAGE);
          busy = score < CONTROL_MIN ? { score, at: Date.now() } : undefined;
        }
        if (busyNow()) {
          notJudged(page);
          continue;
        }
        broken = await audit.judge(9);
      }
      failures.push(...broken.map((b) => b.message));
    }
  } finally {
    edge.close();
    chrome.kill();
    if (server.pid && server.exitCode === null) process.kill(-server.pid, "SIGTERM");
  }
}

/**
 * One Lighthouse run of `page` in the given categories. A run that could not load the page (a
 * runtime error) is printed; the caller does not count it.
 */
async function lighthouseRun(port: number, page: string, categories: string[]) {
  const result = await lighthouse(`http://localhost:${EDGE_PORT}${page}`, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: categories,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
  // BUDGETS_LHR_DIR=dir: every run's full report kept there, to read what blocked the page.
  if (process.env.BUDGETS_LHR_DIR)
    writeFileSync(
      path.join(process.env.BUDGETS_LHR_DIR, `${page.replaceAll("/", "_") || "_"}-${Date.now()}.json`),
      JSON.stringify(result.lhr),
    );
  if (result.lhr.runtimeError)
    console.error(`  ${page}: Lighthouse: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
  return result.lhr;
}

/**
 * The Lighthouse runs of one page: `judge(n)` runs it until it has n runs (one that could not
 * load the page, a runtime error, is printed and not counted) and prints and returns the budgets
 * their median breaks. Performance varies from run to run on this 2-core machine: the main
 * thread's work varies with the host, which moves an unchanged /members by a few points, more in
 * the host's slow spells (docs/architecture.md §6), so a page is judged by the median of five
 * runs, or nine (Lighthouse's own advice on variability).
 */
async function auditPage(port: number, page: string) {
  const audit = () => lighthouseRun(port, page, Object.keys(LIGHTHOUSE_MIN));
  type Report = Awaited<ReturnType<typeof audit>>;
  const score = (lhr: Report, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  const runs: Report[] = [];
  let failedRuns = 0;
  const median = () => [...runs].sort((a, b) => score(a, "performance") - score(b, "performance"))[Math.floor(runs.length / 2)]!;

  async function judge(count: 1 | 5 | 9): Promise<{ category: string; message: string }[]> {
    while (runs.length < count && failedRuns < 3) {
      const lhr = await audit();
      if (lhr.runtimeError) failedRuns++;
      else runs.push(lhr);
    }
    if (runs.length === 0) return [{ category: "load", message: `${page}: Lighthouse could not load the page` }];
    const lhr = median();
    const broken: { category: string; message: string }[] = [];
    const scores: string[] = [];
    for (const [category, min] of Object.entries(LIGHTHOUSE_MIN)) {
      const value = score(lhr, category);
      scores.push(`${category} ${value}`);
      if (value < min) {
        const failed = Object.values(lhr.audits)
          .filter(
            (a) =>
              a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "notApplicable",
          )
          .filter((a) => lhr.categories[category]?.auditRefs.some((ref) => ref.id === a.id && ref.weight > 0))
          .map((a) => a.id);
        broken.push({ category, message: `${page}: ${category} ${value} < ${min} (${failed.join(", ")})` });
      }
    }
    const metric = (id: string) => lhr.audits[id]?.displayValue ?? "?";
    const note =
      runs.length > 1 ? `   (median of ${runs.length} runs: ${runs.map((run) => score(run, "performance")).join(" ")})` : "";
    console.log(`  ${page.padEnd(10)} ${scores.join("  ")}${note}`);
    console.log(
      `  ${"".padEnd(10)} FCP ${metric("first-contentful-paint")}, LCP ${metric("largest-contentful-paint")}, TBT ${metric("total-blocking-time")}, SI ${metric("speed-index")}`,
    );
    return broken;
  }
  return { judge };
}

/**
 * The lowest performance score of three runs of `page`, printed: the control of a re-measurement.
 * The lowest, not the median: a no-script lander barely feels a busy host (it scored 100, 100
 * and 90 while /members scored 72–97 beside it), so one slow run of it already says the host had
 * a slow spell.
 */
async function controlScore(port: number, page: string): Promise<number> {
  const scores: number[] = [];
  for (let attempt = 0; attempt < 6 && scores.length < 3; attempt++) {
    const lhr = await lighthouseRun(port, page, ["performance"]);
    if (!lhr.runtimeError) scores.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
  }
  const lowest = scores.length > 0 ? Math.min(...scores) : 0;
  console.log(`  control ${page}: performance ${lowest} at its lowest (runs: ${scores.join(" ")})`);
  return lowest;
}

checkJavaScript();
checkPrecache();
// BUDGETS_JS_ONLY=1: the JavaScript weights alone, in a second, without a server or Lighthouse.
if (process.env.BUDGETS_JS_ONLY !== "1") await checkLighthouse();
if (failures.length > 0) {
  console.error(`\nBudgets broken:\n  ${failures.join("\n  ")}`);
  process.exit(1);
}
console.log("\nAll budgets hold.");
