/**
 * `npm run bench:search`: search.php on the API worker alone, one request at a time (latency,
 * not queueing), per kind of search the members page makes, with p50/p95/p99: end to end (through
 * wrangler's local proxy) and in the worker (its Server-Timing total). The budget
 * (docs/architecture.md §6, ADR 031): p95 ≤ 10 ms at 1 000 000 profiles. Not a test.
 *
 *   npm run bench:search                              1 000 000 profiles in .wrangler/bench-1m
 *   npm run bench:search -- --profiles 100000         another size (its own state directory)
 *   npm run bench:search -- --requests 200 --rounds 3 more samples
 *
 * The first run seeds the state (about two minutes for a million profiles: scripts/seed.ts bulk
 * mode); later runs reuse it. The API worker must be built: `npm run build`.
 */
import { parseArgs } from "node:util";
import { apiLogin, percentile, prepareState, serverTotal, startApi, stop } from "./bench-lib";

const { values } = parseArgs({
  options: {
    profiles: { type: "string", default: "1000000" },
    requests: { type: "string", default: "100" },
    rounds: { type: "string", default: "3" },
  },
});
const profiles = Number(values.profiles);
const requests = Math.min(Number(values.requests), 2000);
const rounds = Math.min(Number(values.rounds), 10);
const PORT = Number(process.env.BENCH_PORT ?? 8792) + 1;
const api = `http://localhost:${PORT}`;
const stateDir = profiles === 1_000_000 ? ".wrangler/bench-1m" : `.wrangler/bench-${profiles}`;

/** Regions of a country by name, as the seed made them (ids depend on the seed's order). */
async function regionId(cookie: string, country: string): Promise<number> {
  const settings = (await (await fetch(`${api}/api/settings.php`, { headers: { cookie } })).json()) as {
    region_data: Record<string, { id: number; name: string }[]>;
  };
  const region = settings.region_data[country]?.[0];
  if (!region) throw new Error(`no region for ${country}`);
  return region.id;
}

interface Scenario {
  name: string;
  /** Query strings, used in turn (a mix of the same kind of search). */
  queries: string[];
  visitor?: boolean;
  /** Another call than search.php. */
  path?: string;
}

