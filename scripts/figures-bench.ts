/**
 * `npm run bench:figures`: the operator's business figures (issue 28 point 6, ADR 051) on the API
 * worker alone, at 1 000 000 members and 10 000 000 ledger rows with a year of history. Not a
 * test: numbers for people to compare. Budget (docs/architecture.md §6): p95 ≤ 200 ms of API time.
 *
 * business_figures.php one request at a time (latency, not queueing), for the platform admin:
 * the default 30 days, a whole year, one site and one network, and a year's table per source as
 * CSV; p50/p95/p99 end to end (through wrangler's local proxy) and in the worker (its
 * Server-Timing total). The roll-ups' catch-up statements of migration 0033 are timed too, when
 * the state is first written.
 *
 *   npm run bench:figures                                          .wrangler/bench-figures
 *   npm run bench:figures -- --members 100000 --ledger 1000000     another size (its own state)
 *   npm run bench:figures -- --requests 50 --rounds 3
 *
 * The first run seeds the state (a few minutes at full size: seed.ts bulk mode, then
 * scripts/figures-bench-state.ts); later runs reuse it. The API worker must be built: `npm run build`.
 */
import { parseArgs } from "node:util";
import { DEMO_STAFF } from "../workers/api/seed/staff";
import { percentile, prepareState, serverTotal, staffLogin, startApi, stop } from "./bench-lib";
import { prepareFiguresState } from "./figures-bench-state";

const { values } = parseArgs({
  options: {
    members: { type: "string", default: "1000000" },
    ledger: { type: "string", default: "10000000" },
    requests: { type: "string", default: "30" },
    rounds: { type: "string", default: "3" },
  },
});
const members = Number(values.members);
const ledgerRows = Number(values.ledger);
const requests = Math.min(Number(values.requests), 500);
const rounds = Math.min(Number(values.rounds), 10);
const PORT = Number(process.env.BENCH_PORT ?? 8792) + 1;
const api = `http://localhost:${PORT}`;
const stateDir = members === 1_000_000 ? ".wrangler/bench-figures" : `.wrangler/bench-figures-${members}`;
const BUDGET_MS = 200;

const OPERATOR = DEMO_STAFF.find((staff) => staff.email === "operator@example.com")!;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const env = await prepareState(stateDir, members);
const state = await prepareFiguresState(stateDir, { ledgerRows });
console.log(`\nfigures bench state in ${stateDir}${state.wrote ? " (written now)" : ""}:`);
for (const [table, n] of Object.entries(state.rows)) console.log(`  ${table.padEnd(14)} ${n.toLocaleString("en")}`);
if (state.catchUpMs !== null) {
  console.log(`  the roll-ups made by migration 0033's catch-up statements in ${(state.catchUpMs / 1000).toFixed(1)} s`);
}

const scenarios = [
  { name: "staff/me.php (a signed-in call; the floor)", path: "/api/staff/me.php" },
  { name: "the last 30 days, every site (the page's default)", path: "/api/staff/business_figures.php" },
  { name: "a whole year, every site", path: `/api/staff/business_figures.php?from=${day(-365)}&to=${day(0)}` },
  {
    name: "a year, one site, one network",
    path: `/api/staff/business_figures.php?from=${day(-365)}&to=${day(0)}&site=1&source=network-3`,
  },
  {
    name: "a year per source as CSV",
    path: `/api/staff/business_figures.php?from=${day(-365)}&to=${day(0)}&format=csv&table=sources`,
  },
];

const ms = (n: number) => n.toFixed(1).padStart(6);
const spread = (list: number[]) => [0.5, 0.95, 0.99].map((p) => `p${Math.round(p * 100)} ${ms(percentile(list, p))}`).join(" ");

const server = await startApi(PORT, env);
try {
  const cookie = await staffLogin(api, OPERATOR);
  const endToEnd: number[][] = scenarios.map(() => []);
  const inWorker: number[][] = scenarios.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [s, scenario] of scenarios.entries()) {
      for (let i = 0; i < requests; i++) {
        const begun = performance.now();
        const response = await fetch(`${api}${scenario.path}`, { headers: { cookie } });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${scenario.name}: ${response.status}`);
        endToEnd[s]!.push(performance.now() - begun);
        inWorker[s]!.push(serverTotal(response));
      }
    }
  }
  console.log(`\nbusiness_figures.php, one request at a time: ${rounds} rounds × ${requests} requests per scenario`);
  console.log(
    `end to end: through wrangler's local proxy; in the worker: its Server-Timing total (budget p95 ≤ ${BUDGET_MS} ms)\n`,
  );
  for (const [s, scenario] of scenarios.entries()) {
    const over = s > 0 && percentile(inWorker[s]!, 0.95) > BUDGET_MS ? "  OVER BUDGET" : "";
    console.log(
      `${scenario.name.padEnd(52)} end to end ${spread(endToEnd[s]!)}   in the worker ${spread(inWorker[s]!)} ms${over}`,
    );
  }
} finally {
  stop(server);
}
