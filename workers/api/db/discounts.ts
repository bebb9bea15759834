/** Discount code queries (docs/product.md §10.5; the rules are domain/discounts.ts). */
import type { Db } from "./client";

/** The member's retention code on the site (made once per member, ever: a unique index). */
export function findRetentionCode(db: Db, siteId: number, memberId: number) {
  return db
    .selectFrom("discount_codes")
    .selectAll()
    .where("site_id", "=", siteId)
    .where("member_id", "=", memberId)
    .where("kind", "=", "retention")
    .executeTakeFirst();
}
