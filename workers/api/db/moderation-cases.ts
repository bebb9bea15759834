/**
 * Reports and notices (moderation_cases, migrations/0017; docs/product.md "Trust and safety"):
 * filing one, and finding the photo a notice names.
 */
import type { Insertable } from "kysely";
import type { Db } from "./client";
import type { ModerationCasesTable } from "./schema";

export type NewCase = Omit<Insertable<ModerationCasesTable>, "created_at" | "updated_at" | "state">;

/** Files the case, state open; undefined when its reference exists already (the caller draws another). */
export function insertCase(db: Db, values: NewCase, now = Date.now()) {
  return db
    .insertInto("moderation_cases")
    .values({ ...values, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column("reference").doNothing())
    .returning(["reference", "created_at"])
    .executeTakeFirst();
}

/** The photo stored under this file name, and whose it is. */
export function findImageByFilename(db: Db, filename: string) {
  return db.selectFrom("images").select(["id", "member_id"]).where("filename", "=", filename).executeTakeFirst();
}

/** The member's photo at this place in their order (1 = the first). */
export function findNthImage(db: Db, memberId: number, number: number) {
  return db
    .selectFrom("images")
    .select("id")
    .where("member_id", "=", memberId)
    .orderBy("position")
    .orderBy("id")
    .offset(number - 1)
    .limit(1)
    .executeTakeFirst();
}
