/**
 * A host's reply as an entertainment profile (issue 27, ADR 045). One D1 batch: the message, as
 * the profile's, only while the host holds the conversation's queue row; who wrote it and how long
 * the member waited; the audit line; and the conversation leaves the queue. Free for the member
 * (no ledger entry). A retry with the same key finds the message it made; two hosts (or two keys)
 * racing write one reply, because the first batch deletes the row the second one needs.
 */
import { sendStatements } from "../db/chat";
import { type Db, runBatch } from "../db/client";
import { heldBy, replyRecordStatements } from "../db/host-conversations";
import { findMessageByKey } from "../db/messages";

export interface HostReply {
  conversation: number;
  profileId: number;
  memberId: number;
  staffId: number;
  /** Trimmed, not empty, checked by contract/rules/host-reply.ts. */
  text: string;
  key: string;
}

/** Writes the reply and answers it; undefined when the host no longer held the conversation. */
export async function sendHostReply(d1: D1Database, db: Db, reply: HostReply, now = Date.now()) {
  await runBatch(d1, [
    ...sendStatements(
      db,
      {
        conversation: reply.conversation,
        senderId: reply.profileId,
        text: reply.text,
        key: reply.key,
        paidBy: heldBy(db, reply.conversation, reply.staffId),
      },
      now,
    ),
    ...replyRecordStatements(db, { ...reply, now }),
  ]);
  const message = await findMessageByKey(db, reply.profileId, reply.key);
  return message?.conversation_id === reply.conversation ? message : undefined;
}
