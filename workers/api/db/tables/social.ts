/** Likes, conversations, messages, notices, push and blocks (Kysely's view of ../../migrations; db/schema.ts joins them). */
import type { Generated } from "kysely";

export interface LikesTable {
  member_id: number;
  profile_id: number;
  is_new: Generated<number>;
  created_at: number;
}

export interface NoticesTable {
  id: Generated<number>;
  member_id: number;
  kind: string;
  created_at: number;
  read_at: number | null;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  member_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: number;
}

export interface ConversationsTable {
  id: Generated<number>;
  member_low: number;
  member_high: number;
  created_at: number;
  last_message_id: number | null;
}

export interface ConversationMembersTable {
  member_id: number;
  conversation_id: number;
  other_id: number;
  last_read_id: Generated<number>;
  hidden: Generated<number>;
  cleared_until_id: Generated<number>;
}

export interface MessagesTable {
  id: Generated<number>;
  conversation_id: number;
  sender_id: number;
  body: string;
  created_at: number;
  send_key: string;
  /** 1: the sender confirmed "Are you sure?" for it (a word of the offensive list; ADR 057). */
  nudged: Generated<number>;
}

export interface BlocksTable {
  member_id: number;
  blocked_id: number;
  created_at: number;
}
