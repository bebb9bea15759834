/**
 * `npm run bench:hosts`: the chat hosts' workplace (issue 27, ADR 045) on the API worker alone,
 * with 10 000 conversations waiting. Not a test: numbers for people to compare.
 *
 * - host_queue.php one request at a time (latency, not queueing), for a host of one site and
 *   three languages and a host of every site and language: p50/p95/p99 end to end (through
 *   wrangler's local proxy) and in the worker (its Server-Timing total). Budget: p95 ≤ 50 ms of
 *   API time (docs/architecture.md §6).
 * - The queue's SQL with EXPLAIN QUERY PLAN for both scopes (ADR 045), and each query's time in
 *   SQLite alone.
 * - A host's reply reaching the member's open page: from POST host_reply.php (the conversation
 *   claimed first) to the "message" event on the member's live socket (live.php). Budget: under
 *   1 s, as member messages. The page then reloads its data: that load is not measured here.
 *
 *   npm run bench:hosts                                      10 000 waiting in .wrangler/bench-hosts
 *   npm run bench:hosts -- --waiting 50000                   another size (its own state directory)
 *   npm run bench:hosts -- --requests 200 --rounds 3 --replies 20
 *
 * The first run seeds the state (the demo seed, then the waiting members straight into the D1
 * file: seconds); later runs reuse it. The API worker must be built: `npm run build`.
 */
import { parseArgs } from "node:util";
import { DEMO_PASSWORD } from "../workers/api/seed/sites";
import { apiLogin, percentile, prepareState, serverTotal, staffLogin, startApi, stop } from "./bench-lib";
import { LANGUAGES, MEMBER, PLATFORM_HOST, prepareHostsState, SITE_HOST } from "./hosts-bench-state";

const { values } = parseArgs({
  options: {
    waiting: { type: "string", default: "10000" },
    requests: { type: "string", default: "100" },
    rounds: { type: "string", default: "3" },
    replies: { type: "string", default: "20" },
  },
});
const waiting = Number(values.waiting);
const requests = Math.min(Number(values.requests), 2000);
const rounds = Math.min(Number(values.rounds), 10);
const replies = Math.min(Number(values.replies), 100);
const PORT = Number(process.env.BENCH_PORT ?? 8792) + 1;
// localhost is the demo site of the member and of the site's host.
const api = `http://localhost:${PORT}`;
const stateDir = waiting === 10_000 ? ".wrangler/bench-hosts" : `.wrangler/bench-hosts-${waiting}`;
/** What host_queue.php lists (endpoints/staff/hosts.ts QUEUE_LIMIT). */
const QUEUE_LIMIT = 100;
/** How long a reply may take to reach the socket before it counts as lost. */
const EVENT_TIMEOUT_MS = 5000;

const ms = (n: number) => n.toFixed(1).padStart(6);
const spread = (values: number[], ps = [0.5, 0.95, 0.99]) =>
  ps.map((p) => `p${Math.round(p * 100)} ${ms(percentile(values, p))}`).join(" ");

const scopes = [
  { name: `${SITE_HOST.name}: one site, ${SITE_HOST.scope.languages?.join(", ")}`, scope: SITE_HOST.scope },
  { name: `${PLATFORM_HOST.name}: every site and language`, scope: PLATFORM_HOST.scope },
];

const env = await prepareState(stateDir, 500);
const state = await prepareHostsState(stateDir, { waiting, replies, limit: QUEUE_LIMIT, scopes });
console.log(
  `\n${state.waitingNow} conversations waiting (${waiting} bench members over ${LANGUAGES.length} languages and the demo sites${state.wrote ? ", written now" : ""})`,
);
console.log("\nThe queue's SQL (workers/api/db/host-queue.ts), with EXPLAIN QUERY PLAN and its durations in the local D1 alone:");
const durations = (values: number[]) => values.map((v) => v.toFixed(1)).join(", ");
for (const { name, list, count } of state.plans) {
  console.log(
    `\n== ${name}\n-- listHostQueue (the ${QUEUE_LIMIT} oldest): ${durations(list.ms)} ms\n${list.sql}\nQUERY PLAN\n${list.plan}`,
  );
  console.log(`\n-- countWaiting: ${durations(count.ms)} ms\n${count.sql}\nQUERY PLAN\n${count.plan}`);
}

