/** Members' appeals against decisions (ADR 030): filing one. Staff decide them (domain/moderation.ts). */
import type { Db } from "./client";

/**
 * Files an appeal; null when nothing was written: the decision has its appeal already (the
 * UNIQUE decision_id), or the reference was taken.
 */
export function insertAppeal(
  db: Db,
  appeal: { reference: string; siteId: number; decisionId: number; memberId: number; text: string; createdAt: number },
) {
  return db
    .insertInto("appeals")
    .values({
      reference: appeal.reference,
      site_id: appeal.siteId,
      decision_id: appeal.decisionId,
      member_id: appeal.memberId,
      text: appeal.text,
      state: "open",
      created_at: appeal.createdAt,
    })
    .onConflict((oc) => oc.doNothing())
    .returning(["reference", "created_at"])
    .executeTakeFirst();
}

/** Whether this decision has an appeal. */
export async function decisionHasAppeal(db: Db, decisionId: number): Promise<boolean> {
  const row = await db.selectFrom("appeals").select("id").where("decision_id", "=", decisionId).executeTakeFirst();
  return row !== undefined;
}
