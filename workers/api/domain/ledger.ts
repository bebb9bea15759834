/**
 * Credits (docs/architecture.md §7): an append-only ledger, one row per change, the balance
 * their sum. Every change has a key, unique in the table, so the same change asked for twice
 * (a retried request, a provider's webhook delivered again, two of them at once) is written
 * once. Each operation is one D1 batch; a charge can also join the batch of what it pays for
 * (chat's send: the message is written only if its charge was).
 *
 * - charge: takes credits if the balance covers them (a message);
 * - grant: gives credits (starting credits; a purchase, keyed by the provider's payment id);
 * - refund: takes back credits that were granted (a refund or chargeback), as a negative row,
 *   whatever the balance: it may go below zero;
 * - adjust: any difference, no checks (the development panel's "set credits").
 */
import type { Compilable, Expression, ExpressionBuilder, SqlBool } from "kysely";
import type { Database } from "../db/schema";
import { runBatch, type Db } from "../db/client";
import { balanceQuery } from "../db/credit-balance";
import { buildLedgerKey, type LedgerKey } from "./ledger-keys";

export interface LedgerEntry {
  memberId: number;
  /** Credits, a whole number, not negative: the operation gives the sign (adjust: any sign). */
  amount: number;
  /** Why, as the member's data export shows it: a LedgerReason (ledger-keys.ts). */
  reason: string;
  /** The same key again writes nothing. Built by ledger-keys.ts: it names the thing paid for. */
  key: string;
}

/** The entry of a change named by its key (ledger-keys.ts): its stored key and its reason. */
export function ledgerEntry(memberId: number, amount: number, key: LedgerKey): LedgerEntry {
  return { memberId, amount, reason: key.kind, key: buildLedgerKey(key) };
}

/**
 * written: this call wrote the entry; already_written: an earlier call with the key did (nothing
 * changed now); insufficient (charge only): the balance did not cover it, nothing was written.
 */
export type LedgerOutcome = "written" | "already_written" | "insufficient";

export interface LedgerResult {
  outcome: LedgerOutcome;
  /** The balance after the call. */
  balance: number;
}

export async function balance(db: Db, memberId: number): Promise<number> {
  const row = await balanceQuery(db, memberId).executeTakeFirstOrThrow();
  return Number(row.balance);
}

/** The member's entries, oldest first (the data export). */
export function history(db: Db, memberId: number) {
  return db
    .selectFrom("credit_ledger")
    .select(["amount", "reason", "created_at"])
    .where("member_id", "=", memberId)
    .orderBy("id")
    .execute();
}

/** The entry with this key, as a subquery: lets another statement of the batch depend on it. */
export function entryWithKey(db: Db, key: string) {
  return db.selectFrom("credit_ledger").select("id").where("idempotency_key", "=", key);
}

function assertAmount(amount: number, signed = false): void {
  if (!Number.isSafeInteger(amount) || (!signed && amount < 0)) throw new Error(`not a ledger amount: ${amount}`);
}

/** A condition a ledger statement is written under (a subquery of the same batch). */
export type LedgerCondition = (eb: ExpressionBuilder<Database, never>) => Expression<SqlBool>;

/** A row of `signedAmount` once per key, written only while `onlyIf` holds, as one statement. */
function appendIf(db: Db, entry: LedgerEntry, signedAmount: number, onlyIf: LedgerCondition, now: number): Compilable {
  return db
    .insertInto("credit_ledger")
    .columns(["member_id", "amount", "reason", "idempotency_key", "created_at"])
    .expression(
      db
        .selectNoFrom((eb) => [
          eb.val(entry.memberId).as("member_id"),
          eb.val(signedAmount).as("amount"),
          eb.val(entry.reason).as("reason"),
          eb.val(entry.key).as("idempotency_key"),
          eb.val(now).as("created_at"),
        ])
        .where(onlyIf),
    )
    .onConflict((oc) => oc.column("idempotency_key").doNothing());
}

