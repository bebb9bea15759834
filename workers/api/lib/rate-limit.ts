/**
 * Fixed-window counters in D1 for failed attempts (login now; sign-up, email checks, resets and
 * messages later). Only failures count, so members who log in often are never locked out, and
 * an address under attack is locked for the rest of the window, right password or not.
 */
import type { Db } from "../db/client";
import { ApiError } from "./errors";

export interface Limit {
  /** e.g. "login:email:1:ann@example.com" */
  key: string;
  max: number;
  windowMs: number;
}

const windowOf = (limit: Limit, now: number) => now - (now % limit.windowMs);

/** Throws 429 with retry_after (seconds) when the window already holds `max` failures. */
export async function assertUnderLimit(db: Db, limit: Limit, now = Date.now()): Promise<void> {
  const windowStart = windowOf(limit, now);
  const row = await db
    .selectFrom("rate_limits")
    .select("count")
    .where("key", "=", limit.key)
    .where("window_start", "=", windowStart)
    .executeTakeFirst();
  if (row && row.count >= limit.max) {
    throw new ApiError(429, "rate_limited", "Too many attempts. Try again later.", {
      retry_after: Math.ceil((windowStart + limit.windowMs - now) / 1000),
    });
  }
}

/**
 * Takes one attempt from the window, atomically: a single upsert that counts it and answers the
 * new count, so parallel requests cannot all pass a check made before any of them counted
 * (30 parallel wrong passwords got 13 answers against a limit of 10 when the check came first).
 * Throws 429 when the window is used up (that attempt is not counted). Where only failures
 * should count, give the attempt back on success (giveBack).
 */
export async function takeAttempt(db: Db, limit: Limit, now = Date.now()): Promise<void> {
  if (!(await takeAttemptIfRoom(db, limit, now))) {
    throw new ApiError(429, "rate_limited", "Too many attempts. Try again later.", {
      retry_after: retryAfterSeconds(limit, now),
    });
  }
}

/**
 * takeAttempt's single upsert, answering whether the window had room instead of throwing, for a
 * limit that refuses with its own code (the new conversations a day, ADR 056).
 */
export async function takeAttemptIfRoom(db: Db, limit: Limit, now = Date.now()): Promise<boolean> {
  // The update happens only while the window has room; a refused attempt is not counted.
  const row = await db
    .insertInto("rate_limits")
    .values({ key: limit.key, window_start: windowOf(limit, now), count: 1 })
    .onConflict((oc) =>
      oc
        .columns(["key", "window_start"])
        .doUpdateSet((eb) => ({ count: eb("count", "+", 1) }))
        .where("rate_limits.count", "<", limit.max),
    )
    .returning("count")
    .executeTakeFirst();
  return row !== undefined;
}

/** Seconds until the limit's current window ends. */
export function retryAfterSeconds(limit: Limit, now = Date.now()): number {
  return Math.ceil((windowOf(limit, now) + limit.windowMs - now) / 1000);
}

/** Returns an attempt taken with takeAttempt (it succeeded, and only failures count). */
export async function giveBack(db: Db, limit: Limit, now = Date.now()): Promise<void> {
  await db
    .updateTable("rate_limits")
    .set((eb) => ({ count: eb("count", "-", 1) }))
    .where("key", "=", limit.key)
    .where("window_start", "=", windowOf(limit, now))
    .where("count", ">", 0)
    .execute();
}

/** Counts one failure, in a single upsert. */
export function recordFailure(db: Db, limit: Limit, now = Date.now()): Promise<void> {
  return recordAttempt(db, limit, now);
}

/** Counts one attempt, failed or not (email checks, sign-ups, address changes count them all). */
export async function recordAttempt(db: Db, limit: Limit, now = Date.now()): Promise<void> {
  await db
    .insertInto("rate_limits")
    .values({ key: limit.key, window_start: windowOf(limit, now), count: 1 })
    .onConflict((oc) => oc.columns(["key", "window_start"]).doUpdateSet((eb) => ({ count: eb("count", "+", 1) })))
    .execute();
}
