/**
 * The state `npm run bench:hosts` measures (scripts/hosts-bench.ts): members waiting for the
 * entertainment profiles' answers, written straight into the local D1 database's SQLite file (as
 * seed.ts bulk mode does; only while no server runs on that state), and the queue's SQL as the
 * API worker builds it (workers/api/db/host-queue.ts), for EXPLAIN QUERY PLAN in the local D1.
 */
import { execFileSync } from "node:child_process";
import type { DatabaseSync } from "node:sqlite";
import { DummyDriver, Kysely, NoResultError, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from "kysely";
import type { Database } from "../workers/api/db/schema";
import { countWaiting, type HostScope, listHostQueue } from "../workers/api/db/host-queue";
import { DEMO_STAFF_EMAILS } from "../workers/api/lib/dev-tools";
import { DEMO_ACCOUNTS, DEMO_SITES } from "../workers/api/seed/sites";
import { DEMO_STAFF } from "../workers/api/seed/staff";
import { d1File } from "./bench-lib";

/** The languages the demo sites' members write in (workers/api/seed/geo-data.ts COUNTRY_LANGUAGE). */
export const LANGUAGES = ["en", "nl", "de", "fr", "it", "es", "pl"] as const;
/** How long the oldest of them has waited: waiting_since is spread over these hours. */
const SPREAD_HOURS = 8;
const FIRST_NAMES = ["Quinn", "Sam", "Robin", "Alex", "Kim", "Noah", "Lars", "Jonas", "Pierre", "Marco", "Pablo", "Piotr"];

function demoHost(email: string) {
  const staff = DEMO_STAFF.find((s) => s.email === email)!;
  const siteId = DEMO_SITES.findIndex((site) => site.host === staff.host) + 1;
  return {
    email: staff.email,
    name: staff.name,
    totpSecret: staff.totpSecret,
    // The seed numbers the demo sites in their order (scripts/seed.ts).
    scope: {
      siteId: siteId > 0 ? siteId : null,
      languages: "languages" in staff && staff.languages ? staff.languages.split(",") : null,
    } satisfies HostScope,
  };
}

/** The demo hosts (workers/api/seed/staff.ts): one site and three languages, and every site and language. */
export const SITE_HOST = demoHost(DEMO_STAFF_EMAILS.host);
export const PLATFORM_HOST = demoHost(DEMO_STAFF_EMAILS.platformHost);
/** The member whose open page hears the replies: the first demo account (anna@example.com). */
export const MEMBER = DEMO_ACCOUNTS[0]!;

async function open(stateDir: string): Promise<DatabaseSync> {
  // node:sqlite is built into Node 22 (experimental there), as in seed.ts.
  const { DatabaseSync } = await import("node:sqlite");
  return new DatabaseSync(d1File(stateDir));
}

/**
 * `waiting` real members (is_fictional = 0), each writing to an entertainment profile of their
 * site (is_fictional = 1; sites without any borrow the first site's): the conversation, both
 * memberships, the member's message and the queue row, as the send's batch writes them
 * (domain/messages.ts). Spread over the demo sites and LANGUAGES, waiting over SPREAD_HOURS.
 * Written once per state directory: a later run finds them and writes nothing.
 */
function writeWaiting(db: DatabaseSync, waiting: number): boolean {
  const done = db.prepare("SELECT COUNT(*) AS n FROM members WHERE email LIKE 'bench-waiting-%'").get() as { n: number };
  if (done.n > 0) return false;
  const sites = (db.prepare("SELECT id FROM sites ORDER BY id").all() as { id: number }[]).map((s) => s.id);
  const profilesOf = new Map<number, number[]>();
  for (const site of sites) {
    const rows = db
      .prepare("SELECT id FROM members WHERE is_fictional = 1 AND status = 'active' AND site_id = ? ORDER BY id")
      .all(site) as { id: number }[];
    profilesOf.set(
      site,
      rows.map((r) => r.id),
    );
  }
  const fallback = profilesOf.get(sites[0]!)!;
  const region = db.prepare("SELECT id FROM regions WHERE country = 'NL' ORDER BY id LIMIT 1").get() as { id: number };
  const insertMember = db.prepare(
    `INSERT INTO members (site_id, email, name, gender, date_of_birth, country, countryregion, city, language, paid_user, signup_date)
     VALUES (?, ?, ?, 'male', '1988-01-01', 'NL', ?, 'Utrecht', ?, ?, ?) RETURNING id`,
  );
  const insertConversation = db.prepare(
    "INSERT INTO conversations (member_low, member_high, created_at) VALUES (?, ?, ?) RETURNING id",
  );
  const insertMemberships = db.prepare(
    "INSERT INTO conversation_members (member_id, conversation_id, other_id) VALUES (?, ?, ?), (?, ?, ?)",
  );
  const insertMessage = db.prepare(
    "INSERT INTO messages (conversation_id, sender_id, body, created_at, send_key) VALUES (?, ?, ?, ?, ?) RETURNING id",
  );
  const setLast = db.prepare("UPDATE conversations SET last_message_id = ? WHERE id = ?");
  const insertWaiting = db.prepare(
    `INSERT INTO host_queue (conversation_id, site_id, language, member_id, profile_id, waiting_since)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const now = Date.now();
  const step = (SPREAD_HOURS * 3_600_000) / waiting;
  db.exec("BEGIN");
  for (let i = 0; i < waiting; i++) {
    const site = sites[i % sites.length]!;
    const language = LANGUAGES[Math.floor(i / sites.length) % LANGUAGES.length]!;
    const profiles = profilesOf.get(site)!.length ? profilesOf.get(site)! : fallback;
    const profile = profiles[i % profiles.length]!;
    // Not in insertion order: the queue must sort, not find them sorted by id.
    const since = Math.round(now - ((i * 7919) % waiting) * step);
    const name = `${FIRST_NAMES[i % FIRST_NAMES.length]} Waiting`;
    const { id: member } = insertMember.get(
      site,
      `bench-waiting-${i}@example.com`,
      name,
      region.id,
      language,
      i % 4 === 0 ? 1 : 0,
      since,
    ) as {
      id: number;
    };
    const { id: conversation } = insertConversation.get(Math.min(member, profile), Math.max(member, profile), since) as {
      id: number;
    };
    insertMemberships.run(member, conversation, profile, profile, conversation, member);
    const { id: message } = insertMessage.get(conversation, member, "Hi! How are you?", since, `bench-waiting-${i}`) as {
      id: number;
    };
    setLast.run(message, conversation);
    insertWaiting.run(conversation, site, language, member, profile, since);
  }
  db.exec("COMMIT");
  return true;
}

/**
 * MEMBER writes to `replies` entertainment profiles of their site, now: conversations the reply
 * measurement answers (each run again: an answered one waits again after this message). The demo
 * hosts' leases of an interrupted run are let go, and their TOTP step reset (a code works once:
 * a run within 30 s of the last would be refused).
 */
function writeReplyRound(db: DatabaseSync, replies: number): { memberId: number; conversations: number[] } {
  const member = db.prepare("SELECT id, site_id, language FROM members WHERE email = ?").get(MEMBER.email) as {
    id: number;
    site_id: number;
    language: string;
  };
  const profiles = db
    .prepare("SELECT id FROM members WHERE is_fictional = 1 AND status = 'active' AND site_id = ? ORDER BY id DESC LIMIT ?")
    .all(member.site_id, replies) as { id: number }[];
  const now = Date.now();
  const conversations: number[] = [];
  db.exec("BEGIN");
  const staff = [SITE_HOST.email, PLATFORM_HOST.email];
  db.prepare("UPDATE staff SET totp_last_step = 0 WHERE email IN (?, ?)").run(...staff);
  db.prepare(
    "UPDATE host_queue SET leased_by = NULL, lease_expires_at = 0 WHERE leased_by IN (SELECT id FROM staff WHERE email IN (?, ?))",
  ).run(...staff);
  for (const [i, { id: profile }] of profiles.entries()) {
    const [low, high] = member.id < profile ? [member.id, profile] : [profile, member.id];
    db.prepare("INSERT OR IGNORE INTO conversations (member_low, member_high, created_at) VALUES (?, ?, ?)").run(low, high, now);
    const { id: conversation } = db
      .prepare("SELECT id FROM conversations WHERE member_low = ? AND member_high = ?")
      .get(low, high) as { id: number };
    db.prepare(
      "INSERT OR IGNORE INTO conversation_members (member_id, conversation_id, other_id) VALUES (?, ?, ?), (?, ?, ?)",
    ).run(member.id, conversation, profile, profile, conversation, member.id);
    const { id: message } = db
      .prepare(
        "INSERT INTO messages (conversation_id, sender_id, body, created_at, send_key) VALUES (?, ?, ?, ?, ?) RETURNING id",
      )
      .get(conversation, member.id, "Are you there?", now, `bench-reply-${now}-${i}`) as { id: number };
    db.prepare("UPDATE conversations SET last_message_id = ? WHERE id = ?").run(message, conversation);
    db.prepare(
      `INSERT INTO host_queue (conversation_id, site_id, language, member_id, profile_id, waiting_since) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (conversation_id) DO UPDATE SET leased_by = NULL, lease_expires_at = 0`,
    ).run(conversation, member.site_id, member.language, member.id, profile, now);
    conversations.push(conversation);
  }
  db.exec("COMMIT");
  return { memberId: member.id, conversations };
}

/** The SQL (and its parameters) the queue's calls run for a scope, compiled by the worker's own query functions. */
async function queueQueries(scope: HostScope, limit: number) {
  const compiled: { sql: string; parameters: readonly unknown[] }[] = [];
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely: Kysely<unknown>) => new SqliteIntrospector(kysely),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
    log: (event) => {
      compiled.push(event.query);
    },
  });
  await listHostQueue(db, scope, limit);
  // The dummy driver answers no rows: the count's "take first or throw" throws after compiling.
  await countWaiting(db, scope).catch((error) => {
    if (!(error instanceof NoResultError)) throw error;
  });
  const [list, count] = compiled;
  return { list: list!, count: count! };
}

/** A statement with its parameters written in (our own numbers and plain strings), for `wrangler d1 execute`. */
function inline(sql: string, parameters: readonly unknown[]): string {
  const parts = sql.split("?");
  if (parts.length !== parameters.length + 1) throw new Error("a query with ? outside its parameters");
  return parts
    .map((part, i) => {
      if (i === parameters.length) return part;
      const value = parameters[i];
      return part + (typeof value === "number" ? String(value) : `'${String(value).replaceAll("'", "''")}'`);
    })
    .join("");
}

