/**
 * The members row and the age read from it: what every db/ module that shows a member needs.
 * Its own module so that db/members.ts (which folds chat, likes and decisions into the user
 * answer) and the modules it folds in do not import each other (issue 26 point 6).
 */
import type { Selectable } from "kysely";
import type { MembersTable } from "./schema";

/** A members row as stored: real or fictional, any status. */
export type MemberRow = Selectable<MembersTable>;

/** Whole years between a YYYY-MM-DD birth date and now. */
export function ageOn(dateOfBirth: string | null, now = new Date()): number | null {
  if (!dateOfBirth) return null;
  const [y, m, d] = dateOfBirth.split("-").map(Number);
  if (!y || !m || !d) return null;
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age--;
  return age;
}
