/**
 * GET /api/batch.php?call=/api/user.php&call=/api/likes.php: several of the contract's GET calls
 * in one request (docs/api.md "batch.php", docs/decisions/066-batched-reads.md). The app sends
 * the GETs one page load starts together this way, so they share one session lookup and one
 * trip to the API; each call answers exactly what it answers alone.
 */
import { z } from "zod";

/** As many calls as the busiest page starts at once (the home page: four), with room to spare. */
export const BATCH_MAX_CALLS = 8;

/**
 * A call that may go in a batch: a GET of the contract's, its path and query as the app sends
 * it. Not the batch itself, not a photo, and not the two GETs that change state on purpose
 * (logging out, the live chat's socket): those go alone.
 */
export const BATCHABLE_CALL = /^\/api\/(?!batch\.php|logout\.php|live\.php|images\/)[a-z0-9_/-]+\.php(\?[^#\s]*)?$/;

export const BatchQuerySchema = z.object({
  call: z.array(z.string().max(2000).regex(BATCHABLE_CALL, "not_batchable")).min(1).max(BATCH_MAX_CALLS),
});
export type BatchQuery = z.input<typeof BatchQuerySchema>;
