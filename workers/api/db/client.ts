import { Kysely } from "kysely";
import { D1Dialect } from "kysely-d1";
import type { Database } from "./schema";

export type Db = Kysely<Database>;

/** A typed query builder over the D1 binding. Cheap: no connection is opened until a query runs. */
export function createDb(d1: D1Database): Db {
  return new Kysely<Database>({ dialect: new D1Dialect({ database: d1 }) });
}
