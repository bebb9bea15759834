/** Requests of the partner calls: GET /api/xcams/search.php. */
import { z } from "zod";
import { MAX_AGE, MIN_AGE } from "../limits";

export const CamSearchQuerySchema = z
  .object({
    gender: z.enum(["male", "female", ""]).default(""),
    min_age: z.coerce.number().int().min(MIN_AGE).max(MAX_AGE).default(MIN_AGE),
    max_age: z.coerce.number().int().min(MIN_AGE).max(MAX_AGE).default(MAX_AGE),
  })
  .refine((q) => q.min_age <= q.max_age, { path: ["min_age"], message: "min_age_above_max_age" });
export type CamSearchQueryParsed = z.output<typeof CamSearchQuerySchema>;
