/** Requests of the development calls: POST /api/dev/credits.php. */
import { z } from "zod";

export const DevCreditsBodySchema = z.object({ credits: z.number().int().min(0).max(1_000_000) });
export type DevCreditsBody = z.input<typeof DevCreditsBodySchema>;
export type DevCreditsBodyParsed = z.output<typeof DevCreditsBodySchema>;

/** POST /api/dev/time_bonus.php: start a time bonus for the member, or end the running ones. */
export const DevTimeBonusBodySchema = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("start"),
    percent: z.coerce.number().int().min(1).max(90),
    hours: z.coerce.number().min(0.01).max(720),
  }),
  z.object({ action: z.literal("expire") }),
]);
export type DevTimeBonusBody = z.input<typeof DevTimeBonusBodySchema>;
