/**
 * One member looked up by id before another member acts on them (likes, chat, blocks, reports).
 * The site's country rule is the caller's (lib/site settings); these read the row.
 */
import type { Db } from "./client";
import { advertised, shownOnSite } from "./profiles";

/**
 * An active member this site may show (docs/product.md "Visibility across sites"): not one who
 * chose to be shown on another site only; with `promotion` (an advertisement) also only an
 * entertainment profile or a member who opted in.
 */
export function findShownMember(db: Db, siteId: number, memberId: number, promotion = false) {
  let query = db
    .selectFrom("members")
    .selectAll()
    .where("id", "=", memberId)
    .where("status", "=", "active")
    .where(shownOnSite("members", siteId));
  if (promotion) query = query.where(advertised("members"));
  return query.executeTakeFirst();
}

/** An active member's id and country, on whatever site (blocks and reports reach across sites: ADR 028). */
export function findActiveMember(db: Db, memberId: number) {
  return db
    .selectFrom("members")
    .select(["id", "country"])
    .where("id", "=", memberId)
    .where("status", "=", "active")
    .executeTakeFirst();
}

/** A member's status (any status, deleted too), or undefined for an id that never was. */
export async function memberStatus(db: Db, memberId: number) {
  const row = await db.selectFrom("members").select("status").where("id", "=", memberId).executeTakeFirst();
  return row?.status;
}
