/**
 * What the limits that scale with trust read (issue 30 point 3, ADR 056): whether a message would
 * start a conversation, and how many reports against a member staff upheld.
 */
import type { Db } from "./client";

export interface NewConversationFacts {
  /** The other side is an entertainment profile (paid chat: never limited). */
  withEntertainmentProfile: boolean;
  /** Anything was ever written in the conversation, by either side (also what a member removed from their view). */
  hasMessages: boolean;
}

export async function newConversationFacts(db: Db, conversation: number, otherId: number): Promise<NewConversationFacts> {
  const row = await db
    .selectFrom("members as o")
    .select((eb) => [
      "o.is_fictional",
      eb
        .exists(eb.selectFrom("messages").select("messages.id").where("messages.conversation_id", "=", conversation))
        .as("written"),
    ])
    .where("o.id", "=", otherId)
    .executeTakeFirst();
  return { withEntertainmentProfile: row?.is_fictional === 1, hasMessages: Boolean(row?.written) };
}

/**
 * Reports and notices against the member that staff upheld: cases with a decision against the
 * member (photo removed, warning, ban; ADR 029), each case once, unless an appeal reversed it.
 * The decisions that decide appeals (appeal_id set) repeat or undo one of these and are not counted.
 */
export async function countUpheldReports(db: Db, memberId: number): Promise<number> {
  const row = await db
    .selectFrom("moderation_decisions as d")
    .innerJoin("moderation_cases as mc", "mc.id", "d.case_id")
    .select((eb) => eb.fn.count<number>("mc.id").distinct().as("n"))
    .where("d.member_id", "=", memberId)
    .where("d.appeal_id", "is", null)
    .where("d.action", "in", ["remove_photo", "warn", "ban"])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("appeals as a").select("a.id").whereRef("a.decision_id", "=", "d.id").where("a.state", "=", "reversed"),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Whether anything was written in the conversation before this message (two first messages sent at once). */
export async function writtenBefore(db: Db, conversation: number, messageId: number): Promise<boolean> {
  const row = await db
    .selectFrom("messages")
    .select("id")
    .where("conversation_id", "=", conversation)
    .where("id", "<", messageId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
