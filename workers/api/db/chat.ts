/** Chat queries (issue 6): conversations as one member sees them, messages, unread counts. */
import { sql } from "kysely";
import type { ChatMessage, ChatProfile } from "../../../app/lib/api/schemas";
import type { Db } from "./client";
import { ageOn } from "./members";

/** A conversation of `memberId` (their own view of it), or undefined: another member's id looks the same as none. */
export function findMembership(db: Db, memberId: number, conversationId: number) {
  return db
    .selectFrom("conversation_members")
    .selectAll()
    .where("member_id", "=", memberId)
    .where("conversation_id", "=", conversationId)
    .executeTakeFirst();
}

/** The other member as a chat shows them: a card, or a deleted member with nothing personal. */
export async function chatProfile(db: Db, viewer: number, otherId: number, now = new Date()): Promise<ChatProfile> {
  const row = await db
    .selectFrom("members as m")
    .leftJoin("images as i", "i.id", "m.main_image_id")
    .leftJoin("likes as l", (join) => join.onRef("l.profile_id", "=", "m.id").on("l.member_id", "=", viewer))
    .select([
      "m.id", "m.name", "m.date_of_birth", "m.city", "m.country", "m.countryregion", "m.language", "m.gender",
      "m.is_fictional", "m.status", "i.filename", "l.member_id as liked_by_viewer",
    ])
    .where("m.id", "=", otherId)
    .executeTakeFirstOrThrow();
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
    deleted,
  };
}

export function toMessage(row: { id: number; conversation_id: number; sender_id: number; body: string; created_at: number }, viewer: number): ChatMessage {
  return { id: row.id, conversation: row.conversation_id, mine: row.sender_id === viewer, text: row.body, created_at: row.created_at };
}

/** Messages from others the member has not seen, over all the conversations in their list. */
export async function unreadMessages(db: Db, memberId: number): Promise<number> {
  const row = await db
    .selectFrom("conversation_members as cm")
    .innerJoin("messages as msg", (join) =>
      join
        .onRef("msg.conversation_id", "=", "cm.conversation_id")
        .onRef("msg.id", ">", "cm.last_read_id")
        .onRef("msg.sender_id", "=", "cm.other_id"),
    )
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("cm.member_id", "=", memberId)
    .whereRef("msg.id", ">", "cm.cleared_until_id")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The member's conversations, newest message first (those without messages by when they began). */
export function listConversations(db: Db, memberId: number, limit: number) {
  return db
    .selectFrom("conversation_members as cm")
    .innerJoin("conversations as c", "c.id", "cm.conversation_id")
    .leftJoin("messages as last", "last.id", "c.last_message_id")
    .select([
      "c.id",
      "c.last_message_id",
      "cm.other_id",
      "last.body as last_body",
      "last.created_at as last_created_at",
      "last.sender_id as last_sender_id",
      "cm.cleared_until_id",
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
    .where((eb) => eb.or([eb("cm.hidden", "=", 0), eb("c.last_message_id", ">", eb.ref("cm.cleared_until_id"))]))
    .orderBy(sql`coalesce(last.created_at, c.created_at)`, "desc")
    .orderBy("c.id", "desc")
    .limit(limit)
    .execute();
}
