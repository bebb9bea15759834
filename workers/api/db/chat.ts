/** Chat queries (issue 6): conversations as one member sees them, messages, unread counts. */
import { verifiedColumn } from "./profiles";
import { sql, type Compilable, type Expression } from "kysely";
import type { ChatListEntry, ChatMessage, ChatProfile } from "../../../contract/schemas";
import { notBlocked } from "./blocks";
import type { Db } from "./client";
import { ageOn } from "./member-row";

/** The id of a conversation's newest message, or 0 (as SQL, for updates in the same statement or batch). */
export const newestMessageId = (conversation: number) =>
  sql<number>`coalesce((select last_message_id from conversations where id = ${conversation}), 0)`;

interface Send {
  conversation: number;
  senderId: number;
  /** Trimmed, not empty. */
  text: string;
  /** The page's key: the same key again writes nothing (the (sender, key) pair is unique). */
  key: string;
  /** A subquery that finds a row once the message is paid for: no row, no message. */
  paidBy: Expression<unknown>;
  /** Sent after "Are you sure?" (a word of the offensive list; ADR 057). */
  nudged?: boolean;
}

/**
 * A message as statements for the caller's batch (after its charge): the message, written only
 * if `paidBy` finds its payment; the conversation's newest message; the sender has seen it all.
 */
export function sendStatements(db: Db, send: Send, now = Date.now()): Compilable[] {
  return [
    db
      .insertInto("messages")
      .columns(["conversation_id", "sender_id", "body", "created_at", "send_key", "nudged"])
      .expression(
        db
          .selectNoFrom((eb) => [
            eb.val(send.conversation).as("conversation_id"),
            eb.val(send.senderId).as("sender_id"),
            eb.val(send.text).as("body"),
            eb.val(now).as("created_at"),
            eb.val(send.key).as("send_key"),
            eb.val(send.nudged ? 1 : 0).as("nudged"),
          ])
          .where((eb) => eb.exists(send.paidBy)),
      )
      .onConflict((oc) => oc.columns(["sender_id", "send_key"]).doNothing()),
    db
      .updateTable("conversations")
      .set((eb) => ({
        last_message_id: eb
          .selectFrom("messages")
          .select((inner) => inner.fn.max("id").as("m"))
          .where("conversation_id", "=", send.conversation),
      }))
      .where("id", "=", send.conversation),
    db
      .updateTable("conversation_members")
      .set({ last_read_id: sql`max(last_read_id, ${newestMessageId(send.conversation)})` })
      .where("member_id", "=", send.senderId)
      .where("conversation_id", "=", send.conversation),
  ];
}

/** A conversation of `memberId` (their own view of it), or undefined: another member's id looks the same as none. */
export function findMembership(db: Db, memberId: number, conversationId: number) {
  return db
    .selectFrom("conversation_members")
    .selectAll()
    .where("member_id", "=", memberId)
    .where("conversation_id", "=", conversationId)
    .executeTakeFirst();
}

/** The columns of the other member a chat shows, under these names (see profileColumns). */
interface ChatProfileRow {
  id: number;
  name: string;
  date_of_birth: string | null;
  city: string | null;
  country: string | null;
  countryregion: number | null;
  language: string;
  gender: "male" | "female" | null;
  is_fictional: number;
  status: "active" | "not_confirmed" | "deleted";
  filename: string | null;
  liked_by_viewer: number | null;
  verified: number;
}

/** The other member's card in a conversation: members as o, their main image as oi, the viewer's like as ol. */
const OTHER_MEMBER_COLUMNS = [
  "o.id",
  "o.name",
  "o.date_of_birth",
  "o.city",
  "o.country",
  "o.countryregion",
  "o.language",
  "o.gender",
  "o.is_fictional",
  "o.status",
  "oi.filename",
  "ol.member_id as liked_by_viewer",
  verifiedColumn("o"),
] as const;

/** The other member as a chat shows them: a card, or a deleted member with nothing personal. */
function toChatProfile(row: ChatProfileRow, now: Date): ChatProfile {
  const deleted = row.status === "deleted";
  return {
    id: row.id,
    name: deleted ? "" : row.name,
    age: deleted ? null : ageOn(row.date_of_birth, now),
    city: deleted ? null : row.city,
    country: deleted ? null : row.country,
    countryregion: deleted ? null : row.countryregion,
    language: row.language,
    gender: deleted ? null : row.gender,
    main_image: !deleted && row.filename ? { thumb_filename: row.filename } : null,
    fictional: row.is_fictional === 1,
    liked: row.liked_by_viewer !== null,
    verified: !deleted && Number(row.verified) === 1,
    deleted,
  };
}

