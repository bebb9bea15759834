/**
 * A member's account notices (docs/product.md §3.3 "Notifications"). Onboarding notices go
 * once done (issue 29 point 20): the welcome notice asks for a photo and a few words, so it is
 * left out once the member has a photo and an about-me text.
 */
import { sql } from "kysely";
import type { Db } from "./client";
import type { MemberRow } from "./member-row";

export function selectNotices(db: Db, member: Pick<MemberRow, "id" | "personal">, limit: number) {
  const wroteSomething = Object.values(JSON.parse(member.personal) as Record<string, string>).some((v) => v.trim() !== "");
  let notices = db.selectFrom("notices").selectAll().where("member_id", "=", member.id);
  if (wroteSomething) {
    notices = notices.where((eb) =>
      eb.or([
        eb("kind", "!=", "welcome"),
        eb.not(eb.exists(eb.selectFrom("images").select(sql.lit(1).as("one")).where("images.member_id", "=", member.id))),
      ]),
    );
  }
  return notices.orderBy("created_at", "desc").limit(limit).execute();
}

/** Every notice of the member is read as of `now`. */
export async function markNoticesRead(db: Db, memberId: number, now = Date.now()): Promise<void> {
  await db.updateTable("notices").set({ read_at: now }).where("member_id", "=", memberId).where("read_at", "is", null).execute();
}
