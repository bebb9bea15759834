/** The staff console's answers that several calls share: the staff account, and a member's record. */
import type { Db } from "../../db/client";
import { findMemberFacts, listDecisionsOf, listPhotosOf, listRemovedPhotosOf } from "../../db/moderation-cases";
import { findSiteById } from "../../lib/site";
import { languagesOf, type StaffRow } from "../../lib/staff";

export const photoUrl = (filename: string) => `/api/images/${filename}`;

/** Notes (a persona's or a member's, ADR 045) as answers show them; version 0: none written yet. */
export function notesAnswer(
  stored: { body: string; version: number; updated_by: string | null; updated_at: number } | undefined,
) {
  return stored
    ? { text: stored.body, version: stored.version, updated_by: stored.updated_by, updated_at: stored.updated_at }
    : { text: "", version: 0, updated_by: null, updated_at: null };
}

/** The staff account as answers show it. */
export async function staffAnswer(db: Db, staff: StaffRow, totpOk: boolean) {
  const site = staff.site_id === null ? null : await findSiteById(db, staff.site_id);
  return {
    staff: {
      id: staff.id,
      name: staff.name,
      email: staff.email,
      role: staff.role,
      site_id: staff.site_id,
      site_name: site?.settings.name ?? null,
      languages: languagesOf(staff),
    },
    totp_ok: totpOk,
  };
}

/** A member, their photos (removed ones listed without a URL) and their decisions; null when absent. */
export async function memberDetail(db: Db, memberId: number, names: Map<number, string>) {
  const member = await findMemberFacts(db, memberId);
  if (!member) return null;
  const [photos, removed, decisions] = await Promise.all([
    listPhotosOf(db, memberId),
    listRemovedPhotosOf(db, memberId),
    listDecisionsOf(db, memberId),
  ]);
  return {
    member: {
      id: member.id,
      name: member.status === "deleted" ? "" : member.name,
      email: member.email,
      site_id: member.site_id,
      site_name: names.get(member.site_id) ?? "",
      status: member.status,
      fictional: member.is_fictional === 1,
      banned: member.ban_decision_id !== null,
      signup_date: member.signup_date,
    },
    photos: [
      ...photos.map((p) => ({ id: p.id, url: photoUrl(p.filename), removed: false })),
      // Removed photos are shown to staff through no URL (their files are not public): listed only.
      ...removed.map((p) => ({ id: p.id, url: "", removed: true })),
    ],
    decisions,
  };
}
