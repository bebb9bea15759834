import { Kysely, type Compilable } from "kysely";
import { D1Dialect } from "kysely-d1";
import type { Database } from "./schema";

export type Db = Kysely<Database>;

const builders = new WeakMap<D1Database, Db>();

/**
 * A typed query builder over the D1 binding: one per binding and isolate (making a Kysely
 * instance is a tenth of a small call's CPU; docs/decisions/033-member-page-cost.md). It holds no
 * state between queries: no connection is opened until a query runs.
 */
export function createDb(d1: D1Database): Db {
  let db = builders.get(d1);
  if (!db) {
    db = new Kysely<Database>({ dialect: new D1Dialect({ database: d1 }) });
    builders.set(d1, db);
  }
  return db;
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
