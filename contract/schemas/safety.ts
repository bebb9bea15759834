/** Safety between members: blocks, reports and notices (docs/product.md "Trust and safety"). */
import { z } from "zod";

/** POST and DELETE /api/blocks.php (designed): the block as it now stands. */
export const BlockRecordSchema = z.object({ id: z.number().int(), blocked: z.boolean() });
export type BlockRecord = z.infer<typeof BlockRecordSchema>;

/** GET /api/blocks.php (designed): the members the member has blocked, newest first. */
export const BlocksAnswerSchema = z.object({
  blocked: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      main_image: z.object({ thumb_filename: z.string() }).nullable(),
      blocked_at: z.number().int(),
    }),
  ),
});
export type BlocksAnswer = z.infer<typeof BlocksAnswerSchema>;

/** POST /api/reports.php and POST /api/complaints.php (designed): the case's reference. */
export const CaseFiledSchema = z.object({
  reference: z.string(),
  state: z.literal("open"),
  created_at: z.number().int(),
});
export type CaseFiled = z.infer<typeof CaseFiledSchema>;
