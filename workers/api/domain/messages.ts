/**
 * Sending a chat message that costs credits (issue 6; the ledger: docs/architecture.md §7).
 */
import { findMessageByKey } from "../db/messages";
import { sendStatements } from "../db/chat";
import { type Db, runBatch } from "../db/client";
import { waitingStatement } from "../db/host-queue";
import * as ledger from "./ledger";

export interface PaidMessage {
  senderId: number;
  /** The other member: when it is an entertainment profile, the conversation joins the hosts' queue (ADR 045). */
  recipientId: number;
  conversation: number;
  /** Trimmed, not empty. */
  text: string;
  /** The page's key: the same key again writes nothing and charges nothing. */
  key: string;
  cost: number;
  /** Sent after "Are you sure?" (ADR 057). */
  nudged?: boolean;
}

/**
 * Charges the message and writes it, and answers the message the key sent (undefined: the
 * balance did not cover it). One batch, one transaction: the charge only if the balance covers
 * it, the message only if the charge was written, then the conversation's newest message, and,
 * to an entertainment profile, the hosts' queue row. Sent twice, the second batch changes nothing
 * (the ledger's unique key, the (sender, key) pair, the queue row per conversation).
 */
export async function sendPaidMessage(d1: D1Database, db: Db, message: PaidMessage, now = Date.now()) {
  const charge = ledger.ledgerEntry(message.senderId, message.cost, {
    kind: "message",
    memberId: message.senderId,
    sendKey: message.key,
  });
  await runBatch(d1, [
    ledger.chargeStatement(db, charge, now),
    ...sendStatements(
      db,
      {
        conversation: message.conversation,
        senderId: message.senderId,
        text: message.text,
        key: message.key,
        paidBy: ledger.entryWithKey(db, charge.key),
        nudged: message.nudged ?? false,
      },
      now,
    ),
    waitingStatement(db, {
      conversation: message.conversation,
      memberId: message.senderId,
      profileId: message.recipientId,
      sendKey: message.key,
      now,
    }),
  ]);
  return findMessageByKey(db, message.senderId, message.key);
}

/** Openers the development panel's member writes to an entertainment profile (docs/product.md §1.9). */
const DEV_OPENERS = [
  "Hi! How is your day going?",
  "Hey, I like your photos. What do you do for fun?",
  "Hello! Are you online tonight?",
  "Good morning! Any plans for the weekend?",
];

/**
 * The development panel's "write to an entertainment profile" (ADR 045): a message from the
 * member, free (a development tool: no ledger entry), that puts the conversation in the hosts'
 * queue exactly as a paid one does.
 */
export async function sendDevMessage(d1: D1Database, db: Db, memberId: number, profileId: number, conversation: number) {
  const key = `dev-${crypto.randomUUID()}`;
  const now = Date.now();
  const text = DEV_OPENERS[Math.floor(Math.random() * DEV_OPENERS.length)] ?? "Hi!";
  await runBatch(d1, [
    ...sendStatements(
      db,
      { conversation, senderId: memberId, text, key, paidBy: db.selectNoFrom((eb) => eb.val(1).as("free")) },
      now,
    ),
    waitingStatement(db, { conversation, memberId, profileId, sendKey: key, now }),
  ]);
}
