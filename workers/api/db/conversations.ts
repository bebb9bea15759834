/**
 * A member's view of a conversation (conversation_members, issue 6): opening it, removing it
 * from their list, reading it. Each guarded write stays one statement or one batch, so two
 * requests at once cannot leave half a conversation.
 */
import { sql } from "kysely";
import { newestMessageId } from "./chat";
import { type Db, runBatch } from "./client";

/**
 * Starts the conversation of two members, or reopens it, and answers its id. A removed one comes
 * back in the member's list without its old messages; the other member's list shows it only from
 * the first message on, so looking at a profile's chat puts nothing in that member's list.
 */
export async function openConversation(d1: D1Database, db: Db, memberId: number, otherId: number, now = Date.now()) {
  const [low, high] = memberId < otherId ? [memberId, otherId] : [otherId, memberId];
  // Both statements are no-ops when the conversation (or this member's view of it) exists.
  await runBatch(d1, [
    db
      .insertInto("conversations")
      .values({ member_low: low, member_high: high, created_at: now, last_message_id: null })
      .onConflict((oc) => oc.columns(["member_low", "member_high"]).doNothing()),
    ...[
      { member: memberId, other: otherId, hidden: 0 },
      { member: otherId, other: memberId, hidden: 1 },
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
  await db
    .updateTable("conversation_members")
    .set({ hidden: 0 })
    .where("member_id", "=", memberId)
    .where("conversation_id", "=", conversation.id)
    .where("hidden", "=", 1)
    .execute();
  return conversation.id;
}

/** Takes the conversation out of the member's list, with its messages so far; the other member keeps theirs. */
export async function hideConversation(db: Db, memberId: number, conversation: number): Promise<void> {
  await db
    .updateTable("conversation_members")
    .set({
      hidden: 1,
      cleared_until_id: newestMessageId(conversation),
      last_read_id: sql`max(last_read_id, ${newestMessageId(conversation)})`,
    })
    .where("member_id", "=", memberId)
    .where("conversation_id", "=", conversation)
    .execute();
}

/** Marks everything in the conversation seen by the member; true when something was unseen. */
export async function markConversationRead(db: Db, memberId: number, conversation: number): Promise<boolean> {
  const newest = newestMessageId(conversation);
  const changed = await db
    .updateTable("conversation_members")
    .set({ last_read_id: newest })
    .where("member_id", "=", memberId)
    .where("conversation_id", "=", conversation)
    .where("last_read_id", "<", newest)
    .executeTakeFirst();
  return Number(changed.numUpdatedRows) > 0;
}
