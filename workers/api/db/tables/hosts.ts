/** The hosts' workplace (migration 0027, ADR 045): the queue with its leases, notes and replies (Kysely's view of ../../migrations; db/schema.ts joins them). */

export interface HostQueueTable {
  conversation_id: number;
  site_id: number;
  language: string;
  member_id: number;
  profile_id: number;
  waiting_since: number;
  leased_by: number | null;
  lease_expires_at: number;
}

export interface PersonaNotesTable {
  profile_id: number;
  body: string;
  version: number;
  updated_by: number | null;
  updated_at: number;
}

export interface MemberNotesTable {
  profile_id: number;
  member_id: number;
  body: string;
  version: number;
  updated_by: number | null;
  updated_at: number;
}

export interface HostRepliesTable {
  message_id: number;
  staff_id: number;
  conversation_id: number;
  profile_id: number;
  site_id: number;
  language: string;
  waited_ms: number;
  created_at: number;
}
