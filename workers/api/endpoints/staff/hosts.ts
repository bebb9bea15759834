/**
 * The hosts' workplace (issue 27; docs/api.md "Chat hosts", ADR 045): the calls of staff with the
 * role host (and admins). A host sees the conversations waiting on their site and languages,
 * opens one (a lease: nobody else answers it meanwhile), reads it with the member's public
 * profile, the persona and the notes, and replies as the entertainment profile. A conversation
 * outside the host's scope answers 404 as if it did not exist; a moderator gets 403 staff_role.
 *
 * - GET  /api/staff/host_queue.php: what waits, oldest first.
 * - GET  /api/staff/host_live.php: a WebSocket to the hosts' desk: "the queue changed" events.
 * - GET  /api/staff/host_conversation.php?id=: one conversation, to answer.
 * - POST /api/staff/host_claim.php { conversation }: opens it (the lease).
 * - POST /api/staff/host_typing.php { conversation }: the host types: the lease is renewed, and
 *   the member's open pages show "… is typing".
 * - POST /api/staff/host_release.php { conversation }: back to the queue.
 * - POST /api/staff/host_reply.php { conversation, text, key }: the reply, as the profile.
 * - POST /api/staff/host_notes.php { conversation, about, text, version }: persona or member notes
 *   (about an erased member: 410 member_deleted).
 */
import { Hono } from "hono";
import {
  HOST_LEASE_MS,
  HOST_MAX_HELD,
  HostClaimAnswerSchema,
  HostConversationAnswerSchema,
  HostConversationBodySchema,
  HostConversationQuerySchema,
  HostNotesAnswerSchema,
  HostNotesBodySchema,
  HostQueueAnswerSchema,
  HostReleaseAnswerSchema,
  HostReplyAnswerSchema,
  HostReplyBodySchema,
  type HostReplyRefusal,
} from "../../../../contract/hosts";
import { refuseHostReplyContent } from "../../domain/first-messages";
import type { ApiContext } from "../../context";
import { blockedBetween } from "../../db/blocks";
import type { Db } from "../../db/client";
import {
  findHostConversation,
  findMemberNotes,
  findMemberRow,
  findPersonaNotes,
  lastMessages,
  saveNotes,
} from "../../db/host-conversations";
import { claimLease, countHeld, countWaiting, findQueueRow, listHostQueue, releaseLease, renewLease } from "../../db/host-queue";
import { findMessageByKey } from "../../db/messages";
import { siteNamesById } from "../../db/moderation-cases";
import { toProfile } from "../../db/members";
import { sendHostReply } from "../../domain/host-replies";
import { enqueuePush } from "../../domain/push";
import { hostDeskOf, notifyHostDesk, notifyInboxes } from "../../durable-objects/inbox";
import { requireSocketFromThisSite } from "../../lib/live-socket";
import { notesAnswer } from "./answers";
import { answer } from "../../lib/answer";
import { ApiError } from "../../lib/errors";
import { readBody, readQuery } from "../../lib/request";
import { findSiteById } from "../../lib/site";
import { HOSTS, inScope, languagesOf, requireStaff, type StaffRow } from "../../lib/staff";
import { invalidInput } from "../../lib/validate";

const QUEUE_LIMIT = 100;
const MESSAGES_SHOWN = 50;

const notFound = () => new ApiError(404, "not_found", "No such conversation.");

/** Whether a conversation of this site and language is the host's to see. */
function inHostScope(staff: StaffRow, row: { site_id: number; language: string }): boolean {
  const languages = languagesOf(staff);
  return inScope(staff, row.site_id) && (languages === null || languages.includes(row.language));
}

/**
 * A conversation between a member and an entertainment profile on the host's scope, or 404. While
 * it waits, its scope is its queue row's (the language the member wrote in, which the queue lists
 * it under) even if the member has switched language since; otherwise the member's own.
 */
async function scopedConversation(db: Db, staff: StaffRow, id: number) {
  const [conversation, waiting] = await Promise.all([findHostConversation(db, id), findQueueRow(db, id)]);
  if (!conversation || !inHostScope(staff, waiting ?? conversation)) throw notFound();
  return conversation;
}

