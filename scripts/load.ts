/**
 * `npm run load`: a bounded load on 127.0.0.1 (autocannon), one target after another, each for
 * --seconds (default 60) at --connections (default 50): the member pages /members and /home
 * through the app, then search.php and message sending on the API worker alone (the browser
 * cannot call the API: ADR 015; the same split as scripts/bench.ts). Prints p50/p99 and errors
 * per target; after the sends, checks the ledger in D1. Exits 1 on any error or ledger mismatch.
 * Not part of `npm test` (docs/scaling.md has a run's numbers).
 *
 *   npm run load                       60 s per target, 50 connections
 *   npm run load -- --short            5 s per target (a smoke run)
 *   npm run load -- --seconds 20 --connections 20
 *
 * Its own state (.wrangler/load: the demo seed), a pool of members made for the run (each with
 * credits, logged in through login.php), each sending to a fictional profile with a new key
 * per message as the chat form does, and now and then the same key again (a retry after a lost
 * answer), which must answer the first message and charge nothing.
 */
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { hashPassword } from "../workers/api/lib/passwords";
import { apiLogin, appLogin, d1File, prepareState, startApi, startApp, stop } from "./bench-lib";

const { values } = parseArgs({
  options: {
    seconds: { type: "string" },
    connections: { type: "string", default: "50" },
    short: { type: "boolean", default: false },
    senders: { type: "string" },
  },
});
const seconds = Math.min(Number(values.seconds ?? (values.short ? 5 : 60)), 300);
const connections = Math.min(Number(values.connections), 100);
if (!(seconds > 0) || !(connections > 0)) throw new Error("--seconds and --connections must be positive numbers");
/** Sends per member in the run: the API allows 20 a minute (endpoints/chat.ts SEND_LIMIT). */
const SENDS_EACH = 20;
/** Enough members that none reaches the send limit at 80 sends a second (locally we see far fewer). */
const senders = Number(values.senders ?? Math.max(40, seconds * 4));
const GRANT = 1000;
const PASSWORD = "load-password";
const PORT = Number(process.env.BENCH_PORT ?? 8792);
const API_PORT = PORT + 1;
const base = `http://localhost:${PORT}`;
const api = `http://localhost:${API_PORT}`;
const STATE_DIR = ".wrangler/load";
const run = Date.now().toString(36);

type Db = import("node:sqlite").DatabaseSync;
async function openDb(): Promise<Db> {
  const { DatabaseSync } = await import("node:sqlite");
  return new DatabaseSync(d1File(STATE_DIR));
}

/** The run's members, straight into D1 with credits (as tests/api/helpers.ts createMember does). */
async function createPool(): Promise<{ id: number; email: string }[]> {
  const hashed = await hashPassword(PASSWORD);
  const db = await openDb();
  try {
    const site = db.prepare("SELECT id FROM sites WHERE host = 'localhost'").get() as { id: number };
    const region = db.prepare("SELECT id FROM regions WHERE country = 'NL' ORDER BY id LIMIT 1").get() as { id: number };
    const insert = db.prepare(
      `INSERT INTO members (site_id, email, password_hash, password_salt, password_iterations, name, gender,
         date_of_birth, country, countryregion, city, signup_date)
       VALUES (?, ?, ?, ?, ?, 'Load', 'female', '1990-06-15', 'NL', ?, 'Utrecht', ?) RETURNING id`,
    );
    const grant = db.prepare(
      "INSERT INTO credit_ledger (member_id, amount, reason, idempotency_key, created_at) VALUES (?, ?, 'load_test', ?, ?)",
    );
    const pool: { id: number; email: string }[] = [];
    db.exec("BEGIN");
    for (let i = 0; i < senders; i++) {
      const email = `load-${run}-${i}@example.com`;
      const { id } = insert.get(site.id, email, hashed.hash, hashed.salt, hashed.iterations, region.id, Date.now()) as {
        id: number;
      };
      grant.run(id, GRANT, `load:${run}:${id}`, Date.now());
      pool.push({ id, email });
    }
    db.exec("COMMIT");
    return pool;
  } finally {
    db.close();
  }
}

/** Runs `work` over `items`, `parallel` at a time. */
async function each<T, R>(items: T[], parallel: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]!, i);
      }
    }),
  );
  return results;
}

interface Outcome {
  name: string;
  requests: number;
  p50: number;
  p99: number;
  errors: number;
  note?: string;
}
const outcomes: Outcome[] = [];

/** One target for `seconds` at `connections`; every answer that is not 2xx counts as an error. */
async function load(name: string, options: autocannon.Options, onInstance?: (instance: autocannon.Instance) => void) {
  console.log(`\n${name}: ${seconds} s, ${connections} connections`);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ connections, duration: seconds, timeout: 30, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    onInstance?.(instance);
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  const outcome = { name, requests: result.requests.total, p50: result.latency.p50, p99: result.latency.p99, errors };
  outcomes.push(outcome);
  console.log(
    `  ${outcome.requests} requests (${result.requests.average.toFixed(0)}/s)   p50 ${outcome.p50} ms   p99 ${outcome.p99} ms   errors ${errors}` +
      (errors ? ` (${result.errors} failed, ${result.timeouts} timed out, ${result.non2xx} not 2xx)` : ""),
  );
  return outcome;
}

