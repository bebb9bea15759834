/** Work that must not hold the answer back (mails, notifications). */
import type { Context } from "hono";
import type { ApiContext } from "../context";

/**
 * c.executionCtx.waitUntil(work) in the Workers runtime. Hono's getter throws where there is no
 * execution context (app.request in tests); then the work is awaited by the caller instead.
 */
export function runAfterAnswer(c: Context<ApiContext>, work: Promise<void>): Promise<void> | void {
  let ctx: { waitUntil(promise: Promise<unknown>): void } | undefined;
  try {
    ctx = c.executionCtx;
  } catch {
    ctx = undefined;
  }
  if (ctx) {
    ctx.waitUntil(work);
    return;
  }
  return work;
}