/** Why no reply can go to the member now, or null (the member's standing and blocks; not the lease). */
async function refusalOf(db: Db, memberId: number, profileId: number): Promise<Exclude<HostReplyRefusal, "not_waiting"> | null> {
  const [member, blocked] = await Promise.all([findMemberRow(db, memberId), blockedBetween(db, memberId, profileId)]);
  if (!member || member.status === "deleted") return "member_deleted";
  if (member.ban_decision_id !== null) return "member_banned";
  if (blocked) return "blocked";
  return null;
}

const REFUSALS = {
  member_deleted: () => new ApiError(410, "member_deleted", "This member has left."),
  member_banned: () => new ApiError(409, "member_banned", "This member is banned: no reply can be sent."),
  blocked: () => new ApiError(409, "blocked", "This member and this profile have blocked each other."),
} as const;

const notWaiting = () => new ApiError(409, "not_waiting", "This conversation is not waiting for an answer (any more).");

/** The lease as answers show it; null when nobody's lease runs (or the row is gone). */
function leaseOf(
  row: { leased_by: number | null; lease_expires_at: number; holder_name: string | null } | undefined,
  me: number,
  now: number,
) {
  if (!row || row.leased_by === null || (row.lease_expires_at <= now && row.leased_by !== me)) return null;
  return { staff_name: row.holder_name ?? "", mine: row.leased_by === me, expires_at: row.lease_expires_at };
}

/** How many conversations the host may hold: their site's setting (host_max_held); hosts of every site the default. */
async function maxHeldOf(db: Db, me: StaffRow): Promise<number> {
  if (me.site_id === null) return HOST_MAX_HELD;
  return (await findSiteById(db, me.site_id))?.settings.host_max_held ?? HOST_MAX_HELD;
}

/** Claims the conversation for the host, or throws why not (waiting no more, someone else's, too many held). */
async function claim(db: Db, me: StaffRow, conversation: number, now: number) {
  const maxHeld = await maxHeldOf(db, me);
  const claimed = await claimLease(db, { conversation, staffId: me.id, now, until: now + HOST_LEASE_MS, maxHeld });
  const row = await findQueueRow(db, conversation);
  if (claimed && row?.leased_by === me.id)
    return { staff_name: row.holder_name ?? me.name, mine: true, expires_at: row.lease_expires_at };
  if (!row) throw notWaiting();
  if (row.leased_by !== null && row.leased_by !== me.id && row.lease_expires_at > now) {
    throw new ApiError(409, "claimed_by_other", "Another host has this conversation open.", { holder: row.holder_name ?? "" });
  }
  throw new ApiError(409, "too_many_held", "You hold as many conversations as you may: answer or leave one first.", {
    max_held: maxHeld,
  });
}

