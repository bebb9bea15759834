/**
 * A case, appeal or member looked up on the staff's scope (ADR 029): outside it, 404 as if it
 * did not exist.
 */
import type { Db } from "../../db/client";
import { findAppeal, findCase, findMemberToDecide } from "../../db/moderation-cases";
import { ApiError } from "../../lib/errors";
import { findSiteById, type Site } from "../../lib/site";
import { inScope, type StaffRow } from "../../lib/staff";

export const notFound = (what = "No such case.") => new ApiError(404, "not_found", what);

/** The row (a case, appeal, photo or member, by its site_id) if it is on the staff's scope; else 404. */
export function inScopeOr404<T extends { site_id: number }>(staff: StaffRow, row: T | undefined, what: string): T {
  if (!row || !inScope(staff, row.site_id)) throw notFound(what);
  return row;
}

export async function scopedCase(db: Db, staff: StaffRow, id: number) {
  return inScopeOr404(staff, await findCase(db, id), "No such case.");
}

export async function scopedAppeal(db: Db, staff: StaffRow, id: number) {
  return inScopeOr404(staff, await findAppeal(db, id), "No such appeal.");
}

/** A member on the staff's scope (their own site's), or 404 as if absent. */
export async function scopedMember(db: Db, staff: StaffRow, memberId: number) {
  return inScopeOr404(staff, await findMemberToDecide(db, memberId), "No such member.");
}

/** A site a decision's mail is sent from; one without usable settings is a bug (500). */
export async function siteOf(db: Db, id: number): Promise<Site> {
  const site = await findSiteById(db, id);
  if (!site) throw new Error(`site ${id} has no usable settings`);
  return site;
}
