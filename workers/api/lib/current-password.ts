/**
 * The current password, asked again before the account's keys change (password change, mail
 * change, deletion; ADR 010). Wrong answers count toward one limit per member shared by all
 * three: 5 per 15 minutes, then 429.
 */
import { ApiError } from "./errors";
import { verifyMemberPassword } from "./passwords";
import { giveBack, type Limit, takeAttempt } from "./rate-limit";
import type { Db } from "../db/client";

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** Throws 429 when the member is locked out, 403 wrong_password (on `field`) when `candidate` is not the password. */
export async function requireCurrentPassword(
  db: Db,
  member: { id: number; password_hash: string | null; password_salt: string | null; password_iterations: number | null },
  candidate: unknown,
  field: "current" | "password",
): Promise<void> {
  const limit: Limit = { key: `password:member:${member.id}`, max: 5, windowMs: FIFTEEN_MINUTES };
  await takeAttempt(db, limit);
  if (await verifyMemberPassword(member, candidate)) {
    await giveBack(db, limit);
    return;
  }
  throw new ApiError(403, "wrong_password", "The current password is not right.", { fields: { [field]: "wrong_password" } });
}
