/**
 * Chat (issue 6):
 *
 * - GET /api/chats.php (docs/product.md §7): the member's conversations, newest first.
 * - GET /api/chat.php?profile= (docs/product.md §7): starts or reopens the conversation with a profile; { id }.
 * - DELETE /api/chat.php { conversation } (docs/product.md §7): removes it from the member's list (and its
 *   messages so far from their view); the other member keeps theirs. Idempotent.
 * - GET /api/messages.php?conversation=&before= (designed): a page of messages, oldest first.
 * - POST /api/messages.php { conversation, text, key } (designed): sends a text message and
 *   charges it, in one D1 batch, idempotent by the sender's key. Contact details in a first
 *   message are refused first (422 contact_details_refused, ADR 053); a message with a word of the
 *   site's offensive list goes only with confirm: true (else 422 message_needs_confirm) and is
 *   stored as nudged (ADR 057); a message that would start a conversation beyond the member's new
 *   conversations of the day is 429 new_conversations_limit (ADR 056). All before anything is
 *   charged or stored.
 * - POST /api/messages.php?read=1 { conversation } (designed): everything in it is seen.
 * - POST /api/typing.php { conversation } (designed, issue 27): the member types: the other
 *   member's open pages hear it (nothing is stored; the page sends it at most every few seconds).
 * - GET /api/live.php (designed): a WebSocket to the member's inbox (durable-objects/inbox.ts).
 *
 * Every call is scoped to the session's member: a conversation that is not theirs answers 404,
 * exactly like one that does not exist.
 */
import { Hono, type Context } from "hono";
import {
  ConversationBodySchema,
  MessagesQuerySchema,
  SendMessageBodySchema,
  StartChatQuerySchema,
} from "../../../contract/requests/chat";
import { messageCost } from "../../../contract/rules/message-cost";
import {
  ChatDeletedSchema,
  ChatStartSchema,
  ChatsAnswerSchema,
  MessageSentSchema,
  MessagesAnswerSchema,
  MessagesReadSchema,
  TypingAnswerSchema,
} from "../../../contract/schemas";
import type { ApiContext } from "../context";
import { chatProfile, findMembership, listConversations, toMessage } from "../db/chat";
import { blockedBetween } from "../db/blocks";
import { hideConversation, markConversationRead, openConversation } from "../db/conversations";
import { findMessageByKey, messagesNewestFirst } from "../db/messages";
import { findShownMember, memberStatus } from "../db/profile-lookups";
import * as ledger from "../domain/ledger";
import { sendPaidMessage } from "../domain/messages";
import { contactDetailsRefusedIn, refuseContactDetails } from "../domain/first-messages";
import { giveBackNewConversation, settleNewConversation, takeNewConversation } from "../domain/trust-limits";
import { nudgeOrRefuse, nudgeWordsFor } from "../domain/nudges";
import { ApiError } from "../lib/errors";
import { type Limit, takeAttempt } from "../lib/rate-limit";
import { answer } from "../lib/answer";
import { readBody, readQuery } from "../lib/request";
import { invalidInput } from "../lib/validate";
import { requireSocketFromThisSite } from "../lib/live-socket";
import { requireMember } from "../lib/member";
import { inboxOf, notifyHostDesk, notifyInboxes } from "../durable-objects/inbox";
import { findQueueRow } from "../db/host-queue";
import { enqueuePush } from "../domain/push";

/** Messages per page of history. */
export const MESSAGES_PAGE = 30;
const CHATS_LIMIT = 200;
/** A burst of sends: this many a minute per member, then 429. */
const SEND_LIMIT = { max: 20, windowMs: 60 * 1000 };

const conversationNotFound = () => new ApiError(404, "conversation_not_found", "No such conversation.");

async function requireMembership(c: Context<ApiContext>, memberId: number, id: number) {
  const membership = await findMembership(c.var.db, memberId, id);
  if (!membership) throw conversationNotFound();
  return membership;
}