const server = await startApi(PORT, env);
try {
  const cookies = [await staffLogin(api, SITE_HOST), await staffLogin(api, PLATFORM_HOST)];

  // ------------------------------------------------------------------------------------------
  // The queue, one request at a time, the scopes interleaved per round.
  const floor = { name: "staff/me.php (a signed-in call; the floor)", path: "/api/staff/me.php", cookie: cookies[1]! };
  const targets = [floor, ...scopes.map((s, i) => ({ name: s.name, path: "/api/staff/host_queue.php", cookie: cookies[i]! }))];
  const endToEnd: number[][] = targets.map(() => []);
  const inWorker: number[][] = targets.map(() => []);
  const listed: number[] = targets.map(() => 0);
  for (let round = 0; round < rounds; round++) {
    for (const [t, target] of targets.entries()) {
      for (let i = 0; i < requests; i++) {
        const begun = performance.now();
        const response = await fetch(`${api}${target.path}`, { headers: { cookie: target.cookie } });
        const body = (await response.json()) as { waiting?: number };
        if (response.status !== 200) throw new Error(`${target.name}: ${target.path} answered ${response.status}`);
        endToEnd[t]!.push(performance.now() - begun);
        inWorker[t]!.push(serverTotal(response));
        listed[t] = body.waiting ?? 0;
      }
    }
  }
  console.log(
    `\nhost_queue.php, ${state.waitingNow} waiting, one request at a time: ${rounds} rounds × ${requests} requests per host`,
  );
  console.log(
    "end to end: from this script, through wrangler's local proxy; in the worker: its Server-Timing total (budget p95 ≤ 50 ms)\n",
  );
  for (const [t, target] of targets.entries()) {
    const scope = t === 0 ? "" : ` (${listed[t]} in scope)`;
    console.log(
      `${`${target.name}${scope}`.padEnd(62)} end to end ${spread(endToEnd[t]!)}   in the worker ${spread(inWorker[t]!)} ms`,
    );
  }

  // ------------------------------------------------------------------------------------------
  // A reply reaching the member's open page: the member's live socket, as the chat page opens it.
  const memberCookie = await apiLogin(api, MEMBER.email, DEMO_PASSWORD);
  // Node's WebSocket (undici) takes the handshake's headers in its second argument; the DOM type does not know them.
  const socket = new WebSocket(`ws://localhost:${PORT}/api/live.php`, {
    headers: { cookie: memberCookie, origin: api },
  } as unknown as string[]);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve(), { once: true });
    socket.addEventListener("error", () => reject(new Error("the member's live socket did not open")), { once: true });
  });
  const arrivals = new Map<number, (at: number) => void>();
  socket.addEventListener("message", (event) => {
    const at = performance.now();
    if (typeof event.data !== "string" || !event.data.startsWith("{")) return;
    const data = JSON.parse(event.data) as { type?: string; conversation?: number };
    if (data.type === "message" && data.conversation !== undefined) arrivals.get(data.conversation)?.(at);
  });

  const host = cookies[1]!;
  const post = (path: string, json: unknown) =>
    fetch(`${api}/api/staff/${path}`, {
      method: "POST",
      headers: { cookie: host, "content-type": "application/json" },
      body: JSON.stringify(json),
    });
  const toEvent: number[] = [];
  const answered: number[] = [];
  const replyInWorker: number[] = [];
  let lost = 0;
  for (const [i, conversation] of state.round.conversations.entries()) {
    const claim = await post("host_claim.php", { conversation });
    if (claim.status !== 200) throw new Error(`claim of ${conversation}: ${claim.status} ${await claim.text()}`);
    const heard = new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), EVENT_TIMEOUT_MS);
      arrivals.set(conversation, (at) => {
        clearTimeout(timer);
        resolve(at);
      });
    });
    const begun = performance.now();
    const reply = await post("host_reply.php", {
      conversation,
      text: `Hi! Nice to hear from you (${i + 1}). How was your day?`,
      key: crypto.randomUUID(),
    });
    const replied = performance.now();
    if (reply.status !== 201) throw new Error(`reply to ${conversation}: ${reply.status} ${await reply.text()}`);
    answered.push(replied - begun);
    replyInWorker.push(serverTotal(reply));
    const at = await heard;
    arrivals.delete(conversation);
    if (at === null) lost++;
    else toEvent.push(at - begun);
  }
  socket.close();
  const max = [0.5, 0.95, 1];
  const line = (name: string, values: number[]) => `${name.padEnd(62)} ${spread(values, max).replace("p100", "max ")} ms`;
  console.log(
    `\nA host's reply reaching the member's open page, ${state.round.conversations.length} replies (claimed first; budget < 1 s)`,
  );
  console.log('measured to the live socket\'s "message" event; the page then reloads its data (not measured here)\n');
  console.log(line("POST host_reply.php → the member's socket event", toEvent));
  console.log(line("POST host_reply.php answered, end to end", answered));
  console.log(line("POST host_reply.php, in the worker", replyInWorker));
  if (lost) console.log(`${lost} replies reached no socket within ${EVENT_TIMEOUT_MS} ms`);
} finally {
  stop(server);
}
