/**
 * The seed's staff part (scripts/seed.ts runs it on every seed, also when the profiles are there):
 * the demo staff (workers/api/seed/staff.ts, README "Demo staff"), the demo report in the
 * moderation queue and the members waiting in the hosts' queue (ADR 045).
 */
import { encodeStaffPassword } from "../workers/api/lib/staff";
import { hashPassword } from "../workers/api/lib/passwords";
import { SEED_EPOCH } from "../workers/api/seed/profiles";
import { DEMO_ACCOUNTS } from "../workers/api/seed/sites";
import { DEMO_CASE, DEMO_STAFF, DEMO_STAFF_PASSWORD, DEMO_WAITING_MESSAGES } from "../workers/api/seed/staff";

/** The part of D1's prepared statement the seed uses. */
export interface SeedStatement {
  bind(...values: unknown[]): SeedStatement;
  first<T>(): Promise<T | null>;
  all<T>(): Promise<{ results: T[] }>;
  run(): Promise<unknown>;
}

/** The part of the D1 binding the seed uses. */
export interface SeedDatabase {
  prepare(sql: string): SeedStatement;
  batch(statements: SeedStatement[]): Promise<unknown>;
}

/**
 * The demo staff (workers/api/seed/staff.ts, README "Demo staff"): written when missing, with
 * the fixed demo password and TOTP secrets; an existing account keeps its state.
 */
export async function seedDemoStaff(db: SeedDatabase): Promise<void> {
  const hash = encodeStaffPassword(await hashPassword(DEMO_STAFF_PASSWORD));
  for (const staff of DEMO_STAFF) {
    await db
      .prepare(
        `INSERT OR IGNORE INTO staff (site_id, email, name, role, languages, password_hash, totp_secret, created_at)
         VALUES ((SELECT id FROM sites WHERE host = ?), ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        staff.host,
        staff.email,
        staff.name,
        staff.role,
        "languages" in staff ? staff.languages : null,
        hash,
        staff.totpSecret,
        SEED_EPOCH,
      )
      .run();
  }
  await seedWaitingConversations(db);
  // One open report for the queue to show (Anna reports the first seeded profile); once decided, it stays decided.
  await db
    .prepare(
      `INSERT OR IGNORE INTO moderation_cases (reference, site_id, kind, category, explanation, subject_kind,
         subject_member_id, reporter_id, created_at, updated_at)
       SELECT ?, 1, 'report', 'spam', ?, 'profile', ?, 1, ?, ?
       WHERE EXISTS (SELECT 1 FROM members WHERE id = ?) AND EXISTS (SELECT 1 FROM members WHERE id = 1)`,
    )
    .bind(DEMO_CASE.reference, DEMO_CASE.explanation, DEMO_CASE.memberId, SEED_EPOCH, SEED_EPOCH, DEMO_CASE.memberId)
    .run();
}

/**
 * A few members of the first site waiting for an entertainment profile's answer (ADR 045): the
 * hosts' queue of a fresh `npm start` shows them. Seeded profiles of the demo host's languages
 * write to the first entertainment profiles; written once (the message keys are fixed), so an
 * answered conversation stays answered when the seed runs again.
 */
async function seedWaitingConversations(db: SeedDatabase): Promise<void> {
  const pick = (fictional: number) =>
    db
      .prepare(
        `SELECT id FROM members WHERE site_id = (SELECT id FROM sites WHERE host = 'localhost') AND is_fictional = ?
           AND status = 'active' AND language IN ('en', 'nl', 'de') AND id > ? ORDER BY id LIMIT ?`,
      )
      .bind(fictional, DEMO_ACCOUNTS.length + 10, DEMO_WAITING_MESSAGES.length)
      .all<{ id: number }>();
  const [{ results: members }, { results: profiles }] = await Promise.all([pick(0), pick(1)]);
  const now = Date.now();
  for (const [i, wait] of DEMO_WAITING_MESSAGES.entries()) {
    const member = members[i]?.id;
    const profile = profiles[i]?.id;
    if (member === undefined || profile === undefined) break;
    const [low, high] = member < profile ? [member, profile] : [profile, member];
    const at = now - wait.minutesAgo * 60 * 1000;
    const key = `seed-waiting-${i}`;
    const conversation = `(SELECT id FROM conversations WHERE member_low = ${low} AND member_high = ${high})`;
    const written = `EXISTS (SELECT 1 FROM messages WHERE sender_id = ${member} AND send_key = '${key}' AND created_at = ${at})`;
    await db.batch([
      db
        .prepare("INSERT OR IGNORE INTO conversations (member_low, member_high, created_at) VALUES (?, ?, ?)")
        .bind(low, high, at),
      db
        .prepare(
          `INSERT OR IGNORE INTO conversation_members (member_id, conversation_id, other_id, hidden)
           VALUES (?, ${conversation}, ?, 0), (?, ${conversation}, ?, 0)`,
        )
        .bind(member, profile, profile, member),
      db
        .prepare(
          `INSERT OR IGNORE INTO messages (conversation_id, sender_id, body, created_at, send_key) VALUES (${conversation}, ?, ?, ?, ?)`,
        )
        .bind(member, wait.text, at, key),
      db.prepare(
        `UPDATE conversations SET last_message_id = (SELECT max(id) FROM messages WHERE conversation_id = id) WHERE id = ${conversation}`,
      ),
      db
        .prepare(
          `INSERT OR IGNORE INTO host_queue (conversation_id, site_id, language, member_id, profile_id, waiting_since)
           SELECT ${conversation}, m.site_id, m.language, m.id, ?, ? FROM members m WHERE m.id = ? AND ${written}`,
        )
        .bind(profile, at, member),
    ]);
  }
}
