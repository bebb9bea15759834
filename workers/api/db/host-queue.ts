/**
 * The hosts' queue (migration 0027, ADR 045): conversations whose newest message is a member's
 * message to an entertainment profile, and the leases hosts hold on them. A lease is one guarded
 * UPDATE: of hosts claiming one conversation at once, exactly one gets it.
 */
import { type Expression, type SqlBool, sql } from "kysely";
import type { Db } from "./client";

/** Whose queue: a site (null: every site) and languages (null: every language). */
export interface HostScope {
  siteId: number | null;
  languages: readonly string[] | null;
}

/** The member waits for the profile: the row the member's send adds, in its batch, after its message. */
export function waitingStatement(
  db: Db,
  wait: { conversation: number; memberId: number; profileId: number; sendKey: string; now: number },
) {
  return db
    .insertInto("host_queue")
    .columns(["conversation_id", "site_id", "language", "member_id", "profile_id", "waiting_since"])
    .expression(
      db
        .selectFrom("members as m")
        .innerJoin("members as p", (join) => join.on("p.id", "=", wait.profileId))
        .select((eb) => [
          eb.val(wait.conversation).as("conversation_id"),
          "m.site_id",
          "m.language",
          "m.id as member_id",
          "p.id as profile_id",
          eb.val(wait.now).as("waiting_since"),
        ])
        .where("m.id", "=", wait.memberId)
        .where("m.is_fictional", "=", 0)
        .where("p.is_fictional", "=", 1)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom("messages")
              .select("id")
              .where("sender_id", "=", wait.memberId)
              .where("send_key", "=", wait.sendKey)
              // Written by this batch: a replayed send never puts an answered conversation back.
              .where("created_at", "=", wait.now),
          ),
        ),
    )
    .onConflict((oc) => oc.column("conversation_id").doNothing());
}

/** Rows of the queue a host of this scope may see: the member not banned, deleted, nor blocking the profile (or blocked by it). */
function scoped(scope: HostScope): Expression<SqlBool> {
  const parts = [
    sql<SqlBool>`m.ban_decision_id is null and m.status != 'deleted'`,
    sql<SqlBool>`not exists (select 1 from blocks as bl where (bl.member_id = q.member_id and bl.blocked_id = q.profile_id) or (bl.member_id = q.profile_id and bl.blocked_id = q.member_id))`,
  ];
  if (scope.siteId !== null) parts.push(sql<SqlBool>`q.site_id = ${scope.siteId}`);
  if (scope.languages !== null) {
    parts.push(
      scope.languages.length === 0
        ? sql<SqlBool>`0`
        : sql<SqlBool>`q.language in (${sql.join(scope.languages.map((l) => sql.val(l)))})`,
    );
  }
  return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}

/** The oldest waiting conversations of a scope, with what the queue shows of each. */
export function listHostQueue(db: Db, scope: HostScope, limit: number) {
  return (
    db
      .selectFrom("host_queue as q")
      .innerJoin("members as m", "m.id", "q.member_id")
      .innerJoin("members as p", "p.id", "q.profile_id")
      // The main photo, or the first one when none is chosen (as profiles show it: db/members.ts). No
      // outer column in the subquery's ORDER BY: newer SQLite versions refuse that (ADR 045).
      .leftJoin("images as pi", (join) =>
        join.on(
          "pi.id",
          "=",
          sql<number>`coalesce(p.main_image_id, (select first.id from images as first where first.member_id = p.id order by first.position limit 1))`,
        ),
      )
      .leftJoin("staff as s", "s.id", "q.leased_by")
      .select([
        "q.conversation_id",
        "q.site_id",
        "q.language",
        "q.waiting_since",
        "q.leased_by",
        "q.lease_expires_at",
        "s.name as holder_name",
        "m.name as member_name",
        "m.paid_user",
        "p.id as profile_id",
        "p.name as profile_name",
        "pi.filename as profile_thumb",
      ])
      .where(scoped(scope))
      .orderBy("q.waiting_since")
      .orderBy("q.conversation_id")
      .limit(limit)
      .execute()
  );
}

/** How many conversations wait on a scope. */
export async function countWaiting(db: Db, scope: HostScope): Promise<number> {
  const row = await db
    .selectFrom("host_queue as q")
    .innerJoin("members as m", "m.id", "q.member_id")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where(scoped(scope))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many conversations a host holds now (leases that have not run out). */
export async function countHeld(db: Db, staffId: number, now: number): Promise<number> {
  const row = await db
    .selectFrom("host_queue")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("leased_by", "=", staffId)
    .where("lease_expires_at", ">", now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A queue row with its holder's name, or undefined when the conversation does not wait. */
export function findQueueRow(db: Db, conversation: number) {
  return db
    .selectFrom("host_queue as q")
    .leftJoin("staff as s", "s.id", "q.leased_by")
    .select([
      "q.conversation_id",
      "q.site_id",
      "q.language",
      "q.member_id",
      "q.profile_id",
      "q.waiting_since",
      "q.leased_by",
      "q.lease_expires_at",
      "s.name as holder_name",
    ])
    .where("q.conversation_id", "=", conversation)
    .executeTakeFirst();
}

/**
 * Claims (or renews) the lease: only when the conversation waits, nobody else's lease runs, and
 * the host holds fewer than `maxHeld` others. One statement, so concurrent claims give one lease.
 * Whether this call holds it now.
 */
export async function claimLease(
  db: Db,
  claim: { conversation: number; staffId: number; now: number; until: number; maxHeld: number },
): Promise<boolean> {
  const result = await db
    .updateTable("host_queue")
    .set({ leased_by: claim.staffId, lease_expires_at: claim.until })
    .where("conversation_id", "=", claim.conversation)
    .where((eb) =>
      eb.or([eb("leased_by", "is", null), eb("leased_by", "=", claim.staffId), eb("lease_expires_at", "<=", claim.now)]),
    )
    .where(
      (eb) =>
        eb
          .selectFrom("host_queue as held")
          .select((inner) => inner.fn.countAll<number>().as("n"))
          .where("held.leased_by", "=", claim.staffId)
          .where("held.lease_expires_at", ">", claim.now)
          .where("held.conversation_id", "!=", claim.conversation),
      "<",
      claim.maxHeld,
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Extends the host's own lease (while they type); whether they still hold it. */
export async function renewLease(db: Db, conversation: number, staffId: number, until: number): Promise<boolean> {
  const result = await db
    .updateTable("host_queue")
    .set({ lease_expires_at: until })
    .where("conversation_id", "=", conversation)
    .where("leased_by", "=", staffId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives the conversation back to the queue (the host left it); whether they held it. */
export async function releaseLease(db: Db, conversation: number, staffId: number): Promise<boolean> {
  const result = await db
    .updateTable("host_queue")
    .set({ leased_by: null, lease_expires_at: 0 })
    .where("conversation_id", "=", conversation)
    .where("leased_by", "=", staffId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How many conversations wait on a scope, and since when the oldest waits (null: none): the admin's figures. */
export async function waitingNow(db: Db, scope: HostScope): Promise<{ waiting: number; oldestSince: number | null }> {
  const row = await db
    .selectFrom("host_queue as q")
    .innerJoin("members as m", "m.id", "q.member_id")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.min<number | null>("q.waiting_since").as("oldest")])
    .where(scoped(scope))
    .executeTakeFirstOrThrow();
  return { waiting: Number(row.n), oldestSince: row.oldest === null ? null : Number(row.oldest) };
}