const env = await prepareState(stateDir, profiles);
const server = await startApi(PORT, env);
try {
  // anna@example.com: a woman in NL interested in men (the demo seed), with no blocks.
  const cookie = await apiLogin(api, "anna@example.com", "demo-password");
  const nlRegion = await regionId(cookie, "NL");
  const deRegion = await regionId(cookie, "DE");
  const countries = ["NL", "DE", "US", "GB", "FR", "PL"];
  const manual = "manual_search=1&do_not_save=1";
  const scenarios: Scenario[] = [
    // No search: what any answer costs on this machine now (the floor under every line below).
    { name: "settings.php (no search; the floor)", queries: [""], path: "/api/settings.php" },
    { name: "/members first load (member)", queries: ["auto_load=1&pp=12&source=search"] },
    { name: "/members first load (visitor)", queries: ["auto_load=1&pp=12&source=search"], visitor: true },
    {
      name: "gender, all ages, page 1",
      queries: countries.map(
        (c, i) => `country=${c}&gender=${i % 2 ? "male" : "female"}&min_age=18&max_age=100&page=1&${manual}`,
      ),
    },
    { name: "any gender, page 1", queries: countries.map((c) => `country=${c}&gender=&min_age=18&max_age=100&page=1&${manual}`) },
    {
      name: "gender + age range, pages 1-5",
      queries: [
        [18, 25],
        [26, 35],
        [36, 45],
        [46, 55],
        [56, 65],
        [66, 100],
      ].map(
        ([min, max], i) => `country=${countries[i]}&gender=female&min_age=${min}&max_age=${max}&page=${1 + (i % 5)}&${manual}`,
      ),
    },
    {
      name: "region + gender (+ age)",
      queries: [
        `country=NL&countryregion=${nlRegion}&gender=male&min_age=18&max_age=100&${manual}`,
        `country=DE&countryregion=${deRegion}&gender=female&min_age=26&max_age=35&${manual}`,
        `country=NL&countryregion=${nlRegion}&gender=&min_age=18&max_age=100&page=3&${manual}`,
      ],
    },
    {
      name: "deep pages (100, 500, 1000)",
      queries: [100, 500, 1000].map(
        (page, i) => `country=${countries[i]}&gender=male&min_age=18&max_age=100&page=${page}&${manual}`,
      ),
    },
    {
      name: "deep page, 48 a page, narrow ages",
      queries: [`country=DE&gender=female&min_age=26&max_age=35&page=100&pp=48&${manual}`],
    },
    // The extras (ADR 062): anna lives in the Netherlands, so distances are measured in NL.
    {
      name: "distance 10/25/50/100 km, page 1",
      queries: [10, 25, 50, 100].map((km) => `country=NL&gender=male&min_age=18&max_age=100&distance=${km}&${manual}`),
    },
    {
      name: "nearest first (any distance), pages 1-3",
      queries: [1, 2, 3].map((page) => `country=NL&gender=male&min_age=18&max_age=100&sort=nearest&page=${page}&${manual}`),
    },
    {
      name: "nearest first within 250 km, page 20",
      queries: [`country=NL&gender=&min_age=18&max_age=100&sort=nearest&distance=250&page=20&${manual}`],
    },
    {
      name: "recently active (filter), page 1",
      queries: countries.map((c) => `country=${c}&gender=female&min_age=18&max_age=100&active=1&${manual}`),
    },
    {
      name: "sorted by recent activity, pages 1 and 10",
      queries: [1, 10].map((page) => `country=DE&gender=male&min_age=18&max_age=100&sort=active&page=${page}&${manual}`),
    },
    {
      name: "with a photo, page 1",
      queries: countries.map((c) => `country=${c}&gender=male&min_age=26&max_age=45&photo=1&${manual}`),
    },
    {
      name: "similar profiles (excludes the main search)",
      queries: [`country=NL&gender=male&min_age=21&max_age=40&exclude_min_age=26&exclude_max_age=35&${manual}`],
    },
  ];

  console.log(`\nsearch.php, ${profiles} profiles, one request at a time: ${rounds} rounds × ${requests} requests per search`);
  console.log("end to end: from this script, through wrangler's local proxy; in the worker: its Server-Timing total\n");
  const all: number[] = [];
  const allInWorker: number[] = [];
  const samples: number[][] = scenarios.map(() => []);
  const inWorker: number[][] = scenarios.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [s, scenario] of scenarios.entries()) {
      const roundSamples: number[] = [];
      for (let i = 0; i < requests; i++) {
        const query = scenario.queries[i % scenario.queries.length]!;
        const begun = performance.now();
        const response = await fetch(`${api}${scenario.path ?? "/api/search.php"}?${query}`, {
          headers: scenario.visitor ? {} : { cookie },
        });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${scenario.name}: ${query} answered ${response.status}`);
        roundSamples.push(performance.now() - begun);
        inWorker[s]!.push(serverTotal(response));
      }
      samples[s]!.push(...roundSamples);
      if (!scenario.path) {
        all.push(...roundSamples);
        allInWorker.push(...inWorker[s]!.slice(-requests));
      }
    }
  }
  const ms = (n: number) => n.toFixed(1).padStart(6);
  const line = (name: string, values: number[], worker: number[]) =>
    `${name.padEnd(46)} end to end p50 ${ms(percentile(values, 0.5))} p95 ${ms(percentile(values, 0.95))} p99 ${ms(percentile(values, 0.99))}   in the worker p50 ${ms(percentile(worker, 0.5))} p95 ${ms(percentile(worker, 0.95))} p99 ${ms(percentile(worker, 0.99))} ms`;
  for (const [s, scenario] of scenarios.entries()) console.log(line(scenario.name, samples[s]!, inWorker[s]!));
  console.log(line("all searches", all, allInWorker));
} finally {
  stop(server);
}