/** EXPLAIN QUERY PLAN as the sqlite3 shell prints it (a tree), from its rows. */
function planTree(rows: { id: number; parent: number; detail: string }[]): string {
  const depth = new Map<number, number>([[0, 0]]);
  return rows
    .map((row) => {
      const d = (depth.get(row.parent) ?? 0) + 1;
      depth.set(row.id, d);
      return `${"   ".repeat(d - 1)}|--${row.detail}`;
    })
    .join("\n");
}

/**
 * Statements run by the local D1 (workerd's SQLite, the one the worker uses: Node's differs, and
 * its 3.51 refuses the queue's photo subquery), one result each, with D1's own duration of each.
 */
function runInD1(stateDir: string, statements: string[]): { results: unknown[]; meta: { duration: number } }[] {
  const output = execFileSync(
    "wrangler",
    [
      "d1",
      "execute",
      "DB",
      "--local",
      "--json",
      "-c",
      "workers/api/wrangler.jsonc",
      "--persist-to",
      stateDir,
      "--command",
      statements.join(";\n"),
    ],
    { stdio: ["ignore", "pipe", "inherit"], maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(output.toString());
}

export interface QueuePlan {
  name: string;
  list: { sql: string; plan: string; ms: number[] };
  count: { sql: string; plan: string; ms: number[] };
}

/** How often each query runs in D1 alone for its duration. */
const TIMED_RUNS = 5;

/** The queue's SQL for each scope: its plan, and its durations in D1 alone (no worker around it). */
async function queuePlans(stateDir: string, limit: number, scopes: { name: string; scope: HostScope }[]): Promise<QueuePlan[]> {
  const queries = await Promise.all(scopes.map(async ({ scope }) => queueQueries(scope, limit)));
  const statements = queries.flatMap(({ list, count }) =>
    [list, count].flatMap((q) => {
      const sql = inline(q.sql, q.parameters);
      return [`EXPLAIN QUERY PLAN ${sql}`, ...Array.from({ length: TIMED_RUNS }, () => sql)];
    }),
  );
  const results = runInD1(stateDir, statements);
  const per = TIMED_RUNS + 1;
  return scopes.map(({ name }, s) => {
    const part = (k: number, q: { sql: string }) => {
      const at = (s * 2 + k) * per;
      return {
        sql: q.sql,
        plan: planTree(results[at]!.results as { id: number; parent: number; detail: string }[]),
        ms: results.slice(at + 1, at + per).map((r) => r.meta.duration),
      };
    };
    return { name, list: part(0, queries[s]!.list), count: part(1, queries[s]!.count) };
  });
}

/**
 * Prepares the state (the waiting members once, the reply round every run) and reads the queue's
 * plans for each scope, with each query's time in D1 alone (the part of the API time that is the
 * database's). Only while no server runs on the state.
 */
export async function prepareHostsState(
  stateDir: string,
  options: { waiting: number; replies: number; limit: number; scopes: { name: string; scope: HostScope }[] },
) {
  const db = await open(stateDir);
  try {
    db.exec("PRAGMA synchronous = OFF");
    const wrote = writeWaiting(db, options.waiting);
    const round = writeReplyRound(db, options.replies);
    const waitingNow = (db.prepare("SELECT COUNT(*) AS n FROM host_queue").get() as { n: number }).n;
    db.close();
    return { wrote, round, waitingNow, plans: await queuePlans(stateDir, options.limit, options.scopes) };
  } catch (error) {
    if (db.isOpen) db.close();
    throw error;
  }
}
