/**
 * The sign-up form's token (`used_tokens`: the SHA-256 of each sign-up form's CSRF token, once
 * used, and the account it made) and the rows a new account starts with.
 */
import type { Db } from "./client";

/** The use of this form token, if it was used (and the account it made, once made). */
export function findUsedToken(db: Db, tokenHash: string) {
  return db.selectFrom("used_tokens").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
}

/** Marks the token used: true for the one request whose insert went in, false if it was used already. */
export async function claimToken(db: Db, tokenHash: string, now = Date.now()): Promise<boolean> {
  const claimed = await db
    .insertInto("used_tokens")
    .values({ token_hash: tokenHash, member_id: null, used_at: now })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(claimed.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Frees a claimed token whose account could not be made. */
export async function releaseToken(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom("used_tokens").where("token_hash", "=", tokenHash).execute();
}

/** Records the account a claimed token made (a replayed form gets that account back). */
export async function tieTokenToMember(db: Db, tokenHash: string, memberId: number): Promise<void> {
  await db.updateTable("used_tokens").set({ member_id: memberId }).where("token_hash", "=", tokenHash).execute();
}

/** The welcome notice of a new account. */
export async function insertWelcomeNotice(db: Db, memberId: number, now = Date.now()): Promise<void> {
  await db.insertInto("notices").values({ member_id: memberId, kind: "welcome", created_at: now, read_at: null }).execute();
}
