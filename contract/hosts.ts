/**
 * The hosts' workplace in the staff console (issue 27; docs/api.md "Chat hosts", ADR 045): its
 * requests and answers. A host answers members' messages to the entertainment profiles, as those
 * profiles; an answer never carries a member's email, payments, IP or ban history.
 */
import { z } from "zod";
import { MESSAGE_MAX } from "./limits";
import { SEND_KEY } from "./requests/chat";
import { ProfileSchema } from "./schemas/members";

import { HOST_NOTES_MAX, HOST_REPLY_REFUSALS } from "./rules/hosts";

export { HOST_REPLY_PROBLEMS, type HostReplyProblem } from "./rules/host-reply";
export {
  HOST_LEASE_MS,
  HOST_MAX_HELD,
  HOST_NOTES_MAX,
  HOST_REPLY_REFUSALS,
  type HostReplyRefusal,
} from "./rules/hosts";

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** GET /api/staff/host_conversation.php?id= and the claim, release and typing bodies. */
export const HostConversationQuerySchema = z.object({ id });
export const HostConversationBodySchema = z.object({ conversation: id });
export type HostConversationBody = z.input<typeof HostConversationBodySchema>;

/** POST /api/staff/host_reply.php: the reply, and the key the page made for it (a retry sends the same). */
export const HostReplyBodySchema = z.object({
  conversation: id,
  text: z.string().max(MESSAGE_MAX),
  key: z.string().regex(SEND_KEY),
});
export type HostReplyBody = z.input<typeof HostReplyBodySchema>;

/**
 * POST /api/staff/host_notes.php: the persona's notes (`about: "profile"`) or the notes about the
 * member (`about: "member"`) of a conversation; `version`: the version the host edited (0: none yet).
 */
export const HostNotesBodySchema = z.object({
  conversation: id,
  about: z.enum(["profile", "member"]),
  text: z
    .string()
    .transform((text) => text.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().max(HOST_NOTES_MAX)),
  version: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});
export type HostNotesBody = z.input<typeof HostNotesBodySchema>;

// Answers.

/** Who holds a conversation, and until when; `mine`: the host asking. */
export const HostLeaseSchema = z.object({
  staff_name: z.string(),
  mine: z.boolean(),
  expires_at: z.number().int(),
});
export type HostLease = z.infer<typeof HostLeaseSchema>;

export const HostQueueItemSchema = z.object({
  conversation: z.number().int(),
  /** Since when the member waits for an answer (their first message not answered yet). */
  waiting_since: z.number().int(),
  profile: z.object({ id: z.number().int(), name: z.string(), thumb_filename: z.string().nullable() }),
  member: z.object({ first_name: z.string(), language: z.string(), paid: z.boolean() }),
  site_name: z.string(),
  /** Held by a host whose lease runs; null: free to open. */
  lease: HostLeaseSchema.nullable(),
});
export type HostQueueItem = z.infer<typeof HostQueueItemSchema>;

/** GET /api/staff/host_queue.php: what waits on the host's sites and languages, oldest first. */
export const HostQueueAnswerSchema = z.object({
  items: z.array(HostQueueItemSchema),
  /** Everything waiting on the host's scope (items shows the oldest 100). */
  waiting: z.number().int(),
  /** Conversations this host holds now, and how many they may hold. */
  held: z.number().int(),
  max_held: z.number().int(),
  now: z.number().int(),
});
export type HostQueueAnswer = z.infer<typeof HostQueueAnswerSchema>;

export const HostMessageSchema = z.object({
  id: z.number().int(),
  from: z.enum(["member", "profile"]),
  text: z.string(),
  created_at: z.number().int(),
});
export type HostMessage = z.infer<typeof HostMessageSchema>;

export const HostNotesSchema = z.object({
  text: z.string(),
  /** 0: nothing written yet. A save names it; a stale one is refused (409 notes_changed). */
  version: z.number().int(),
  updated_by: z.string().nullable(),
  updated_at: z.number().int().nullable(),
});
export type HostNotes = z.infer<typeof HostNotesSchema>;

/** GET /api/staff/host_conversation.php?id=: what a host sees to answer. */
export const HostConversationAnswerSchema = z.object({
  conversation: z.number().int(),
  site_name: z.string(),
  /** The last messages, oldest first. */
  messages: z.array(HostMessageSchema),
  /** The member's public profile (no birth date, email, payments, IP or bans), their time zone and whether they paid. */
  member: ProfileSchema.extend({ timezone: z.string().nullable(), paid: z.boolean() }),
  /** The entertainment profile the host writes as. */
  profile: ProfileSchema,
  profile_notes: HostNotesSchema,
  member_notes: HostNotesSchema,
  /** Whether the member waits for an answer, and who holds the conversation. */
  waiting: z.boolean(),
  waiting_since: z.number().int().nullable(),
  lease: HostLeaseSchema.nullable(),
  /** Why no reply can be sent now; null: the holder may send. */
  refusal: z.enum(HOST_REPLY_REFUSALS).nullable(),
  now: z.number().int(),
});
export type HostConversationAnswer = z.infer<typeof HostConversationAnswerSchema>;

/** POST /api/staff/host_claim.php and host_typing.php: the lease the host now holds. */
export const HostClaimAnswerSchema = z.object({ lease: HostLeaseSchema });
/** POST /api/staff/host_release.php. */
export const HostReleaseAnswerSchema = z.object({ released: z.boolean() });
/** POST /api/staff/host_reply.php: the reply as sent. */
export const HostReplyAnswerSchema = z.object({ message: HostMessageSchema });
/** POST /api/staff/host_notes.php: the notes as stored. */
export const HostNotesAnswerSchema = z.object({ notes: HostNotesSchema });
