/**
 * What a host reads and writes in a conversation (migration 0027, ADR 045): which side is the
 * entertainment profile, the messages, the notes (persona and member), and the reply's statements.
 */
import { type Compilable, sql } from "kysely";
import type { Db } from "./client";

/**
 * A conversation between a member and an entertainment profile, with the member's site and
 * language (the host's scope); undefined when it does not exist or has no fictional side.
 */
export async function findHostConversation(db: Db, conversation: number) {
  const row = await db
    .selectFrom("conversations as c")
    .innerJoin("members as lo", "lo.id", "c.member_low")
    .innerJoin("members as hi", "hi.id", "c.member_high")
    .select([
      "c.id",
      sql<number>`case when lo.is_fictional = 1 then hi.id else lo.id end`.as("member_id"),
      sql<number>`case when lo.is_fictional = 1 then lo.id else hi.id end`.as("profile_id"),
      sql<number>`case when lo.is_fictional = 1 then hi.site_id else lo.site_id end`.as("site_id"),
      sql<string>`case when lo.is_fictional = 1 then hi.language else lo.language end`.as("language"),
    ])
    .where("c.id", "=", conversation)
    .where(sql<boolean>`lo.is_fictional + hi.is_fictional = 1`)
    .executeTakeFirst();
  return row;
}

