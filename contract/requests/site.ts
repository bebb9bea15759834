/** Requests of the site calls: GET /api/regions.php?country=. */
import { z } from "zod";

/** Two letters, either case; the API answers it upper-cased. */
export const RegionsCountrySchema = z
  .string()
  .regex(/^[A-Za-z]{2}$/)
  .transform((s) => s.toUpperCase());

/** GET /api/regions.php's query. */
export const RegionsQuerySchema = z.object({ country: RegionsCountrySchema });
