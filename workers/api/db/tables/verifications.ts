/** Photo verification requests (migration 0039; docs/decisions/059). Kysely's view; db/schema.ts joins it. */
import type { Generated } from "kysely";

export interface VerificationsTable {
  id: Generated<number>;
  member_id: number;
  site_id: number;
  pose: string;
  state: "posed" | "pending" | "approved" | "refused";
  /** The selfie in R2 while it waits; null before the upload and once decided (it is deleted). */
  selfie_key: string | null;
  image_id: number | null;
  reason: string | null;
  note: string | null;
  decided_by: number | null;
  created_at: number;
  uploaded_at: number | null;
  decided_at: number | null;
}
