/**
 * The admin's host figures (issue 27; docs/api.md "Chat hosts", docs/product.md §15.6, ADR 045
 * "Figures"): GET /api/staff/host_figures.php, its query and its answer. The range rule and the
 * reply target's bounds are in contract/rules/host-figures.ts (no zod: the page uses them too).
 */
import { z } from "zod";

export {
  HOST_FIGURES_DEFAULT_DAYS,
  HOST_FIGURES_MAX_DAYS,
  HOST_REPLY_TARGET_DEFAULT_MINUTES,
  type RangeProblem,
} from "./rules/host-figures";

/** The tables the CSV download offers: per day, site and language; per host and day. */
export const HOST_FIGURES_TABLES = ["days", "hosts"] as const;
export type HostFiguresTable = (typeof HOST_FIGURES_TABLES)[number];

/**
 * GET /api/staff/host_figures.php?from=&to=[&format=csv&table=days|hosts]: the range's UTC days,
 * both included (YYYY-MM-DD; empty or absent: the last 7 days). The range itself is read by
 * readRange (422 `fields.from`/`fields.to` = `date` | `order` | `too_long`).
 */
export const HostFiguresQuerySchema = z.object({
  from: z.string().max(32).optional(),
  to: z.string().max(32).optional(),
  format: z.enum(["json", "csv"]).default("json"),
  table: z.enum(HOST_FIGURES_TABLES).default("days"),
});
export type HostFiguresQuery = z.input<typeof HostFiguresQuerySchema>;

const count = z.number().int().nonnegative();
/** A wait in milliseconds; null when the group had no replies. */
const wait = z.number().int().nonnegative().nullable();

/** The replies of one UTC day (on the whole scope, or one site and language). */
export const HostFiguresDaySchema = z.object({
  day: z.string(),
  replies: count,
  /** First-reply time, nearest rank: half (95 %) of the replies came within it. */
  median_ms: wait,
  p95_ms: wait,
  /** Replies to a member who had waited longer than their site's target. */
  over_target: count,
});
export type HostFiguresDay = z.infer<typeof HostFiguresDaySchema>;

export const HostFiguresGroupSchema = HostFiguresDaySchema.extend({
  site_id: z.number().int(),
  site_name: z.string(),
  language: z.string(),
  /** The site's target (`host_reply_target_minutes`). */
  target_minutes: z.number().int(),
});
export type HostFiguresGroup = z.infer<typeof HostFiguresGroupSchema>;

/** One host's replies on one UTC day, and the hours (UTC clock hours) in which they sent any. */
export const HostFiguresHostDaySchema = z.object({
  day: z.string(),
  staff_id: z.number().int(),
  name: z.string(),
  replies: count,
  active_hours: count,
});
export type HostFiguresHostDay = z.infer<typeof HostFiguresHostDaySchema>;

/** GET /api/staff/host_figures.php (admins): now, per day, per site and language, per host. */
export const HostFiguresAnswerSchema = z.object({
  from: z.string(),
  to: z.string(),
  now: z.number().int(),
  /** Conversations waiting now on the admin's scope, and since when the oldest waits (null: none). */
  waiting: count,
  oldest_since: z.number().int().nullable(),
  /** Every day of the range, oldest first (days without replies too). */
  days: z.array(HostFiguresDaySchema),
  /** Per day, site and language with replies. */
  groups: z.array(HostFiguresGroupSchema),
  /** Per day and host with replies. */
  hosts: z.array(HostFiguresHostDaySchema),
});
export type HostFiguresAnswer = z.infer<typeof HostFiguresAnswerSchema>;