async function startChat(c: Context<ApiContext>) {
  const me = requireMember(c);
  const { profile: profileId } = readQuery(c, StartChatQuerySchema, "Give the profile's id.");
  if (profileId === me.id)
    throw new ApiError(422, "own_profile", "You cannot chat with yourself.", { fields: { profile: "own_profile" } });
  const { db, site } = c.var;
  const profile = await findShownMember(db, site.id, profileId);
  if (!profile?.country || !site.settings.countries.includes(profile.country) || (await blockedBetween(db, me.id, profileId))) {
    throw new ApiError(404, "profile_not_found", "No such profile.");
  }
  // Opening it puts it in the member's list (a removed one comes back without its old messages).
  const id = await openConversation(c.env.DB, db, me.id, profileId);
  return answer(c, ChatStartSchema, { id });
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
  const earlier = await findMessageByKey(db, me.id, body.key);
  if (earlier) {
    if (earlier.conversation_id !== body.conversation) throw new ApiError(409, "key_used", "This key sent another message.");
    const balance = await ledger.balance(db, me.id);
    return answer(c, MessageSentSchema, {
      message: toMessage(earlier, me.id),
      balance,
      cost: messageCost(site.settings, me.country),
    });
  }

  const text = body.text.trim();
  if (text === "") throw invalidInput({ text: "required" }, "Write a message first.");
  const otherStatus = await memberStatus(db, membership.other_id);
  if (!otherStatus || otherStatus === "deleted") throw new ApiError(410, "recipient_gone", "This member has left.");
  // A block stops messages both ways (docs/product.md "Trust and safety").
  if (await blockedBetween(db, me.id, membership.other_id)) {
    throw new ApiError(403, "blocked", "You cannot message this member.");
  }

  const limit: Limit = { key: `message:member:${me.id}`, ...SEND_LIMIT };
  await takeAttempt(db, limit);
  // Contact details in a first message (or to an entertainment profile): refused before anything
  // is charged or stored (ADR 053). After the rate limit, so probing the filter is slowed down too.
  await refuseContactDetails(
    db,
    { conversation: body.conversation, otherId: membership.other_id, text, senderLanguage: me.language },
    site.settings,
  );
  // An offensive word: sent only once the member confirmed "Are you sure?", then flagged for the
  // receiver (ADR 057). Refused like the above: nothing charged or stored, the key unused.
  const nudged = nudgeOrRefuse(text, body.confirm === true, nudgeWordsFor(site.settings, me.language));

  // A message that starts a conversation takes a place in the member's day (ADR 056): after the
  // filter (a refused message takes none), before anything is charged or stored.
  const place = await takeNewConversation(
    db,
    { member: me, conversation: body.conversation, otherId: membership.other_id },
    site.settings,
  );

  const cost = messageCost(site.settings, me.country);
  let sent: Awaited<ReturnType<typeof sendPaidMessage>>;
  try {
    sent = await sendPaidMessage(c.env.DB, db, {
      senderId: me.id,
      recipientId: membership.other_id,
      conversation: body.conversation,
      text,
      key: body.key,
      cost,
      nudged,
    });
  } catch (error) {
    await giveBackNewConversation(db, place);
    throw error;
  }
  const balance = await ledger.balance(db, me.id);
  if (!sent) {
    await giveBackNewConversation(db, place);
    throw new ApiError(402, "insufficient_credits", "Not enough credits for this message.", { balance, cost });
  }
  // The same key sent to another conversation at the same moment won the race there.
  if (sent.conversation_id !== body.conversation) {
    await giveBackNewConversation(db, place);
    throw new ApiError(409, "key_used", "This key sent another message.");
  }
  await settleNewConversation(db, place, sent);
  await notifyInboxes(c, [me.id, membership.other_id], { type: "message", conversation: body.conversation, id: sent.id });
  // To an entertainment profile: the open hosts' queues hear that someone waits (ADR 045).
  const waiting = await findQueueRow(db, body.conversation);
  if (waiting) await notifyHostDesk(c, waiting.site_id);
  await enqueuePush(c, { kind: "message", recipient: membership.other_id, actor: me.id, conversation: body.conversation });
  return answer(c, MessageSentSchema, { message: toMessage(sent, me.id), balance, cost }, 201);
}

