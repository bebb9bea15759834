/**
 * The transparency report (issue 30 point 7; docs/api.md "Transparency report", docs/product.md
 * §16.7, ADR 055): GET /api/staff/transparency.php, its query and answer. The counts the Digital
 * Services Act asks an online platform to publish (art. 15 and 24) for a period and site: notices
 * and reports by category, decisions by kind and ground, own-initiative and automated ones,
 * suspensions, internal complaints (appeals) and their outcomes, and median times.
 */
import { z } from "zod";

export { TRANSPARENCY_RANGE } from "./rules/transparency";

export const TransparencyQuerySchema = z.object({
  from: z.string().max(32).optional(),
  to: z.string().max(32).optional(),
  site: z
    .string()
    .regex(/^\d{0,9}$/)
    .optional(),
  format: z.enum(["json", "csv"]).default("json"),
});
export type TransparencyQuery = z.input<typeof TransparencyQuerySchema>;

const count = z.number().int().nonnegative();
/** A median in hours (nearest rank), one decimal; null when nothing was decided. */
const hours = z.number().nonnegative().nullable();

export const TransparencyAnswerSchema = z.object({
  from: z.string(),
  to: z.string(),
  site_id: z.number().int().nullable(),
  sites: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Cases opened in the range: members' reports and notices (DSA art. 16) by anyone. */
  notices: z.object({
    received: count,
    reports: count,
    notices: count,
    /** Notices whose notifier stated they are a trusted flagger: not offered, always 0. */
    trusted_flaggers: count,
    by_category: z.array(z.object({ kind: z.enum(["report", "notice"]), category: z.string(), count })),
    /** Of the cases opened in the range, those decided (a decision on the case) and the median time to the first decision. */
    decided: count,
    median_hours_to_decision: hours,
  }),
  /** Decisions taken in the range. */
  decisions: z.object({
    total: count,
    /** Taken on a report or notice; on the staff's own initiative (no case, e.g. the photo review); on an appeal. */
    on_notice: count,
    own_initiative: count,
    on_appeal: count,
    /** Taken by automated means without a person: the pauses after trusted reports (ADR 058). */
    automated: count,
    by_action: z.array(z.object({ action: z.string(), count })),
    by_ground: z.array(z.object({ category: z.string(), action: z.string(), count })),
    /** Accounts suspended (bans, DSA art. 23) and lifted. */
    suspensions: count,
    lifted: count,
  }),
  /** Appeals (internal complaints, DSA art. 20) made in the range and what became of them. */
  appeals: z.object({
    received: count,
    open: count,
    upheld: count,
    reversed: count,
    median_hours_to_decide: hours,
  }),
  /** Photo verifications (ADR 059) decided in the range; an API without verification leaves it out. */
  verifications: z.object({ approved: count, refused: count }).optional(),
});
export type TransparencyAnswer = z.infer<typeof TransparencyAnswerSchema>;
