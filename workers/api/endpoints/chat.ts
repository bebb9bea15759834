/**
 * Chat (issue 6):
 *
 * - GET /api/chats.php (docs/product.md §7): the member's conversations, newest first.
 * - GET /api/chat.php?profile= (docs/product.md §7): starts or reopens the conversation with a profile; { id }.
 * - DELETE /api/chat.php { conversation } (docs/product.md §7): removes it from the member's list (and its
 *   messages so far from their view); the other member keeps theirs. Idempotent.
 * - GET /api/messages.php?conversation=&before= (designed): a page of messages, oldest first.
 * - POST /api/messages.php { conversation, text, key } (designed): sends a text message and
 *   charges it, in one D1 batch, idempotent by the sender's key.
 * - POST /api/messages.php?read=1 { conversation } (designed): everything in it is seen.
 * - GET /api/live.php (designed): a WebSocket to the member's inbox (durable-objects/inbox.ts).
 *
 * Every call is scoped to the session's member: a conversation that is not theirs answers 404,
 * exactly like one that does not exist.
 */
import { Hono, type Context } from "hono";
import { sql } from "kysely";
import { ConversationBodySchema, IdSchema, SendMessageBodySchema } from "../../../contract/requests/chat";
import { messageCost } from "../../../contract/rules/message-cost";
import type { ApiContext } from "../context";
import { chatProfile, findMembership, listConversations, newestMessageId, sendStatements, toMessage } from "../db/chat";
import { blockedBetween } from "../db/blocks";
import { shownOnSite } from "../db/profiles";
import { runBatch } from "../db/client";
import * as ledger from "../domain/ledger";
import { ApiError } from "../lib/errors";
import { type Limit, takeAttempt } from "../lib/rate-limit";
import { readBody } from "../lib/request";
import { requireMember } from "../lib/member";
import { inboxOf, notifyInboxes } from "../durable-objects/inbox";
import { enqueuePush } from "../domain/push";

/** Messages per page of history. */
export const MESSAGES_PAGE = 30;
const CHATS_LIMIT = 200;
/** A burst of sends: this many a minute per member, then 429. */
const SEND_LIMIT = { max: 20, windowMs: 60 * 1000 };

