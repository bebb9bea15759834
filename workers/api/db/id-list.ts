/**
 * A list of ids written into the statement as numbers, for `… in (${idList(ids)})`.
 *
 * D1 binds at most 100 parameters to one statement, and an operator's sites (or a page's rows)
 * can number more: bound one parameter each, the admin's figures failed with "too many SQL
 * variables" once the database held about 33 sites. Only safe integers are written; anything else
 * is a bug in the caller and throws before the statement is sent.
 */
import { type RawBuilder, sql } from "kysely";

export function idList(ids: readonly number[]): RawBuilder<unknown> {
  return sql.join(ids.map((id) => sql.lit(safeInteger(id))));
}

/** The number itself, as a literal: for values such as a site's target within a CASE. */
export function integerLiteral(value: number): RawBuilder<number> {
  return sql.lit(safeInteger(value));
}

function safeInteger(value: number): number {
  if (!Number.isSafeInteger(value)) throw new TypeError(`not a safe integer: ${value}`);
  return value;
}
