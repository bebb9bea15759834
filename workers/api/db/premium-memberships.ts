/**
 * A member's premium membership row and what it says now (docs/product.md §10.8). Here, not in
 * domain/premium.ts (which writes the periods), because the profile and user answers
 * (db/members.ts) read it and db/ imports no domain/ (issue 26 point 6).
 */
import type { Selectable } from "kysely";
import type { PremiumState } from "../../../contract/schemas";
import type { Db } from "./client";
import type { PremiumMembershipsTable } from "./schema";

export type Membership = Selectable<PremiumMembershipsTable>;

/**
 * Every column of premium_memberships: what findMembership reads, and what db/members.ts
 * userFacts reads as one JSON object, so both answer a whole Membership row. A column the list
 * lacks fails the typecheck at findMembership's return type.
 */
export const MEMBERSHIP_COLUMNS = [
  "member_id",
  "site_id",
  "plan_id",
  "months",
  "country",
  "method",
  "started_at",
  "current_period_end",
  "renews",
  "canceled_at",
  "renewal_failed_at",
  "updated_at",
] as const satisfies readonly (keyof Membership)[];

export function findMembership(db: Db, memberId: number): Promise<Membership | undefined> {
  return db.selectFrom("premium_memberships").select(MEMBERSHIP_COLUMNS).where("member_id", "=", memberId).executeTakeFirst();
}

export function isActive(membership: Pick<Membership, "current_period_end"> | undefined, now = Date.now()): boolean {
  return membership !== undefined && membership.current_period_end > now;
}

export function premiumState(membership: Membership | undefined, now = Date.now()): PremiumState | null {
  if (!membership || !isActive(membership, now)) return null;
  return {
    plan_id: membership.plan_id,
    months: membership.months,
    started_at: membership.started_at,
    until: membership.current_period_end,
    renews: membership.renews === 1,
    canceled_at: membership.canceled_at,
  };
}