export const chat = new Hono<ApiContext>()
  .get("/live.php", async (c) => {
    const me = requireMember(c);
    requireSocketFromThisSite(c);
    return inboxOf(c.env, me.id).fetch(c.req.raw);
  })
  .get("/chats.php", async (c) => {
    const me = requireMember(c);
    const { db } = c.var;
    const chats = await listConversations(db, me.id, CHATS_LIMIT);
    c.header("cache-control", "no-store");
    return answer(c, ChatsAnswerSchema, { chats });
  })
  .get("/chat.php", startChat)
  .delete("/chat.php", async (c) => {
    const me = requireMember(c);
    const { conversation } = await readBody(c, ConversationBodySchema);
    await requireMembership(c, me.id, conversation);
    await hideConversation(c.var.db, me.id, conversation);
    return answer(c, ChatDeletedSchema, { deleted: true });
  })
  .get("/messages.php", async (c) => {
    const me = requireMember(c);
    const query = readQuery(c, MessagesQuerySchema, "Give the conversation's id, and before as a message id.");
    const membership = await requireMembership(c, me.id, query.conversation);
    const { db, site } = c.var;
    const [rows, profile, balance, blocked, theirs, firstMessages] = await Promise.all([
      // One more than a page: whether there is more.
      messagesNewestFirst(db, query.conversation, membership.cleared_until_id, query.before ?? null, MESSAGES_PAGE + 1),
      chatProfile(db, me.id, membership.other_id),
      ledger.balance(db, me.id),
      blockedBetween(db, me.id, membership.other_id),
      // How far the other member has read: "Seen" under the member's last message.
      findMembership(db, membership.other_id, query.conversation),
      contactDetailsRefusedIn(db, query.conversation, membership.other_id),
    ]);
    c.header("cache-control", "no-store");
    return answer(c, MessagesAnswerSchema, {
      conversation: { id: query.conversation, profile },
      messages: rows
        .slice(0, MESSAGES_PAGE)
        .reverse()
        .map((row) => toMessage(row, me.id)),
      has_more: rows.length > MESSAGES_PAGE,
      balance,
      cost: messageCost(site.settings, me.country),
      blocked,
      // Nothing of it across a block: a blocked member learns nothing more of the other.
      seen_up_to: blocked ? 0 : (theirs?.last_read_id ?? 0),
      first_messages: firstMessages,
      nudge_words: nudgeWordsFor(site.settings, me.language),
    });
  })
  .post("/typing.php", async (c) => {
    const me = requireMember(c);
    const { conversation } = await readBody(c, ConversationBodySchema);
    const membership = await requireMembership(c, me.id, conversation);
    // A block stops this too: the other side hears nothing of a member they blocked (or who blocked them).
    if (!(await blockedBetween(c.var.db, me.id, membership.other_id))) {
      await notifyInboxes(c, [membership.other_id], { type: "typing", conversation });
    }
    return answer(c, TypingAnswerSchema, { typing: true });
  })
  .post("/messages.php", async (c) => {
    if (c.req.query("read") === undefined) return sendMessage(c);
    const me = requireMember(c);
    const { conversation } = await readBody(c, ConversationBodySchema);
    const membership = await requireMembership(c, me.id, conversation);
    const changed = await markConversationRead(c.var.db, me.id, conversation);
    // Only news is news: the member's other pages hear of it, and the other member's open chat
    // (it shows "Seen"); a page that reloads on events cannot set off another event by reading again.
    if (changed) await notifyInboxes(c, [me.id, membership.other_id], { type: "read", conversation });
    return answer(c, MessagesReadSchema, { unread: 0 });
  });
