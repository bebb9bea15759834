import DataLoader from "dataloader";
import { type Compilable, Kysely } from "kysely";
import { D1Dialect } from "kysely-d1";
import type { Database } from "./schema";

export type Db = Kysely<Database>;

/**
 * A typed query builder over the D1 binding, for one request (or one queue batch, one cron run):
 * its reads that start together go to D1 as one round trip (readsTogether), and Workers forbid
 * one request's I/O to settle another's, so a builder is never shared between requests. Making
 * one costs some 15 µs; it opens nothing until a query runs.
 */
export function createDb(d1: D1Database): Db {
  return new Kysely<Database>({ dialect: new D1Dialect({ database: readsTogether(d1) }) });
}

interface Read {
  sql: string;
  parameters: unknown[];
}

const READ = /^\s*select\b/i;

/**
 * The binding as Kysely's D1 driver sees it, with every read that starts while others are
 * waiting sent with them as one D1 batch: a call that asks for three lists at once (Promise.all)
 * makes one round trip, not three (docs/decisions/065-member-page-round-trips.md). DataLoader gathers the
 * reads of one turn of the event loop. A batch is one transaction: the reads see one moment of the database,
 * and a failing read fails the others of its batch (a read fails only on a bug). Writes go as
 * they come, alone, so their errors (a unique key, a guard) stay their own.
 *
 * kysely-d1 calls only `prepare(sql).bind(...parameters).all()`: that is all this implements.
 */
function readsTogether(d1: D1Database): D1Database {
  const statement = (read: Read) => d1.prepare(read.sql).bind(...read.parameters);
  const reads = new DataLoader<Read, D1Result>(
    async (batch) =>
      batch.length === 1 ? Promise.all(batch.map((read) => statement(read).all())) : d1.batch(batch.map(statement)),
    { cache: false, batchScheduleFn: (run) => setTimeout(run, 0), maxBatchSize: 50 },
  );
  const prepare = (sql: string): D1PreparedStatement => {
    if (!READ.test(sql)) return d1.prepare(sql);
    return { bind: (...parameters: unknown[]) => ({ all: () => reads.load({ sql, parameters }) }) } as D1PreparedStatement;
  };
  return { prepare } as D1Database;
}

/** Runs Kysely queries as one D1 batch (one transaction): all of them or none. One result per query. */
export async function runBatch(d1: D1Database, queries: Compilable[]): Promise<D1Result[]> {
  return d1.batch(
    queries.map((query) => {
      const { sql, parameters } = query.compile();
      return d1.prepare(sql).bind(...parameters);
    }),
  );
}
