/** Moderation: cases, staff, decisions, appeals, the audit, removed photos and ban marks (Kysely's view of ../../migrations; db/schema.ts joins them). */
import type { Generated } from "kysely";

/** What a ban holds against the person on every site (migration 0026): an address key or a photo hash. */
export interface BanMarksTable {
  kind: "email" | "photo";
  value: string;
  member_id: number;
  decision_id: number;
}

export interface ModerationCasesTable {
  id: Generated<number>;
  reference: string;
  site_id: number;
  kind: "report" | "notice" | "pause";
  state: Generated<string>;
  category: string;
  explanation: Generated<string>;
  subject_kind: "profile" | "photo" | "message";
  subject_member_id: number;
  subject_image_id: number | null;
  subject_conversation_id: number | null;
  subject_message_id: number | null;
  subject_url: string | null;
  reporter_id: number | null;
  notifier_name: string | null;
  notifier_email: string | null;
  good_faith: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** Moderation (migrations 0018 and 0019, ADR 029). */
export interface StaffTable {
  id: Generated<number>;
  site_id: number | null;
  email: string;
  name: string;
  role: Generated<"moderator" | "host" | "admin">;
  /** A host's languages, comma-separated (migration 0027); null: every language. */
  languages: string | null;
  password_hash: string;
  totp_secret: string;
  totp_last_step: Generated<number>;
  disabled_at: number | null;
  created_at: number;
}

export interface StaffSessionsTable {
  id_hash: string;
  staff_id: number;
  totp_ok: Generated<number>;
  created_at: number;
  expires_at: number;
}

export interface ModerationDecisionsTable {
  id: Generated<number>;
  site_id: number;
  member_id: number;
  case_id: number | null;
  appeal_id: number | null;
  action: "dismiss" | "remove_photo" | "warn" | "ban" | "unban" | "pause";
  category: string;
  reason: string;
  image_id: number | null;
  staff_id: number;
  appeal_until: number | null;
  created_at: number;
  token: string | null;
}

export interface AppealsTable {
  id: Generated<number>;
  reference: string;
  site_id: number;
  decision_id: number;
  member_id: number;
  text: string;
  state: Generated<"open" | "upheld" | "reversed">;
  decided_by: number | null;
  decided_at: number | null;
  created_at: number;
}

export interface StaffAuditTable {
  id: Generated<number>;
  site_id: number | null;
  staff_id: number | null;
  action: string;
  member_id: number | null;
  case_id: number | null;
  decision_id: number | null;
  detail: Generated<string>;
  created_at: number;
}

export interface RemovedImagesTable {
  id: number;
  member_id: number;
  filename: string;
  position: number;
  created_at: number;
  decision_id: number;
  removed_at: number;
}
