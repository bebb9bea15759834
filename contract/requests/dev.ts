/** Requests of the development calls: POST /api/dev/credits.php. */
import { z } from "zod";

export const DevCreditsBodySchema = z.object({ credits: z.number().int().min(0).max(1_000_000) });
export type DevCreditsBody = z.input<typeof DevCreditsBodySchema>;
export type DevCreditsBodyParsed = z.output<typeof DevCreditsBodySchema>;
