/**
 * A member's push subscriptions (docs/product.md §4, docs/decisions/041-probe-findings-outbound-and-input.md).
 * Also what a push reads of its recipient and of the member who set it off (domain/push.ts).
 *
 * - At most MAX_PUSH_SUBSCRIPTIONS per member: each one is a POST per message, so a member who
 *   posts twenty endpoints would make the API send twenty. The newest are kept, the oldest dropped.
 * - An endpoint is one row. It moves to another member only with new keys (p256dh/auth unlike the
 *   stored ones): a browser that subscribes afresh gets new keys from its push service, so new
 *   keys prove a new subscription; the stored keys (known to whoever held the endpoint) do not.
 */
import { type Db, runBatch } from "./client";

export const MAX_PUSH_SUBSCRIPTIONS = 5;

export interface NewPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Stores the subscription on the member, in one batch: written (or moved, with new keys), then
 * the member's oldest beyond the cap removed. "resubscribe" when the endpoint is another
 * member's with the very keys stored (nothing changed: the browser must subscribe afresh).
 */
export async function savePushSubscription(
  d1: D1Database,
  db: Db,
  memberId: number,
  subscription: NewPushSubscription,
  now = Date.now(),
): Promise<"saved" | "resubscribe"> {
  const { endpoint, keys } = subscription;
  const upsert = db
    .insertInto("push_subscriptions")
    .values({ member_id: memberId, endpoint, p256dh: keys.p256dh, auth: keys.auth, created_at: now })
    .onConflict((oc) =>
      oc
        .column("endpoint")
        .doUpdateSet((eb) => ({
          member_id: eb.ref("excluded.member_id"),
          p256dh: eb.ref("excluded.p256dh"),
          auth: eb.ref("excluded.auth"),
          // A move starts the new owner's subscription now; the owner's own refresh keeps its date.
          created_at: eb
            .case()
            .when("push_subscriptions.member_id", "=", eb.ref("excluded.member_id"))
            .then(eb.ref("push_subscriptions.created_at"))
            .else(eb.ref("excluded.created_at"))
            .end(),
        }))
        .where((eb) =>
          eb.or([
            eb("push_subscriptions.member_id", "=", eb.ref("excluded.member_id")),
            eb("push_subscriptions.p256dh", "!=", eb.ref("excluded.p256dh")),
            eb("push_subscriptions.auth", "!=", eb.ref("excluded.auth")),
          ]),
        ),
    );
  const newest = db
    .selectFrom("push_subscriptions")
    .select("id")
    .where("member_id", "=", memberId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(MAX_PUSH_SUBSCRIPTIONS);
  const cap = db.deleteFrom("push_subscriptions").where("member_id", "=", memberId).where("id", "not in", newest);
  const owner = db.selectFrom("push_subscriptions").select("member_id").where("endpoint", "=", endpoint);
  const [, , found] = await runBatch(d1, [upsert, cap, owner]);
  const row: unknown = found?.results[0];
  const storedOwner = typeof row === "object" && row !== null && "member_id" in row ? row.member_id : null;
  return storedOwner === memberId ? "saved" : "resubscribe";
}

/** The recipient's subscriptions, or only the one a retry is for. */
export function findPushTargets(db: Db, memberId: number, subscription?: number) {
  let targets = db
    .selectFrom("push_subscriptions")
    .select(["id", "endpoint", "p256dh", "auth"])
    .where("member_id", "=", memberId);
  if (subscription !== undefined) targets = targets.where("id", "=", subscription);
  return targets.execute();
}

/** A subscription the push service no longer takes. */
export async function deletePushSubscription(db: Db, id: number): Promise<void> {
  await db.deleteFrom("push_subscriptions").where("id", "=", id).execute();
}

/** What a push needs of its recipient (a member of the site): language, status and the kinds they want. */
export function findPushRecipient(db: Db, siteId: number, memberId: number) {
  return db
    .selectFrom("members")
    .select(["language", "status", "push_state", "push_messages", "push_likes"])
    .where("id", "=", memberId)
    .where("site_id", "=", siteId)
    .executeTakeFirst();
}

/** What a push shows of the member who set it off: name, status and main photo. */
export function findPushActor(db: Db, memberId: number) {
  return db
    .selectFrom("members as m")
    .leftJoin("images as i", "i.id", "m.main_image_id")
    .select(["m.name", "m.status", "i.filename"])
    .where("m.id", "=", memberId)
    .executeTakeFirst();
}
