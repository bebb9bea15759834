/**
 * GET /api/batch.php?call=/api/user.php&call=/api/likes.php: several of the contract's GET calls
 * in one request (docs/api.md "batch.php", docs/decisions/066-batched-reads.md). The app sends
 * the GETs one page load starts together this way, so they share one session lookup and one
 * trip to the API; each call answers what it answers alone.
 */
import { z } from "zod";

/** As many calls as the busiest page starts at once (the home page: four), with room to spare. */
export const BATCH_MAX_CALLS = 8;

/** A call's path and query as the app sends it: /api/….php, lower-case path, no fragment. */
const CALL = /^\/api\/([a-z0-9_/-]+\.php)(\?[^#\s]*)?$/;

/**
 * Calls that never go in a batch: the batch itself, photos (not JSON), the GETs that change
 * state on purpose (logging out), the sockets, and the calls that answer a browser with a
 * redirect (the activation link, the cam and partner redirects): a batch carries a call's
 * status, body and cookies, not its other headers.
 */
const NEVER_BATCHED = new Set([
  "batch.php",
  "logout.php",
  "live.php",
  "staff/host_live.php",
  "activate.php",
  "xcams/redirect.php",
  "resellpartner.php",
]);

/** Whether a call (path and query) may go in a batch; the app and the API ask the same. */
export function isBatchable(call: string): boolean {
  if (call.length > 2000) return false;
  const path = CALL.exec(call)?.[1];
  return path !== undefined && !path.startsWith("images/") && !NEVER_BATCHED.has(path);
}

export const BatchQuerySchema = z.object({
  call: z.array(z.string().refine(isBatchable, "not_batchable")).min(1).max(BATCH_MAX_CALLS),
});
export type BatchQuery = z.input<typeof BatchQuerySchema>;
