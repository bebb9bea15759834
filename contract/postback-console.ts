/**
 * Postbacks in the staff console (issue 28 point 5; docs/api.md "Postbacks in the console",
 * docs/decisions/050): per network of a site its templates, the counts per status over a period,
 * the delivery log, and a test send that shows the exact request and the network's answer.
 */
import { z } from "zod";
import { POSTBACK_CONSOLE_DAYS, TEST_BODY_MAX } from "./rules/postback-console";
import { POSTBACK_EVENTS, POSTBACK_MACROS } from "./rules/postback-macros";
import { POSTBACK_STATUSES } from "./rules/postback-statuses";

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** A network's name as the settings allow it (contract/schemas/site.ts PostbackSettingsSchema). */
const network = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/);

/** GET /api/staff/postbacks.php: no site: the admin's first; no network: the site's first. */
export const PostbackConsoleQuerySchema = z.object({
  site: id.optional(),
  network: network.optional(),
  status: z.enum(POSTBACK_STATUSES).optional(),
  event: z.enum(POSTBACK_EVENTS).optional(),
  /** The next page: rows older than this one (the last id of the page before). */
  before: id.optional(),
  /** The period the counts cover, in days up to now. */
  days: z.coerce
    .number()
    .int()
    .refine((value) => (POSTBACK_CONSOLE_DAYS as readonly number[]).includes(value), { message: "days" })
    .default(7),
});
export type PostbackConsoleQuery = z.input<typeof PostbackConsoleQuerySchema>;

/** POST /api/staff/postback_test.php. */
export const PostbackTestBodySchema = z.object({ site: id, network, event: z.enum(POSTBACK_EVENTS) });
export type PostbackTestBody = z.input<typeof PostbackTestBodySchema>;

// Answers.

const count = z.number().int().nonnegative();
const template = z.string().nullable();

export const PostbackNetworkSchema = z.object({
  name: z.string(),
  /** Null: no template for the event (nothing is sent for it). */
  templates: z.object({ soi: template, doi: template, sale: template }),
  /** Whether the site's settings still name it (a network only in the log was removed since). */
  configured: z.boolean(),
});
export type PostbackNetwork = z.infer<typeof PostbackNetworkSchema>;

export const PostbackLogRowSchema = z.object({
  id: z.number().int(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  event: z.enum(POSTBACK_EVENTS),
  member_id: z.number().int(),
  url: z.string(),
  status: z.enum(POSTBACK_STATUSES),
  attempts: count,
  last_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  /** When a retrying postback is due again (the queue's delay after its last attempt). */
  next_attempt_at: z.number().int().nullable(),
});
export type PostbackLogRow = z.infer<typeof PostbackLogRowSchema>;

export const PostbackConsoleAnswerSchema = z.object({
  sites: z.array(z.object({ id: z.number().int(), name: z.string() })),
  site: z.object({ id: z.number().int(), name: z.string(), allow_private_hosts: z.boolean() }),
  /** The macros a template may use (one list: contract/rules/postback-macros.ts). */
  macros: z.array(z.enum(POSTBACK_MACROS)),
  networks: z.array(PostbackNetworkSchema),
  /** The network shown; null when the site has none. */
  network: z.string().nullable(),
  days: z.number().int(),
  counts: z.object(
    Object.fromEntries(POSTBACK_STATUSES.map((s) => [s, count])) as Record<(typeof POSTBACK_STATUSES)[number], typeof count>,
  ),
  log: z.array(PostbackLogRowSchema),
  page_size: z.number().int(),
  /** The `before` of the next page; null on the last. */
  next_before: z.number().int().nullable(),
});
export type PostbackConsoleAnswer = z.infer<typeof PostbackConsoleAnswerSchema>;

export const POSTBACK_TEST_OUTCOMES = ["answered", "refused", "timeout", "network_error"] as const;

export const PostbackTestAnswerSchema = z.object({
  network: z.string(),
  event: z.enum(POSTBACK_EVENTS),
  template: z.string(),
  /** The sample values the macros were filled with. */
  sample: z.record(z.string(), z.string()),
  request: z.object({ method: z.literal("GET"), url: z.string(), headers: z.array(z.tuple([z.string(), z.string()])) }),
  outcome: z.enum(POSTBACK_TEST_OUTCOMES),
  /** Why the URL was not sent (outcome refused): contract/rules/outbound-urls.ts OutboundProblem. */
  refused: z.string().nullable(),
  response: z
    .object({
      status: z.number().int(),
      headers: z.array(z.tuple([z.string(), z.string()])),
      /** The first TEST_BODY_MAX bytes, as text. */
      body: z.string().max(TEST_BODY_MAX * 4),
      truncated: z.boolean(),
    })
    .nullable(),
  duration_ms: count,
  /** What a real postback would have recorded: sent, tried again, failed (null: not sent). */
  verdict: z.enum(["sent", "retrying", "failed"]).nullable(),
});
export type PostbackTestAnswer = z.infer<typeof PostbackTestAnswerSchema>;