function hostOfOrigin(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

const conversationNotFound = () => new ApiError(404, "conversation_not_found", "No such conversation.");

async function requireMembership(c: Context<ApiContext>, memberId: number, id: number) {
  const membership = await findMembership(c.var.db, memberId, id);
  if (!membership) throw conversationNotFound();
  return membership;
}

async function startChat(c: Context<ApiContext>) {
  const me = requireMember(c);
  const parsed = IdSchema.safeParse(c.req.query("profile"));
  if (!parsed.success) throw new ApiError(422, "invalid_input", "Give the profile's id.", { fields: { profile: "invalid" } });
  const profileId = parsed.data;
  if (profileId === me.id)
    throw new ApiError(422, "own_profile", "You cannot chat with yourself.", { fields: { profile: "own_profile" } });
  const { db, site } = c.var;
  const profile = await db
    .selectFrom("members")
    .select(["id", "country"])
    .where("id", "=", profileId)
    .where("status", "=", "active")
    .where(shownOnSite("members", site.id))
    .executeTakeFirst();
  if (!profile?.country || !site.settings.countries.includes(profile.country) || (await blockedBetween(db, me.id, profileId))) {
    throw new ApiError(404, "profile_not_found", "No such profile.");
  }
  const [low, high] = me.id < profileId ? [me.id, profileId] : [profileId, me.id];
  const now = Date.now();
  // Both statements are no-ops when the conversation (or this member's view of it) exists.
  await runBatch(c.env.DB, [
    db
      .insertInto("conversations")
      .values({ member_low: low, member_high: high, created_at: now, last_message_id: null })
      .onConflict((oc) => oc.columns(["member_low", "member_high"]).doNothing()),
    // The other member's list shows it from the first message on: looking at a profile's chat
    // must put nothing in that member's list.
    ...[
      { member: me.id, other: profileId, hidden: 0 },
      { member: profileId, other: me.id, hidden: 1 },
    ].map(({ member, other, hidden }) =>
      db
        .insertInto("conversation_members")
        .columns(["member_id", "conversation_id", "other_id", "hidden"])
        .expression((eb) =>
          eb
            .selectFrom("conversations")
            .select([eb.val(member).as("member_id"), "id", eb.val(other).as("other_id"), eb.val(hidden).as("hidden")])
            .where("member_low", "=", low)
            .where("member_high", "=", high),
        )
        .onConflict((oc) => oc.columns(["member_id", "conversation_id"]).doNothing()),
    ),
  ]);
  const conversation = await db
    .selectFrom("conversations")
    .select("id")
    .where("member_low", "=", low)
    .where("member_high", "=", high)
    .executeTakeFirstOrThrow();
  // Opening it puts it in the member's list (a removed one comes back without its old messages).
  await db
    .updateTable("conversation_members")
    .set({ hidden: 0 })
    .where("member_id", "=", me.id)
    .where("conversation_id", "=", conversation.id)
    .where("hidden", "=", 1)
    .execute();
  return c.json({ id: conversation.id });
}

async function sendMessage(c: Context<ApiContext>) {
  const me = requireMember(c);
  const body = await readBody(c, SendMessageBodySchema);
  const { db, site } = c.var;
  // Writing waits for a confirmed address unless the site allows it (docs/product.md "Bans across
  // sites"): a banned person's new account cannot write before proving the address is theirs.
  if (me.status === "not_confirmed" && !site.settings.unconfirmed_may_message) {
    throw new ApiError(403, "email_not_confirmed", "Confirm your email address before you write messages.");
  }
  const membership = await requireMembership(c, me.id, body.conversation);

  // A retried send (the same key) gets the message it made, and is charged nothing.
  const earlier = await db
    .selectFrom("messages")
    .selectAll()
    .where("sender_id", "=", me.id)
    .where("send_key", "=", body.key)
    .executeTakeFirst();
  if (earlier) {
    if (earlier.conversation_id !== body.conversation) throw new ApiError(409, "key_used", "This key sent another message.");
    const balance = await ledger.balance(db, me.id);
    return c.json({ message: toMessage(earlier, me.id), balance, cost: messageCost(site.settings, me.country) });
  }

  const text = body.text.trim();
  if (text === "") throw new ApiError(422, "invalid_input", "Write a message first.", { fields: { text: "required" } });
  const other = await db.selectFrom("members").select("status").where("id", "=", membership.other_id).executeTakeFirst();
  if (!other || other.status === "deleted") throw new ApiError(410, "recipient_gone", "This member has left.");
  // A block stops messages both ways (docs/product.md "Trust and safety").
  if (await blockedBetween(db, me.id, membership.other_id)) {
    throw new ApiError(403, "blocked", "You cannot message this member.");
  }

  const limit: Limit = { key: `message:member:${me.id}`, ...SEND_LIMIT };
  await takeAttempt(db, limit);

  const cost = messageCost(site.settings, me.country);
  const now = Date.now();
  const charge: ledger.LedgerEntry = { memberId: me.id, amount: cost, reason: "message", key: `message:${me.id}:${body.key}` };
  // One batch, one transaction: the charge only if the balance covers it, the message only if
  // the charge was written, then the conversation's newest message. Sent twice, the second
  // batch changes nothing (the ledger's unique key and the (sender, key) pair).
  await runBatch(c.env.DB, [
    ledger.chargeStatement(db, charge, now),
    ...sendStatements(
      db,
      { conversation: body.conversation, senderId: me.id, text, key: body.key, paidBy: ledger.entryWithKey(db, charge.key) },
      now,
    ),
  ]);

  const sent = await db
    .selectFrom("messages")
    .selectAll()
    .where("sender_id", "=", me.id)
    .where("send_key", "=", body.key)
    .executeTakeFirst();
  const balance = await ledger.balance(db, me.id);
  if (!sent) {
    throw new ApiError(402, "insufficient_credits", "Not enough credits for this message.", { balance, cost });
  }
  // The same key sent to another conversation at the same moment won the race there.
  if (sent.conversation_id !== body.conversation) throw new ApiError(409, "key_used", "This key sent another message.");
  await notifyInboxes(c, [me.id, membership.other_id], { type: "message", conversation: body.conversation, id: sent.id });
  await enqueuePush(c, { kind: "message", recipient: membership.other_id, actor: me.id, conversation: body.conversation });
  return c.json({ message: toMessage(sent, me.id), balance, cost }, 201);
}

export const chat = new Hono<ApiContext>()
  .get("/live.php", async (c) => {
    const me = requireMember(c);
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
      throw new ApiError(426, "upgrade_required", "Open this as a WebSocket.");
    }
    // Browsers send Origin with every WebSocket handshake: only this site's pages may listen.
    const origin = c.req.header("origin");
    if (!origin || hostOfOrigin(origin) !== (c.req.header("x-original-host") ?? c.req.header("host"))) {
      throw new ApiError(403, "cross_site", "Cross-site requests are refused.");
    }
    return inboxOf(c.env, me.id).fetch(c.req.raw);
  })
  .get("/chats.php", async (c) => {
    const me = requireMember(c);
    const { db } = c.var;
    const chats = await listConversations(db, me.id, CHATS_LIMIT);
    c.header("cache-control", "no-store");
    return c.json({ chats });
  })
  .get("/chat.php", startChat)
  .delete("/chat.php", async (c) => {
    const me = requireMember(c);
    const { conversation } = await readBody(c, ConversationBodySchema);
    await requireMembership(c, me.id, conversation);
    const { db } = c.var;
    await db
      .updateTable("conversation_members")
      .set({
        hidden: 1,
        cleared_until_id: newestMessageId(conversation),
        last_read_id: sql`max(last_read_id, ${newestMessageId(conversation)})`,
      })
      .where("member_id", "=", me.id)
      .where("conversation_id", "=", conversation)
      .execute();
    return c.json({ deleted: true as const });
  })
  .get("/messages.php", async (c) => {
    const me = requireMember(c);
    const id = IdSchema.safeParse(c.req.query("conversation"));
    if (!id.success)
      throw new ApiError(422, "invalid_input", "Give the conversation's id.", { fields: { conversation: "invalid" } });
    const before = c.req.query("before");
    const beforeId = before === undefined ? null : IdSchema.safeParse(before);
    if (beforeId && !beforeId.success)
      throw new ApiError(422, "invalid_input", "before must be a message id.", { fields: { before: "invalid" } });
    const membership = await requireMembership(c, me.id, id.data);
    const { db, site } = c.var;
    let query = db
      .selectFrom("messages")
      .selectAll()
      .where("conversation_id", "=", id.data)
      .where("id", ">", membership.cleared_until_id)
      .orderBy("id", "desc")
      .limit(MESSAGES_PAGE + 1);
    if (beforeId?.success) query = query.where("id", "<", beforeId.data);
    const [rows, profile, balance, blocked] = await Promise.all([
      query.execute(),
      chatProfile(db, me.id, membership.other_id),
      ledger.balance(db, me.id),
      blockedBetween(db, me.id, membership.other_id),
    ]);
    c.header("cache-control", "no-store");
    return c.json({
      conversation: { id: id.data, profile },
      messages: rows
        .slice(0, MESSAGES_PAGE)
        .reverse()
        .map((row) => toMessage(row, me.id)),
      has_more: rows.length > MESSAGES_PAGE,
      balance,
      cost: messageCost(site.settings, me.country),
      blocked,
    });
  })
  .post("/messages.php", async (c) => {
    if (c.req.query("read") === undefined) return sendMessage(c);
    const me = requireMember(c);
    const { conversation } = await readBody(c, ConversationBodySchema);
    await requireMembership(c, me.id, conversation);
    const newest = newestMessageId(conversation);
    const changed = await c.var.db
      .updateTable("conversation_members")
      .set({ last_read_id: newest })
      .where("member_id", "=", me.id)
      .where("conversation_id", "=", conversation)
      .where("last_read_id", "<", newest)
      .executeTakeFirst();
    // Only news is news: the member's other pages hear of it, and a page that reloads on
    // events cannot set off another event by reading again.
    if (Number(changed.numUpdatedRows) > 0) await notifyInboxes(c, [me.id], { type: "read", conversation });
    return c.json({ unread: 0 as const });
  });
