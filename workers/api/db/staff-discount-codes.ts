/**
 * General discount codes as the staff console reads and writes them (issue 28 point 4,
 * docs/decisions/049). Members' use of codes is domain/discounts.ts; this file never touches
 * the welcome, time-bonus or retention codes (kind 'general' only).
 */
import type { Db } from "./client";

const PAYABLE = ["created", "open", "pending"] as const;

export type GeneralCodeRow = Awaited<ReturnType<typeof findGeneralCode>> & object;

/** One general code by id (any site; the caller checks the scope). */
export function findGeneralCode(db: Db, id: number) {
  return db.selectFrom("discount_codes").selectAll().where("id", "=", id).where("kind", "=", "general").executeTakeFirst();
}

/** The general codes of the sites (all sites when `siteId` is null), newest first. */
export function listGeneralCodes(db: Db, siteId: number | null, limit: number) {
  let query = db.selectFrom("discount_codes").selectAll().where("kind", "=", "general");
  if (siteId !== null) query = query.where("site_id", "=", siteId);
  return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
}

/** Per code: uses held by paid orders (used) and by orders that can still be paid (reserved). */
export async function countUses(db: Db, codeIds: number[]) {
  if (codeIds.length === 0) return new Map<number, { used: number; reserved: number }>();
  const rows = await db
    .selectFrom("discount_redemptions as r")
    .innerJoin("orders as o", "o.id", "r.order_id")
    .select((eb) => [
      "r.code_id",
      eb.fn.countAll<number>().as("uses"),
      eb.fn.sum<number>(eb.case().when("o.status", "in", PAYABLE).then(1).else(0).end()).as("reserved"),
    ])
    .where("r.code_id", "in", codeIds)
    .groupBy("r.code_id")
    .execute();
  return new Map(
    rows.map((row) => {
      const reserved = Number(row.reserved ?? 0);
      return [row.code_id, { used: Number(row.uses) - reserved, reserved }];
    }),
  );
}

/** Per code and currency: the sum of its paid orders (status paid: refunded and withdrawn ones are not revenue). */
export async function revenueOf(db: Db, codeIds: number[]) {
  const revenue = new Map<number, { currency: string; cents: number }[]>();
  if (codeIds.length === 0) return revenue;
  const rows = await db
    .selectFrom("orders")
    // A credits-bonus code's orders name it in bonus_code_id (migration 0035): the price's own code may be another.
    .select((eb) => [
      eb.fn.coalesce("bonus_code_id", "discount_code_id").as("code_id"),
      "currency",
      eb.fn.sum<number>("amount_cents").as("cents"),
    ])
    .where((eb) => eb.or([eb("discount_code_id", "in", codeIds), eb("bonus_code_id", "in", codeIds)]))
    .where("status", "=", "paid")
    .groupBy(["code_id", "currency"])
    .orderBy("currency")
    .execute();
  for (const row of rows) {
    if (row.code_id === null) continue;
    const list = revenue.get(row.code_id) ?? [];
    list.push({ currency: row.currency, cents: Number(row.cents ?? 0) });
    revenue.set(row.code_id, list);
  }
  return revenue;
}

/** The orders that used or hold the code, newest first. */
export function ordersWithCode(db: Db, codeId: number, limit: number) {
  return db
    .selectFrom("orders")
    .select(["id", "member_id", "status", "amount_cents", "currency", "bonus_credits", "created_at", "paid_at"])
    .where((eb) => eb.or([eb("discount_code_id", "=", codeId), eb("bonus_code_id", "=", codeId)]))
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
}

export interface GeneralCodeValues {
  siteId: number;
  code: string;
  /** One of the two: a percentage off, or a credits bonus (docs/decisions/054). */
  percent: number | null;
  bonusCredits: number | null;
  packageIds: string[] | null;
  minCredits: number;
  validFrom: number;
  validUntil: number | null;
  maxUses: number | null;
}

function columns(values: GeneralCodeValues) {
  return {
    site_id: values.siteId,
    code: values.code,
    // A bonus code's percent column holds the placeholder its CHECK demands (migration 0035).
    percent: values.bonusCredits === null ? (values.percent ?? 1) : 1,
    bonus_credits: values.bonusCredits,
    package_ids: values.packageIds === null ? null : JSON.stringify(values.packageIds),
    min_credits: values.minCredits,
    valid_from: values.validFrom,
    valid_until: values.validUntil,
    max_uses: values.maxUses,
  };
}

/** A new general code; undefined when the site has that code already (the unique index). */
export async function insertGeneralCode(db: Db, values: GeneralCodeValues, now: number) {
  const row = await db
    .insertInto("discount_codes")
    .values({ ...columns(values), kind: "general", member_id: null, created_at: now })
    .onConflict((oc) => oc.columns(["site_id", "code"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id;
}

/** Changes to a general code; false when its new code text is taken on the site (the unique index). */
export async function updateGeneralCode(db: Db, id: number, values: GeneralCodeValues): Promise<boolean> {
  try {
    await db.updateTable("discount_codes").set(columns(values)).where("id", "=", id).where("kind", "=", "general").execute();
    return true;
  } catch (error) {
    if (error instanceof Error && /UNIQUE/i.test(error.message)) return false;
    throw error;
  }
}

/** Pauses or resumes the code (paused_at), or ends it now (valid_until). */
export async function setGeneralCodeTimes(
  db: Db,
  id: number,
  change: { paused_at?: number | null; valid_from?: number; valid_until?: number },
): Promise<void> {
  await db.updateTable("discount_codes").set(change).where("id", "=", id).where("kind", "=", "general").execute();
}