/**
 * The charge as one statement, for the caller's batch: the row is written only if the balance
 * covers the amount, and only once per key (the unique key: a second batch writes nothing).
 */
export function chargeStatement(db: Db, entry: LedgerEntry, now = Date.now()): Compilable {
  assertAmount(entry.amount);
  const covered: LedgerCondition = (eb) =>
    eb(
      eb
        .selectFrom("credit_ledger")
        .select((inner) => inner.fn.coalesce(inner.fn.sum<number>("amount"), inner.lit(0)).as("b"))
        .where("member_id", "=", entry.memberId),
      ">=",
      entry.amount,
    );
  return appendIf(db, entry, -entry.amount, covered, now);
}

/**
 * A refund as one statement, for the caller's batch, written only while `onlyIf` finds a row:
 * a withdrawal's credits go back only if its order really became withdrawn.
 */
export function refundStatement(db: Db, entry: LedgerEntry, onlyIf: LedgerCondition, now = Date.now()): Compilable {
  assertAmount(entry.amount);
  return appendIf(db, entry, -entry.amount, onlyIf, now);
}

/** A row of `signedAmount` once per key, as one statement. */
function appendStatement(db: Db, entry: LedgerEntry, signedAmount: number, now: number): Compilable {
  return db
    .insertInto("credit_ledger")
    .values({
      member_id: entry.memberId,
      amount: signedAmount,
      reason: entry.reason,
      idempotency_key: entry.key,
      created_at: now,
    })
    .onConflict((oc) => oc.column("idempotency_key").doNothing());
}

/**
 * What an unwritten entry means: already written by an earlier call, or (charge) refused. A key
 * that holds another member's or amount's entry is a bug in the caller's keys: it throws.
 */
async function settle(db: Db, entry: LedgerEntry, signedAmount: number, written: boolean): Promise<LedgerResult> {
  if (!written) {
    const earlier = await db
      .selectFrom("credit_ledger")
      .select(["member_id", "amount"])
      .where("idempotency_key", "=", entry.key)
      .executeTakeFirst();
    if (!earlier) return { outcome: "insufficient", balance: await balance(db, entry.memberId) };
    if (earlier.member_id !== entry.memberId || earlier.amount !== signedAmount) {
      throw new Error(`ledger key ${entry.key} holds another entry`);
    }
  }
  return { outcome: written ? "written" : "already_written", balance: await balance(db, entry.memberId) };
}

async function write(
  d1: D1Database,
  db: Db,
  entry: LedgerEntry,
  signedAmount: number,
  statement: Compilable,
): Promise<LedgerResult> {
  const [result] = await runBatch(d1, [statement]);
  return settle(db, entry, signedAmount, result?.meta.changes === 1);
}

/** A grant as one statement, for the caller's batch (a purchase, with its order's new state). */
export function grantStatement(db: Db, entry: LedgerEntry, now = Date.now()): Compilable {
  assertAmount(entry.amount);
  return appendStatement(db, entry, entry.amount, now);
}

export async function charge(d1: D1Database, db: Db, entry: LedgerEntry, now = Date.now()): Promise<LedgerResult> {
  return write(d1, db, entry, -entry.amount, chargeStatement(db, entry, now));
}

export async function grant(d1: D1Database, db: Db, entry: LedgerEntry, now = Date.now()): Promise<LedgerResult> {
  assertAmount(entry.amount);
  return write(d1, db, entry, entry.amount, appendStatement(db, entry, entry.amount, now));
}

export async function refund(d1: D1Database, db: Db, entry: LedgerEntry, now = Date.now()): Promise<LedgerResult> {
  assertAmount(entry.amount);
  return write(d1, db, entry, -entry.amount, appendStatement(db, entry, -entry.amount, now));
}

export async function adjust(d1: D1Database, db: Db, entry: LedgerEntry, now = Date.now()): Promise<LedgerResult> {
  assertAmount(entry.amount, true);
  return write(d1, db, entry, entry.amount, appendStatement(db, entry, entry.amount, now));
}