export async function chatProfile(db: Db, viewer: number, otherId: number, now = new Date()): Promise<ChatProfile> {
  const row = await db
    .selectFrom("members as o")
    .leftJoin("images as oi", "oi.id", "o.main_image_id")
    .leftJoin("likes as ol", (join) => join.onRef("ol.profile_id", "=", "o.id").on("ol.member_id", "=", viewer))
    .select(OTHER_MEMBER_COLUMNS)
    .where("o.id", "=", otherId)
    .executeTakeFirstOrThrow();
  return toChatProfile(row, now);
}

/** The other members of many conversations at once (one query, not one per conversation), by id. */
export async function chatProfiles(
  db: Db,
  viewer: number,
  otherIds: number[],
  now = new Date(),
): Promise<Map<number, ChatProfile>> {
  if (otherIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("members as o")
    .leftJoin("images as oi", "oi.id", "o.main_image_id")
    .leftJoin("likes as ol", (join) => join.onRef("ol.profile_id", "=", "o.id").on("ol.member_id", "=", viewer))
    .select(OTHER_MEMBER_COLUMNS)
    .where("o.id", "in", [...new Set(otherIds)])
    .execute();
  return new Map(rows.map((row) => [row.id, toChatProfile(row, now)]));
}

export function toMessage(
  row: { id: number; conversation_id: number; sender_id: number; body: string; created_at: number; nudged?: number },
  viewer: number,
): ChatMessage {
  return {
    id: row.id,
    conversation: row.conversation_id,
    mine: row.sender_id === viewer,
    text: row.body,
    created_at: row.created_at,
    nudged: row.nudged === 1,
  };
}

/** Messages from others the member has not seen, over all the conversations in their list. */
export async function unreadMessages(db: Db, memberId: number): Promise<number> {
  const row = await unreadMessagesQuery(db, memberId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The count of unreadMessages as a query, for callers that fold it into one of their own (the user answer). */
export function unreadMessagesQuery(db: Db, memberId: number) {
  return db
    .selectFrom("conversation_members as cm")
    .innerJoin("messages as msg", (join) =>
      join
        .onRef("msg.conversation_id", "=", "cm.conversation_id")
        .onRef("msg.id", ">", "cm.last_read_id")
        .onRef("msg.sender_id", "=", "cm.other_id"),
    )
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("cm.member_id", "=", memberId)
    .where(notBlocked(memberId, "cm.other_id"))
    .whereRef("msg.id", ">", "cm.cleared_until_id");
}

/**
 * The member's conversations, newest message first (those without messages by when they
 * began), each with the other member's card, in one query: the badge polls this list.
 */
export async function listConversations(db: Db, memberId: number, limit: number, now = new Date()): Promise<ChatListEntry[]> {
  const rows = await db
    .selectFrom("conversation_members as cm")
    .innerJoin("conversations as c", "c.id", "cm.conversation_id")
    .leftJoin("messages as last", "last.id", "c.last_message_id")
    .innerJoin("members as o", "o.id", "cm.other_id")
    .leftJoin("images as oi", "oi.id", "o.main_image_id")
    .leftJoin("likes as ol", (join) => join.onRef("ol.profile_id", "=", "o.id").on("ol.member_id", "=", memberId))
    .select([
      "c.id as conversation_id",
      "c.last_message_id",
      "last.body as last_body",
      "last.created_at as last_created_at",
      "last.sender_id as last_sender_id",
      "cm.cleared_until_id",
      ...OTHER_MEMBER_COLUMNS,
      (eb) =>
        eb
          .selectFrom("messages as u")
          .select((inner) => inner.fn.countAll<number>().as("n"))
          .whereRef("u.conversation_id", "=", "cm.conversation_id")
          .whereRef("u.id", ">", "cm.last_read_id")
          .whereRef("u.sender_id", "=", "cm.other_id")
          .as("unread"),
    ])
    .where("cm.member_id", "=", memberId)
    .where(notBlocked(memberId, "cm.other_id"))
    .where((eb) => eb.or([eb("cm.hidden", "=", 0), eb("c.last_message_id", ">", eb.ref("cm.cleared_until_id"))]))
    .orderBy(sql`coalesce(last.created_at, c.created_at)`, "desc")
    .orderBy("c.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    conversation: { id: row.conversation_id },
    profile: toChatProfile(row, now),
    num_unread_messages: Number(row.unread ?? 0),
    last_message:
      row.last_body === null || row.last_created_at === null || (row.last_message_id ?? 0) <= row.cleared_until_id
        ? null
        : { text: row.last_body, created_at: row.last_created_at, mine: row.last_sender_id === memberId },
  }));
}
