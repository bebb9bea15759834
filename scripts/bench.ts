/**
 * `npm run bench`: a bounded load on 127.0.0.1 against the production build, printing
 * requests/s, latency percentiles and errors per target, and each member page's throughput as a
 * ratio of the welcome page's (docs/architecture.md §6: goal ≥ 0.75). Not a test: numbers for
 * people to compare.
 *
 *   npm run bench                       500 profiles (the demo seed)
 *   npm run bench -- --profiles 100000  benchmark scale (own state in .wrangler/bench)
 *   npm run bench -- --seconds 20 --concurrency 10
 *   npm run bench -- --no-hosts         without the hosts' queue benchmark that follows (bench:hosts)
 *   npm run bench -- --no-figures       without the business figures' benchmark after it (bench:figures;
 *                                       its first run writes a million members and ten million ledger rows)
 *
 * Pages are measured through the app (vite preview: both workers). The browser cannot call the
 * API (ADR 015), so the API calls are measured on the API worker alone (`wrangler dev` on the
 * built API), on the same state, afterwards.
 *
 * Targets are measured in interleaved rounds (each gets a slice per round), so a machine that
 * is busy for a while slows every target alike and the ratios stay meaningful. The server's CPU
 * time per request (user + system time of the server's processes, from /proc) is printed too:
 * it is what Workers bill, and other load on the machine does not change it much.
 */
