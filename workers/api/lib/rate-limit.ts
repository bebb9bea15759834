/**
 * Fixed-window counters in D1. One upsert per check: the counter of the current window is
 * incremented and read back in the same statement, so two concurrent requests cannot both
 * see a count under the limit.
 */
import type { Db } from "../db/client";
import { ApiError } from "./errors";

export interface Limit {
  /** e.g. "login:email:1:ann@example.com" */
  key: string;
  max: number;
  windowMs: number;
}

export async function enforceRateLimit(db: Db, limit: Limit, now = Date.now()): Promise<void> {
  const windowStart = now - (now % limit.windowMs);
  const row = await db
    .insertInto("rate_limits")
    .values({ key: limit.key, window_start: windowStart, count: 1 })
    .onConflict((oc) =>
      oc.columns(["key", "window_start"]).doUpdateSet((eb) => ({ count: eb("count", "+", 1) })),
    )
    .returning("count")
    .executeTakeFirstOrThrow();
  if (row.count > limit.max) {
    const retryAfter = Math.ceil((windowStart + limit.windowMs - now) / 1000);
    throw new ApiError(429, "rate_limited", "Too many attempts. Try again later.", {
      retry_after: retryAfter,
    });
  }
}
