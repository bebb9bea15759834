/**
 * The credit balance as a query: the ledger's sum (docs/architecture.md §7). Here, not in
 * domain/ledger.ts, because the user answer (db/members.ts) folds it into its one query and
 * db/ imports no domain/ (issue 26 point 6).
 */
import type { Db } from "./client";

/** The balance as a query, for callers that fold it into one of their own (the user answer). */
export function balanceQuery(db: Db, memberId: number) {
  return db
    .selectFrom("credit_ledger")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount"), eb.lit(0)).as("balance"))
    .where("member_id", "=", memberId);
}