export const staffHosts = new Hono<ApiContext>()
  .get("/staff/host_live.php", async (c) => {
    await requireStaff(c, { roles: HOSTS });
    requireSocketFromThisSite(c);
    return hostDeskOf(c.env).fetch(c.req.raw);
  })
  .get("/staff/host_queue.php", async (c) => {
    const me = await requireStaff(c, { roles: HOSTS });
    const { db } = c.var;
    const now = Date.now();
    const scope = { siteId: me.site_id, languages: languagesOf(me) };
    const [rows, waiting, held, names, maxHeld] = await Promise.all([
      listHostQueue(db, scope, QUEUE_LIMIT),
      countWaiting(db, scope),
      countHeld(db, me.id, now),
      siteNamesById(db),
      maxHeldOf(db, me),
    ]);
    c.header("cache-control", "no-store");
    return answer(c, HostQueueAnswerSchema, {
      items: rows.map((row) => ({
        conversation: row.conversation_id,
        waiting_since: row.waiting_since,
        profile: { id: row.profile_id, name: row.profile_name, thumb_filename: row.profile_thumb },
        member: { first_name: row.member_name.split(/\s+/)[0] ?? "", language: row.language, paid: row.paid_user === 1 },
        site_name: names.get(row.site_id) ?? "",
        lease: leaseOf(row, me.id, now),
      })),
      waiting,
      held,
      max_held: maxHeld,
      now,
    });
  })
  .get("/staff/host_conversation.php", async (c) => {
    const me = await requireStaff(c, { roles: HOSTS });
    const { id } = readQuery(c, HostConversationQuerySchema, "Give the conversation's id.");
    const { db } = c.var;
    const conversation = await scopedConversation(db, me, id);
    const now = Date.now();
    const [row, messages, memberRow, profileRow, profileNotes, memberNotes, refusal, names] = await Promise.all([
      findQueueRow(db, id),
      lastMessages(db, id, MESSAGES_SHOWN),
      findMemberRow(db, conversation.member_id),
      findMemberRow(db, conversation.profile_id),
      findPersonaNotes(db, conversation.profile_id),
      findMemberNotes(db, conversation.profile_id, conversation.member_id),
      refusalOf(db, conversation.member_id, conversation.profile_id),
      siteNamesById(db),
    ]);
    if (!memberRow || !profileRow) throw notFound();
    const [member, profile] = await Promise.all([toProfile(db, memberRow), toProfile(db, profileRow)]);
    c.header("cache-control", "no-store");
    return answer(c, HostConversationAnswerSchema, {
      conversation: id,
      site_name: names.get(conversation.site_id) ?? "",
      messages: messages.reverse().map((m) => ({
        id: m.id,
        from: m.sender_id === conversation.profile_id ? ("profile" as const) : ("member" as const),
        text: m.body,
        created_at: m.created_at,
      })),
      // The member's public profile only: others never see a birth date or whom they look for.
      member: {
        ...member,
        date_of_birth: null,
        interested_in: null,
        name: memberRow.status === "deleted" ? "" : member.name,
        timezone: memberRow.timezone,
        paid: memberRow.paid_user === 1,
      },
      profile,
      profile_notes: notesAnswer(profileNotes),
      member_notes: notesAnswer(memberNotes),
      waiting: row !== undefined,
      waiting_since: row?.waiting_since ?? null,
      lease: leaseOf(row, me.id, now),
      refusal: refusal ?? (row ? null : "not_waiting"),
      now,
    });
  })
  .post("/staff/host_claim.php", async (c) => {
    const me = await requireStaff(c, { roles: HOSTS });
    const { conversation } = await readBody(c, HostConversationBodySchema);
    const { site_id: site } = await scopedConversation(c.var.db, me, conversation);
    const lease = await claim(c.var.db, me, conversation, Date.now());
    // Other hosts' open queues show who has it now.
    await notifyHostDesk(c, site);
    return answer(c, HostClaimAnswerSchema, { lease });
  })
  .post("/staff/host_typing.php", async (c) => {
    const me = await requireStaff(c, { roles: HOSTS });
    const { conversation } = await readBody(c, HostConversationBodySchema);
    const { db } = c.var;
    const { member_id: memberId } = await scopedConversation(db, me, conversation);
    const now = Date.now();
    // Typing keeps the host's own lease running; one that went to someone else is not taken back.
    const renewed = await renewLease(db, conversation, me.id, now + HOST_LEASE_MS);
    const lease = renewed
      ? { staff_name: me.name, mine: true, expires_at: now + HOST_LEASE_MS }
      : await claim(db, me, conversation, now);
    // The member's open pages show "… is typing", as for a member (the same event).
    await notifyInboxes(c, [memberId], { type: "typing", conversation });
    return answer(c, HostClaimAnswerSchema, { lease });
  })
  .post("/staff/host_release.php", async (c) => {
    const me = await requireStaff(c, { roles: HOSTS });
    const { conversation } = await readBody(c, HostConversationBodySchema);
    const { site_id: site } = await scopedConversation(c.var.db, me, conversation);
    const released = await releaseLease(c.var.db, conversation, me.id);
    if (released) await notifyHostDesk(c, site);
    return answer(c, HostReleaseAnswerSchema, { released });
  })
  .post("/staff/host_reply.php", async (c) => {
    const me = await requireStaff(c, { roles: HOSTS });
    const body = await readBody(c, HostReplyBodySchema);
    const { db } = c.var;
    const conversation = await scopedConversation(db, me, body.conversation);
    const toAnswer = (message: { id: number; body: string; created_at: number }) => ({
      message: { id: message.id, from: "profile" as const, text: message.body, created_at: message.created_at },
    });

    // A retried send (the same key) gets the reply it made.
    const earlier = await findMessageByKey(db, conversation.profile_id, body.key);
    if (earlier) {
      if (earlier.conversation_id !== body.conversation) throw new ApiError(409, "key_used", "This key sent another message.");
      return answer(c, HostReplyAnswerSchema, toAnswer(earlier));
    }

    const text = body.text.trim();
    if (text === "") throw invalidInput({ text: "required" }, "Write a reply first.");
    // Contact details (however disguised, with the member's site's words) or a proposal to meet: refused (ADR 045, 053).
    const memberSite = await findSiteById(db, conversation.site_id);
    refuseHostReplyContent(text, memberSite?.settings);
    const refusal = await refusalOf(db, conversation.member_id, conversation.profile_id);
    if (refusal) throw REFUSALS[refusal]();

    // Not waiting (any more): another host's claim or reply came first, or this very reply, sent
    // by a retry that raced this request past the key's check above: that retry's answer is this one's.
    const notWaitingUnlessRetried = async () => {
      const made = await findMessageByKey(db, conversation.profile_id, body.key);
      if (made?.conversation_id === body.conversation) return answer(c, HostReplyAnswerSchema, toAnswer(made));
      throw notWaiting();
    };
    // The host must hold the conversation: claimed when opened; claimed now if nobody else has it.
    const now = Date.now();
    const row = await findQueueRow(db, body.conversation);
    if (!row) return notWaitingUnlessRetried();
    if (row.leased_by !== me.id) {
      try {
        await claim(db, me, body.conversation, now);
      } catch (error) {
        if (error instanceof ApiError && error.code === "not_waiting") return notWaitingUnlessRetried();
        throw error;
      }
    }

    const sent = await sendHostReply(c.env.DB, db, {
      conversation: body.conversation,
      profileId: conversation.profile_id,
      memberId: conversation.member_id,
      staffId: me.id,
      text,
      key: body.key,
    });
    if (!sent) return notWaitingUnlessRetried();
    await notifyInboxes(c, [conversation.member_id], { type: "message", conversation: body.conversation, id: sent.id });
    await notifyHostDesk(c, conversation.site_id);
    await enqueuePush(
      c,
      { kind: "message", recipient: conversation.member_id, actor: conversation.profile_id, conversation: body.conversation },
      memberSite ?? undefined,
    );
    return answer(c, HostReplyAnswerSchema, toAnswer(sent), 201);
  })
  .post("/staff/host_notes.php", async (c) => {
    const me = await requireStaff(c, { roles: HOSTS });
    const body = await readBody(c, HostNotesBodySchema);
    const { db } = c.var;
    const conversation = await scopedConversation(db, me, body.conversation);
    const memberId = body.about === "member" ? conversation.member_id : null;
    // Notes about an erased member would be their personal data written back (ADR 045).
    if (memberId !== null) {
      const member = await findMemberRow(db, memberId);
      if (!member || member.status === "deleted") throw REFUSALS.member_deleted();
    }
    const kept = await saveNotes(db, {
      profileId: conversation.profile_id,
      memberId,
      body: body.text,
      seenVersion: body.version,
      staffId: me.id,
      now: Date.now(),
    });
    if (!kept)
      throw new ApiError(409, "notes_changed", "Another host changed these notes meanwhile: read theirs, then save again.");
    const stored =
      memberId === null
        ? await findPersonaNotes(db, conversation.profile_id)
        : await findMemberNotes(db, conversation.profile_id, memberId);
    if (!stored) throw new Error("notes saved but not found");
    return answer(c, HostNotesAnswerSchema, {
      notes: notesAnswer(stored),
    });
  });