/** A request setup that rotates over the given cookies. */
function rotating(cookies: string[]) {
  let n = 0;
  return (request: autocannon.Request) => ({
    ...request,
    headers: { ...request.headers, cookie: cookies[n++ % cookies.length]! },
  });
}

const env = await prepareState(STATE_DIR, 500);
const pool = await createPool();
console.log(`\n${pool.length} members made for this run (${GRANT} credits each)`);
let failed = false;

// The member pages through the app (both workers), as a browser asks for them.
let server = await startApp(PORT, env);
try {
  // A few members' sessions through the login form (its IP limit allows 50 in 15 minutes).
  const pageMembers = pool.slice(0, 10);
  const cookies = await each(pageMembers, 2, (m) => appLogin(base, m.email, PASSWORD));
  for (const path of ["/members", "/home"]) {
    await load(`GET ${path} (member)`, { url: `${base}${path}`, requests: [{ setupRequest: rotating(cookies) }] });
  }
} finally {
  stop(server);
}

// search.php and the sends on the API worker alone.
server = await startApi(API_PORT, env);
try {
  // Every member's session: each from its own address, as the app reports it (x-client-ip).
  const started = Date.now();
  const sessions = await each(pool, 4, (m, i) =>
    apiLogin(api, m.email, PASSWORD, { "x-client-ip": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` }),
  );
  console.log(`${sessions.length} logins in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const countries = ["NL", "DE", "BE", "GB", "FR", "US"];
  const ranges = ["18-100", "18-25", "26-35", "36-45", "46-55", "66-100"];
  let n = 0;
  await load("GET search.php (members, mixed filters)", {
    url: `${api}/api/search.php`,
    requests: [
      {
        setupRequest: (request) => {
          n++;
          const [min, max] = ranges[n % ranges.length]!.split("-");
          const gender = ["female", "male", ""][n % 3];
          const path = `/api/search.php?country=${countries[n % countries.length]}&gender=${gender}&min_age=${min}&max_age=${max}&page=${1 + (n % 4)}&manual_search=1&do_not_save=1`;
          return { ...request, path, headers: { ...request.headers, cookie: sessions[n % sessions.length]! } };
        },
      },
    ],
  });

  // Each member's chat with a fictional profile (as opening it from the profile does).
  const db = await openDb();
  const fictional = db
    .prepare("SELECT id FROM members WHERE is_fictional = 1 AND status = 'active' AND country = 'NL' ORDER BY id LIMIT 50")
    .all() as { id: number }[];
  db.close();
  const conversations = await each(pool, 8, async (_m, i) => {
    const response = await fetch(`${api}/api/chat.php?profile=${fictional[i % fictional.length]!.id}`, {
      headers: { cookie: sessions[i]! },
    });
    if (response.status !== 200) throw new Error(`chat.php answered ${response.status}`);
    return ((await response.json()) as { id: number }).id;
  });

  // Sends: slot s is member s % pool, its (s / pool)-th send; every fifth send of a member
  // repeats its previous key (a retry), which must answer 200 with the first message.
  let slot = 0;
  let exhausted = false;
  const keys = new Map<number, string[]>();
  let retries = 0;
  let sent = 0;
  await load(
    "POST messages.php (many members)",
    {
      url: `${api}/api/messages.php`,
      method: "POST",
      headers: { "content-type": "application/json" },
      requests: [
        {
          setupRequest: (request) => {
            const s = slot++;
            const i = s % pool.length;
            const k = Math.floor(s / pool.length);
            const memberKeys = keys.get(i) ?? [];
            keys.set(i, memberKeys);
            let key: string;
            if (k >= SENDS_EACH) {
              exhausted = true;
              key = memberKeys[0] ?? `load-${run}-${i}-0`;
            } else if (k % 5 === 4 && memberKeys.length > 0) {
              retries++;
              key = memberKeys[memberKeys.length - 1]!;
            } else {
              key = `load-${run}-${i}-${randomUUID().slice(0, 8)}`;
              memberKeys.push(key);
              sent++;
            }
            return {
              ...request,
              headers: { ...request.headers, cookie: sessions[i]! },
              body: JSON.stringify({ conversation: conversations[i], text: `Hello from the load run (${k})`, key }),
            };
          },
        },
      ],
    },
    (instance) => {
      const timer = setInterval(() => {
        if (exhausted) instance.stop();
      }, 100);
      instance.on("done", () => clearInterval(timer));
    },
  );
  const sends = outcomes.at(-1)!;
  if (exhausted) sends.note = `stopped early: all ${pool.length} members had sent ${SENDS_EACH} (raise --senders)`;
  console.log(`  ${sent} new messages asked for, ${retries} retries of a key already used`);

  // Sends still in flight when the clock ran out finish on the server: wait until the run's
  // messages stop changing (the database may be read while the server writes to it).
  const poolMessages = async () => {
    const db = await openDb();
    try {
      const row = db
        .prepare("SELECT COUNT(*) AS n FROM messages WHERE sender_id IN (SELECT id FROM members WHERE email LIKE $like)")
        .get({ like: `load-${run}-%` }) as { n: number };
      return row.n;
    } finally {
      db.close();
    }
  };
  for (let last = -1, stable = 0, waited = 0; stable < 2 && waited < 60; waited += 2) {
    await new Promise((r) => setTimeout(r, 2000));
    const now = await poolMessages();
    stable = now === last ? stable + 1 : 0;
    last = now;
  }

  // What the API says each member has now, for the ledger check.
  const reported = await each(pool, 8, async (_m, i) => {
    const response = await fetch(`${api}/api/user.php`, { headers: { cookie: sessions[i]! } });
    return ((await response.json()) as { user: { credits: number } }).user.credits;
  });
  stop(server);

  // The ledger: each member's balance is the sum of their entries and what the API reports; each
  // message has exactly one charge and each charge one message; no key is charged twice.
  const check = await openDb();
  try {
    const problems: string[] = [];
    const perMember = check.prepare(
      `SELECT (SELECT COALESCE(SUM(amount), 0) FROM credit_ledger WHERE member_id = $id) AS balance,
              (SELECT COUNT(*) FROM credit_ledger WHERE member_id = $id AND reason = 'message') AS charges,
              (SELECT COALESCE(SUM(-amount), 0) FROM credit_ledger WHERE member_id = $id AND reason = 'message') AS charged,
              (SELECT COUNT(*) FROM messages WHERE sender_id = $id) AS messages`,
    );
    let messages = 0;
    for (const [i, member] of pool.entries()) {
      const row = perMember.get({ id: member.id }) as { balance: number; charges: number; charged: number; messages: number };
      messages += row.messages;
      if (row.balance !== reported[i])
        problems.push(`member ${member.id}: API says ${reported[i]}, entries sum to ${row.balance}`);
      if (row.balance !== GRANT - row.charged)
        problems.push(`member ${member.id}: balance ${row.balance} ≠ ${GRANT} − ${row.charged}`);
      if (row.charges !== row.messages) problems.push(`member ${member.id}: ${row.messages} messages, ${row.charges} charges`);
    }
    const unpaid = check
      .prepare(
        `SELECT COUNT(*) AS n FROM messages m WHERE m.sender_id IN (SELECT id FROM members WHERE email LIKE $like)
           AND NOT EXISTS (SELECT 1 FROM credit_ledger l WHERE l.idempotency_key = 'message:' || m.sender_id || ':' || m.send_key)`,
      )
      .get({ like: `load-${run}-%` }) as { n: number };
    const orphans = check
      .prepare(
        `SELECT COUNT(*) AS n FROM credit_ledger l WHERE l.reason = 'message'
           AND l.member_id IN (SELECT id FROM members WHERE email LIKE $like)
           AND NOT EXISTS (SELECT 1 FROM messages m WHERE 'message:' || m.sender_id || ':' || m.send_key = l.idempotency_key)`,
      )
      .get({ like: `load-${run}-%` }) as { n: number };
    const twice = check
      .prepare(
        "SELECT COUNT(*) AS n FROM (SELECT idempotency_key FROM credit_ledger GROUP BY idempotency_key HAVING COUNT(*) > 1)",
      )
      .get() as { n: number };
    if (unpaid.n) problems.push(`${unpaid.n} messages without their charge`);
    if (orphans.n) problems.push(`${orphans.n} charges without a message`);
    if (twice.n) problems.push(`${twice.n} keys charged more than once`);
    if (messages > sent) problems.push(`${messages} messages stored, only ${sent} new keys sent`);
    console.log(
      `\nledger: ${pool.length} members, ${messages} messages, ${problems.length ? `${problems.length} problems` : "every balance is the sum of its entries and what the API reports; one charge per message, none twice"}`,
    );
    for (const problem of problems.slice(0, 20)) console.log(`  ${problem}`);
    if (problems.length) failed = true;
  } finally {
    check.close();
  }
} finally {
  stop(server);
}

console.log(`\n${"target".padEnd(40)} ${"requests".padStart(9)} ${"p50".padStart(7)} ${"p99".padStart(7)}  errors`);
for (const o of outcomes) {
  console.log(
    `${o.name.padEnd(40)} ${String(o.requests).padStart(9)} ${`${o.p50} ms`.padStart(7)} ${`${o.p99} ms`.padStart(7)}  ${o.errors}${o.note ? `   ${o.note}` : ""}`,
  );
  if (o.errors) failed = true;
}
process.exit(failed ? 1 : 0);