/** The conversation's last `limit` messages, newest first. */
export function lastMessages(db: Db, conversation: number, limit: number) {
  return db
    .selectFrom("messages")
    .select(["id", "sender_id", "body", "created_at"])
    .where("conversation_id", "=", conversation)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** The persona's notes, with the name of the host who wrote them last. */
export function findPersonaNotes(db: Db, profileId: number) {
  return db
    .selectFrom("persona_notes as n")
    .leftJoin("staff as s", "s.id", "n.updated_by")
    .select(["n.body", "n.version", "n.updated_at", "s.name as updated_by"])
    .where("n.profile_id", "=", profileId)
    .executeTakeFirst();
}

/** The notes about a member in their conversation with a profile. */
export function findMemberNotes(db: Db, profileId: number, memberId: number) {
  return db
    .selectFrom("member_notes as n")
    .leftJoin("staff as s", "s.id", "n.updated_by")
    .select(["n.body", "n.version", "n.updated_at", "s.name as updated_by"])
    .where("n.profile_id", "=", profileId)
    .where("n.member_id", "=", memberId)
    .executeTakeFirst();
}

interface NotesSave {
  profileId: number;
  /** null: the persona's notes; else the notes about this member. */
  memberId: number | null;
  body: string;
  /** The version the host edited (0: there were none); the save is kept only if it is still the stored one. */
  seenVersion: number;
  staffId: number;
  now: number;
}

/**
 * Stores the notes as version seenVersion + 1, only over version seenVersion (one guarded
 * statement: of two hosts saving over the same version, one wins and the other is told). Version
 * 0 writes the first notes only when there are none; any other version must be the stored one, so
 * notes that are gone (the member was erased) are not written back from a page still open.
 * Whether this save was kept.
 */
export async function saveNotes(db: Db, save: NotesSave): Promise<boolean> {
  const values = { body: save.body, version: save.seenVersion + 1, updated_by: save.staffId, updated_at: save.now };
  if (save.seenVersion > 0) {
    const result =
      save.memberId === null
        ? await db
            .updateTable("persona_notes")
            .set(values)
            .where("profile_id", "=", save.profileId)
            .where("version", "=", save.seenVersion)
            .executeTakeFirst()
        : await db
            .updateTable("member_notes")
            .set(values)
            .where("profile_id", "=", save.profileId)
            .where("member_id", "=", save.memberId)
            .where("version", "=", save.seenVersion)
            .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
  const result =
    save.memberId === null
      ? await db
          .insertInto("persona_notes")
          .values({ profile_id: save.profileId, ...values })
          .onConflict((oc) => oc.column("profile_id").doNothing())
          .executeTakeFirst()
      : await db
          .insertInto("member_notes")
          .values({ profile_id: save.profileId, member_id: save.memberId, ...values })
          .onConflict((oc) => oc.columns(["profile_id", "member_id"]).doNothing())
          .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

interface ReplyRecord {
  conversation: number;
  profileId: number;
  memberId: number;
  staffId: number;
  key: string;
  now: number;
}

/** The reply (by the profile's key) exists and was written now: the guard of the reply's records. */
function replyWrittenNow(db: Db, reply: ReplyRecord) {
  return db
    .selectFrom("messages")
    .select("id")
    .where("sender_id", "=", reply.profileId)
    .where("send_key", "=", reply.key)
    .where("created_at", "=", reply.now);
}

/** The host holds the conversation's queue row: the guard of the reply itself. */
export function heldBy(db: Db, conversation: number, staffId: number) {
  return db
    .selectFrom("host_queue")
    .select("conversation_id")
    .where("conversation_id", "=", conversation)
    .where("leased_by", "=", staffId);
}

/**
 * After the reply's message statements (db/chat.ts sendStatements, guarded by heldBy), in the
 * same batch: who wrote it and how long the member waited (host_replies), the audit line, and
 * the conversation leaves the queue. Each runs only if the reply was written by this batch while
 * the host held the row, so a retried or raced reply records nothing twice.
 */
export function replyRecordStatements(db: Db, reply: ReplyRecord): Compilable[] {
  return [
    db
      .insertInto("host_replies")
      .columns(["message_id", "staff_id", "conversation_id", "profile_id", "site_id", "language", "waited_ms", "created_at"])
      .expression(
        db
          .selectFrom("host_queue as q")
          .innerJoin("messages as msg", (join) =>
            join
              .on("msg.sender_id", "=", reply.profileId)
              .on("msg.send_key", "=", reply.key)
              .on("msg.created_at", "=", reply.now),
          )
          .select((eb) => [
            "msg.id",
            eb.val(reply.staffId).as("staff_id"),
            "q.conversation_id",
            "q.profile_id",
            "q.site_id",
            "q.language",
            sql<number>`${reply.now} - q.waiting_since`.as("waited_ms"),
            eb.val(reply.now).as("created_at"),
          ])
          .where("q.conversation_id", "=", reply.conversation)
          .where("q.leased_by", "=", reply.staffId),
      )
      .onConflict((oc) => oc.column("message_id").doNothing()),
    db
      .insertInto("staff_audit")
      .columns(["site_id", "staff_id", "action", "member_id", "detail", "created_at"])
      .expression(
        db
          .selectFrom("host_queue as q")
          .innerJoin("messages as msg", (join) =>
            join
              .on("msg.sender_id", "=", reply.profileId)
              .on("msg.send_key", "=", reply.key)
              .on("msg.created_at", "=", reply.now),
          )
          .select((eb) => [
            "q.site_id",
            eb.val(reply.staffId).as("staff_id"),
            eb.val("host_reply").as("action"),
            "q.member_id",
            sql<string>`json_object('conversation', q.conversation_id, 'message', msg.id, 'profile', q.profile_id)`.as("detail"),
            eb.val(reply.now).as("created_at"),
          ])
          .where("q.conversation_id", "=", reply.conversation)
          .where("q.leased_by", "=", reply.staffId),
      ),
    db
      .deleteFrom("host_queue")
      .where("conversation_id", "=", reply.conversation)
      .where("leased_by", "=", reply.staffId)
      .where((eb) => eb.exists(replyWrittenNow(db, reply))),
  ];
}

/** A member row by id, whatever their site or status (the two sides of a host's conversation). */
export function findMemberRow(db: Db, id: number) {
  return db.selectFrom("members").selectAll().where("id", "=", id).executeTakeFirst();
}
