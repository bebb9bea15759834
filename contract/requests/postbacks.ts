/** GET /api/postbacks.php (designed, docs/decisions/025): the operator's postback log. */
import { z } from "zod";
import { POSTBACK_EVENTS } from "../schemas";

import { POSTBACK_STATUSES } from "../rules/postback-statuses";

export { POSTBACK_STATUSES };

export const PostbackLogQuerySchema = z.object({
  status: z.enum(POSTBACK_STATUSES).optional(),
  event: z.enum(POSTBACK_EVENTS).optional(),
  /** Rows older than this id (the next page: the last id of this one). */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
