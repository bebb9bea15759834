/** Chat messages (issue 6): one by its send key, a page of a conversation, the newest per conversation. */
import type { Db } from "./client";

/** The message the member sent with this key (the page's idempotency key), in any conversation. */
export function findMessageByKey(db: Db, senderId: number, key: string) {
  return db.selectFrom("messages").selectAll().where("sender_id", "=", senderId).where("send_key", "=", key).executeTakeFirst();
}

/**
 * Up to `limit` messages of a conversation after the member's `clearedUntilId` (and before
 * `beforeId` when given), newest first.
 */
export function messagesNewestFirst(
  db: Db,
  conversation: number,
  clearedUntilId: number,
  beforeId: number | null,
  limit: number,
) {
  let query = db
    .selectFrom("messages")
    .selectAll()
    .where("conversation_id", "=", conversation)
    .where("id", ">", clearedUntilId)
    .orderBy("id", "desc")
    .limit(limit);
  if (beforeId !== null) query = query.where("id", "<", beforeId);
  return query.execute();
}

/** Whether the message is one of the conversation's. */
export async function messageInConversation(db: Db, messageId: number, conversation: number): Promise<boolean> {
  const row = await db
    .selectFrom("messages")
    .select("id")
    .where("id", "=", messageId)
    .where("conversation_id", "=", conversation)
    .executeTakeFirst();
  return row !== undefined;
}

/** Per conversation in the member's list, the newest message the other member sent (newest first). */
export function newestMessagesFromOthers(db: Db, memberId: number, limit: number) {
  return db
    .selectFrom("conversation_members as cm")
    .innerJoin("messages as m", (join) =>
      join
        .onRef("m.conversation_id", "=", "cm.conversation_id")
        .onRef("m.sender_id", "=", "cm.other_id")
        .onRef("m.id", ">", "cm.cleared_until_id"),
    )
    .select([
      "cm.conversation_id",
      "cm.other_id",
      "cm.last_read_id",
      (eb) => eb.fn.max("m.id").as("message_id"),
      (eb) => eb.fn.max("m.created_at").as("created_at"),
    ])
    .where("cm.member_id", "=", memberId)
    .groupBy(["cm.conversation_id", "cm.other_id", "cm.last_read_id"])
    .orderBy("message_id", "desc")
    .limit(limit)
    .execute();
}
