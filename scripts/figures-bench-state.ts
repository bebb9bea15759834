/**
 * The state `npm run bench:figures` measures (scripts/figures-bench.ts; ADR 051): the seeded
 * members given a year of history and written straight into the local D1 database's SQLite file
 * (as seed.ts bulk mode does; only while no server runs on that state):
 *
 * - sign-ups spread over the last 365 days, four in five from one of 20 networks, two in three confirmed;
 * - one paid order for every fourth member, a second for every twelfth, in euros or dollars by
 *   site; a withdrawal from one order in a hundred, a chargeback on one in two hundred;
 * - the credit ledger filled to `ledgerRows` rows (messages paid, spread over the year);
 * - visits and messages per site, day and network as daily figures (they have no rows of their own here).
 *
 * The roll-ups of everything else are then made by the migration's own catch-up statements
 * (migrations/0033_business_figures.sql, after "What happened before"), so the benchmark also
 * times them at this scale.
 */
import { readFileSync } from "node:fs";
import { DEMO_ACCOUNTS } from "../workers/api/seed/sites";
import { d1File } from "./bench-lib";

const DAY = 86_400_000;
const MARK = "bench-figures";
const MIGRATION = "workers/api/migrations/0033_business_figures.sql";

/** The migration's statements that count what happened before it (its last part). */
function catchUpSql(): string {
  const text = readFileSync(MIGRATION, "utf8");
  const at = text.indexOf("-- What happened before this migration");
  if (at < 0) throw new Error(`${MIGRATION} has no catch-up part`);
  return text.slice(at);
}

export interface FiguresState {
  wrote: boolean;
  rows: Record<string, number>;
  catchUpMs: number | null;
}

export async function prepareFiguresState(stateDir: string, options: { ledgerRows: number }): Promise<FiguresState> {
  const { DatabaseSync } = await import("node:sqlite");
  const db = new DatabaseSync(d1File(stateDir));
  const count = (table: string) => Number((db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n);
  const rows = () => ({
    members: count("members"),
    orders: count("orders"),
    credit_ledger: count("credit_ledger"),
    daily_figures: count("daily_figures"),
    payer_days: count("payer_days"),
  });
  try {
    const done = db.prepare("SELECT 1 FROM seed_runs WHERE name = ?").get(MARK);
    if (done) return { wrote: false, rows: rows(), catchUpMs: null };
    const now = Date.now();
    const today = Math.floor(now / DAY) * DAY;
    const firstBench = DEMO_ACCOUNTS.length + 1;
    db.exec("PRAGMA synchronous = OFF");
    db.exec("BEGIN");
    db.prepare(
      `UPDATE members SET
         signup_date = ? - ((id * 7919) % 365) * ${DAY} + (id * 104729) % ${DAY},
         trafficsource = CASE WHEN id % 5 = 0 THEN NULL ELSE json_object('network', 'network-' || ((id / 7) % 20)) END,
         activated_at = CASE WHEN id % 3 = 0 THEN NULL ELSE ? - ((id * 7919) % 365) * ${DAY} + (id * 104729) % ${DAY} + 3600000 END
       WHERE id >= ?`,
    ).run(today, today, firstBench);
    console.log("figures bench: sign-ups spread over a year");
    db.prepare(
      `INSERT INTO orders (id, site_id, member_id, create_key, product, product_id, credits, months, country, currency,
         list_cents, discount_cents, amount_cents, vat_rate, vat_cents, method, locale, provider, status,
         created_at, updated_at, paid_at)
       SELECT 'bench-' || m.id || '-' || n.n, m.site_id, m.id, 'bench-' || m.id || '-' || n.n, 'credits', '250', 250, 0, 'NL',
         CASE m.site_id WHEN 3 THEN 'USD' ELSE 'EUR' END, 1999, 0, 1999, 0, 0, 'ideal', 'en', 'demo', 'paid',
         min(m.signup_date + (n.n - 1) * 3 * ${DAY} + 600000, ?), min(m.signup_date + (n.n - 1) * 3 * ${DAY} + 600000, ?),
         min(m.signup_date + (n.n - 1) * 3 * ${DAY} + 600000, ?)
       FROM members m JOIN (SELECT 1 AS n UNION ALL SELECT 2) n
       WHERE m.id >= ? AND m.is_fictional = 0 AND m.id % 4 = 0 AND (n.n = 1 OR m.id % 12 = 0)`,
    ).run(now, now, now, firstBench);
    db.exec(
      `INSERT INTO withdrawals (order_id, member_id, credits_returned, refund_cents, requested_at, refund_status)
       SELECT id, member_id, 250, amount_cents, paid_at + ${DAY}, 'refunded' FROM orders
       WHERE id LIKE 'bench-%' AND member_id % 400 = 0 AND paid_at + ${DAY} < ${now};
       UPDATE orders SET charged_back_cents = amount_cents, updated_at = paid_at + 20 * ${DAY}
       WHERE id LIKE 'bench-%' AND member_id % 800 = 4;`,
    );
    console.log("figures bench: orders, withdrawals and chargebacks written");
    const ledger = options.ledgerRows - count("credit_ledger");
    if (ledger > 0) {
      db.prepare(
        `WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ?)
         INSERT INTO credit_ledger (member_id, amount, reason, idempotency_key, created_at)
         SELECT ? + (i * 7919) % (SELECT max(id) - ? FROM members), -5, 'message', 'bench:' || i, ? - (i % 365) * ${DAY} FROM s`,
      ).run(ledger, firstBench, firstBench, now);
    }
    console.log(`figures bench: the ledger at ${count("credit_ledger")} rows`);
    // Visits and messages per site, day and network (22 sources: 20 networks, none, and a few more).
    db.exec(
      `WITH RECURSIVE d(day) AS (SELECT ${Math.floor(now / DAY) - 365} UNION ALL SELECT day + 1 FROM d WHERE day < ${Math.floor(now / DAY)}),
         src(s) AS (SELECT '' UNION ALL SELECT 'network-' || value FROM json_each('[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]')),
         fig(f, k) AS (VALUES ('visits_welcome', 40), ('visits_lander', 120), ('messages', 300), ('conversations', 30))
       INSERT OR REPLACE INTO daily_figures (site_id, day, source, figure, currency, value)
       SELECT sites.id, d.day, src.s, fig.f, '', fig.k + (d.day * 31 + sites.id * 7 + length(src.s)) % fig.k
       FROM sites, d, src, fig`,
    );
    const started = performance.now();
    db.exec(
      "DELETE FROM payer_days; DELETE FROM daily_figures WHERE figure NOT IN ('visits_welcome', 'visits_lander', 'messages', 'conversations')",
    );
    db.exec(catchUpSql().replace(/INSERT INTO daily_figures/g, "INSERT OR REPLACE INTO daily_figures"));
    const catchUpMs = performance.now() - started;
    db.prepare("INSERT INTO seed_runs (name, profiles, finished_at) VALUES (?, ?, ?)").run(MARK, count("members"), now);
    db.exec("COMMIT");
    return { wrote: true, rows: rows(), catchUpMs };
  } finally {
    db.close();
  }
}
