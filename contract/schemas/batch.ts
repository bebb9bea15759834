/** The answer of GET /api/batch.php (contract/requests/batch.ts). */
import { z } from "zod";

/**
 * One answer per call, in the order asked: the call's status and its JSON body (null when it had
 * none). Cookies the calls set come as the batch answer's own Set-Cookie headers.
 */
export const BatchAnswerSchema = z.object({
  answers: z.array(z.object({ status: z.number().int().min(100).max(599), body: z.unknown() })),
});
export type BatchAnswer = z.infer<typeof BatchAnswerSchema>;
