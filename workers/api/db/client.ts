import { Kysely, type Compilable } from "kysely";
import { D1Dialect } from "kysely-d1";
import type { Database } from "./schema";

export type Db = Kysely<Database>;

/** A typed query builder over the D1 binding. Cheap: no connection is opened until a query runs. */
export function createDb(d1: D1Database): Db {
  return new Kysely<Database>({ dialect: new D1Dialect({ database: d1 }) });
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
