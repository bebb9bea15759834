/**
 * What decides whether a message in a conversation is checked for contact details (issue 30,
 * ADR 053): whether the other side is an entertainment profile, and whether it has written in
 * the conversation yet (one look-up by the conversation's index).
 */
import type { Db } from "./client";

export interface ContactCheckFacts {
  withEntertainmentProfile: boolean;
  otherHasWritten: boolean;
}

export async function contactCheckFacts(db: Db, conversation: number, otherId: number): Promise<ContactCheckFacts> {
  const row = await db
    .selectFrom("members as o")
    .select((eb) => [
      "o.is_fictional",
      eb
        .exists(
          eb
            .selectFrom("messages")
            .select("messages.id")
            .where("messages.conversation_id", "=", conversation)
            .where("messages.sender_id", "=", otherId),
        )
        .as("answered"),
    ])
    .where("o.id", "=", otherId)
    .executeTakeFirst();
  return { withEntertainmentProfile: row?.is_fictional === 1, otherHasWritten: Boolean(row?.answered) };
}