import { execFileSync, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { apiLogin, appLogin, percentile, prepareState, startApi, startApp, stop } from "./bench-lib";

const { values } = parseArgs({
  options: {
    profiles: { type: "string", default: "500" },
    seconds: { type: "string", default: "10" },
    concurrency: { type: "string", default: "10" },
    /** Leave out the hosts' benchmark (scripts/hosts-bench.ts) that runs after the pages. */
    "no-hosts": { type: "boolean", default: false },
    /** Leave out the business figures' benchmark (scripts/figures-bench.ts) that runs last. */
    "no-figures": { type: "boolean", default: false },
  },
});
const PORT = Number(process.env.BENCH_PORT ?? 8792);
const API_PORT = PORT + 1;
// localhost is the demo site the demo accounts belong to (127.0.0.1 is the other one).
const base = `http://localhost:${PORT}`;
const api = `http://localhost:${API_PORT}`;
const seconds = Math.min(Number(values.seconds), 120);
const concurrency = Math.min(Number(values.concurrency), 50);
const ROUNDS = 5;
/** Each member page's throughput as a share of the welcome page's (DESIGN budgets: docs/architecture.md §6). */
const GOAL = 0.75;

interface Target {
  name: string;
  url: string | (() => string);
  init?: RequestInit;
  /** The status a healthy answer has (a member page is 200, not the login redirect). */
  expect?: number;
  parallel?: number;
  latencies: number[];
  errors: number;
  elapsed: number;
  cpuMs: number;
}

function target(name: string, url: Target["url"], init: RequestInit = {}, parallel = concurrency): Target {
  return {
    name,
    url,
    init: { redirect: "manual", ...init },
    expect: 200,
    parallel,
    latencies: [],
    errors: 0,
    elapsed: 0,
    cpuMs: 0,
  };
}

/** CPU milliseconds used so far by a process group (the server and its workerd children). */
function cpuOf(group: ChildProcess): number {
  if (!group.pid) return 0;
  const pids = execFileSync("ps", ["-o", "pid=", "-g", String(group.pid)])
    .toString()
    .trim()
    .split(/\s+/);
  let ticks = 0;
  for (const pid of pids) {
    try {
      // Fields 14 and 15 (utime, stime) follow the command name, which may hold spaces.
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

let server: ChildProcess;

async function slice(t: Target, ms: number) {
  const until = Date.now() + ms;
  const started = Date.now();
  const cpuBefore = cpuOf(server);
  await Promise.all(
    Array.from({ length: t.parallel ?? concurrency }, async () => {
      while (Date.now() < until) {
        const begun = performance.now();
        const response = await fetch(typeof t.url === "string" ? t.url : t.url(), t.init).catch(() => null);
        await response?.arrayBuffer();
        if (!response || response.status !== t.expect) t.errors++;
        t.latencies.push(performance.now() - begun);
      }
    }),
  );
  t.elapsed += Date.now() - started;
  t.cpuMs += cpuOf(server) - cpuBefore;
}

async function measure(targets: Target[]) {
  for (let round = 0; round < ROUNDS; round++) {
    for (const t of targets) await slice(t, (seconds * 1000) / ROUNDS);
  }
  for (const t of targets) {
    const at = (p: number) => percentile(t.latencies, p).toFixed(1);
    console.log(
      `${t.name.padEnd(34)} ${rate(t).toFixed(0).padStart(6)} req/s   p50 ${at(0.5).padStart(7)} ms   p95 ${at(0.95).padStart(7)} ms   p99 ${at(0.99).padStart(7)} ms   CPU ${cpuPerRequest(t).toFixed(1).padStart(5)} ms/req   errors ${t.errors}`,
    );
  }
}

const rate = (t: Target) => t.latencies.length / (t.elapsed / 1000);
const cpuPerRequest = (t: Target) => t.cpuMs / t.latencies.length;

const env = await prepareState(values.profiles === "500" ? ".wrangler/e2e" : ".wrangler/bench", Number(values.profiles));
console.log(`\n${seconds} s each (${ROUNDS} interleaved rounds), ${concurrency} at a time, ${values.profiles} profiles\n`);

server = await startApp(PORT, env);
try {
  // A member session, as a browser gets one: the login form.
  const cookie = await appLogin(base, "anna@example.com", "demo-password");
  const member = { headers: { cookie } };

  const welcome = target("GET / (visitor page)", `${base}/`);
  const memberPages = ["/home", "/members", "/chats", "/likes", "/notifications", "/profile", "/members/5"].map((path) =>
    target(`GET ${path} (member)`, `${base}${path}`, member),
  );
  const visitorPages = [target("GET /members (visitor)", `${base}/members`), target("GET /login", `${base}/login`)];
  await measure([welcome, ...visitorPages, ...memberPages]);

  console.log(`\nthroughput as a share of / (goal ≥ ${GOAL} for member pages), and by CPU per request`);
  for (const t of memberPages) {
    const ratio = rate(t) / rate(welcome);
    const cpuRatio = cpuPerRequest(welcome) / cpuPerRequest(t);
    console.log(
      `  ${t.name.padEnd(32)} ${ratio.toFixed(2)}   by CPU ${cpuRatio.toFixed(2)}${ratio >= GOAL ? "" : "   below the goal"}`,
    );
  }
} finally {
  stop(server);
}

// The API worker alone, over a mix of filters and pages; search.php one request at a time too
// (latency, not queueing). Per kind of search at a million profiles: npm run bench:search (ADR 031).
server = await startApi(API_PORT, env);
try {
  const cookie = await apiLogin(api, "anna@example.com", "demo-password");
  const countries = ["NL", "DE", "US", "GB", "FR", "PL"];
  const ranges = [
    [18, 100],
    [18, 25],
    [26, 35],
    [36, 45],
    [46, 55],
    [56, 65],
    [66, 100],
  ] as const;
  let n = 0;
  const searchUrl = () => {
    n++;
    const [min, max] = ranges[n % ranges.length]!;
    const gender = ["female", "male", ""][n % 3];
    return `${api}/api/search.php?country=${countries[n % countries.length]}&gender=${gender}&min_age=${min}&max_age=${max}&page=${1 + (n % 5)}&manual_search=1&do_not_save=1`;
  };
  console.log("");
  await measure([
    target("API settings.php", `${api}/api/settings.php`),
    target("API user.php", `${api}/api/user.php`, { headers: { cookie } }),
    target("API search.php (1 at a time)", searchUrl, { headers: { cookie } }, 1),
    target("API search.php", searchUrl, { headers: { cookie } }),
    // The other calls of /home and /members: where a member page's cost lies.
    target("API search.php first load", `${api}/api/search.php?auto_load=1&pp=12&source=search`, { headers: { cookie } }),
    target("API likes.php", `${api}/api/likes.php`, { headers: { cookie } }),
    target("API chats.php", `${api}/api/chats.php`, { headers: { cookie } }),
  ]);
} finally {
  stop(server);
}

// The hosts' queue at 10 000 waiting and a reply's way to the member (ADR 045): its own state and
// workers (scripts/hosts-bench.ts, also `npm run bench:hosts`), after these have stopped.
if (!values["no-hosts"]) {
  console.log("");
  execFileSync("tsx", ["scripts/hosts-bench.ts"], { stdio: "inherit" });
}

// The business figures at 1 000 000 members and 10 000 000 ledger rows (ADR 051): its own state
// and worker (scripts/figures-bench.ts, also `npm run bench:figures`), last.
if (!values["no-figures"]) {
  console.log("");
  execFileSync("tsx", ["scripts/figures-bench.ts"], { stdio: "inherit" });
}
