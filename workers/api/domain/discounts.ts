/**
 * Discount codes (docs/product.md §10.5). A code is a percentage off a package's list price,
 * for one site, usable once per member, within its time, for the packages it names:
 *
 * - general: typed by the member (GET /api/discountcode.php?code=);
 * - welcome: every new member's, for `hours_after_signup` after sign-up, until they first buy;
 * - time_bonus: one member's, until a time; while it runs it is the active discount;
 * - retention: one member's, made when they turn back from deleting their account.
 *
 * For each package the best of the member's discounts wins (contract/rules/pricing.ts
 * bestDiscount): a typed code never makes a price worse than the welcome offer or time bonus.
 *
 * A general code may instead be a credits bonus (docs/decisions/054): N extra credits on the
 * packages it is for, never a price; the percentage that wins is the one without it.
 *
 * A code is used when an order with it is paid. Until then the order reserves it (one row per
 * code and member, so two orders at once cannot both have it, and so two paid orders cannot
 * both use it), only while it can still be paid: a failed, cancelled, expired or unstarted
 * order gives it back (releaseStatement), and an order the provider has settled that way
 * without telling us yet is asked first (orders.ts freeUnpayableReservations).
 */
import type { Compilable } from "kysely";
import type { Discount } from "../../../contract/schemas";
import { bestDiscount, discountApplies, type DiscountChoice } from "../../../contract/rules/pricing";
import type { Db } from "../db/client";
import { findRetentionCode } from "../db/discounts";
import type { DiscountCodesTable, DiscountKind } from "../db/schema";
import { ApiError } from "../lib/errors";
import { assertUnderLimit, takeAttempt } from "../lib/rate-limit";
import type { Site } from "../lib/site";
import { DomainError } from "./errors";

type CodeRow = Omit<DiscountCodesTable, "id" | "min_credits" | "bonus_credits"> & {
  id: number;
  min_credits: number;
  bonus_credits: number | null;
};

export interface Buyer {
  id: number;
  signup_date: number;
  name: string;
  email: string | null;
}

const HOUR = 60 * 60 * 1000;
/** The welcome code's own code (what the order summary carries). */
export const WELCOME_CODE = "WELCOME";

/** Codes as members type them: trimmed, upper case. */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

/** When the code ends for this member (a welcome code: their sign-up plus its hours). */
function endFor(row: CodeRow, buyer: Buyer): number | null {
  if (row.kind === "welcome" && row.hours_after_signup !== null) return buyer.signup_date + row.hours_after_signup * HOUR;
  return row.valid_until;
}

function packageIds(row: CodeRow): string[] | null {
  if (row.package_ids === null) return null;
  const parsed: unknown = JSON.parse(row.package_ids);
  return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === "string") : null;
}

export function toDiscount(row: CodeRow, buyer: Buyer): Discount {
  return {
    code: row.code,
    kind: row.kind,
    // A credits-bonus code's percent column holds a placeholder (migration 0035): it takes nothing off.
    percent: row.bonus_credits === null ? row.percent : 0,
    bonus_credits: row.bonus_credits,
    valid_until: endFor(row, buyer),
    min_credits: row.min_credits,
    package_ids: packageIds(row),
  };
}

function codes(db: Db, siteId: number) {
  return db.selectFrom("discount_codes").selectAll().where("site_id", "=", siteId);
}

/** Order states in which an order can still be paid: its code is reserved for it, not used. */
export const PAYABLE: readonly ("created" | "open" | "pending")[] = ["created", "open", "pending"];

/** The order holding the member's use of the code, with its state; undefined when the code is free. */
export function holderOf(db: Db, codeId: number, memberId: number) {
  return db
    .selectFrom("discount_redemptions")
    .innerJoin("orders", "orders.id", "discount_redemptions.order_id")
    .select(["orders.id as order_id", "orders.status"])
    .where("discount_redemptions.code_id", "=", codeId)
    .where("discount_redemptions.member_id", "=", memberId)
    .executeTakeFirst();
}

export const usedError = () =>
  new DomainError("discount_used", "You have used this code already.", { fields: { code: "discount_used" } });

export const reservedError = (orderId: string) =>
  new DomainError("discount_reserved", "This code is reserved for your open order.", {
    fields: { code: "discount_reserved" },
    order_id: orderId,
  });

/** Why the code is not free for the member: used by a paid order, or reserved for one that can still be paid. */
export async function holdRefusal(db: Db, codeId: number, memberId: number): Promise<DomainError | null> {
  const holder = await holderOf(db, codeId, memberId);
  if (!holder) return null;
  return (PAYABLE as readonly string[]).includes(holder.status) ? reservedError(holder.order_id) : usedError();
}

/** The member's codes held by their orders that can still be paid (reserved, not used): for "reserved for your open order". */
export function reservations(db: Db, memberId: number) {
  return db
    .selectFrom("discount_redemptions")
    .innerJoin("orders", "orders.id", "discount_redemptions.order_id")
    .innerJoin("discount_codes", "discount_codes.id", "discount_redemptions.code_id")
    .select(["discount_codes.code", "discount_codes.kind", "orders.id as order_id"])
    .where("discount_redemptions.member_id", "=", memberId)
    .where("orders.status", "in", PAYABLE)
    .orderBy("orders.created_at", "desc")
    .execute();
}

/** Whether the member has bought anything (an order that was paid, whatever became of it since). */
export async function hasPurchased(db: Db, memberId: number): Promise<boolean> {
  const row = await db
    .selectFrom("orders")
    .select("id")
    .where("member_id", "=", memberId)
    .where("paid_at", "is not", null)
    .executeTakeFirst();
  return row !== undefined;
}

const expired = () =>
  new DomainError("discount_expired", "This code is no longer valid.", { fields: { code: "discount_expired" } });

/** Why this member cannot use the code now, or null when they can. */
async function refusal(db: Db, row: CodeRow, buyer: Buyer, now: number): Promise<DomainError | null> {
  if (row.member_id !== null && row.member_id !== buyer.id) return notFound();
  const end = endFor(row, buyer);
  if (row.valid_from > now || (end !== null && end <= now)) return expired();
  // The welcome offer ends at the first purchase (docs/product.md §10.5), typed or not.
  if (row.kind === "welcome" && (await hasPurchased(db, buyer.id))) return expired();
  // Paused by an admin, or all its uses taken (docs/decisions/049): no longer valid, at once.
  if (row.paused_at !== null) return expired();
  return (await holdRefusal(db, row.id, buyer.id)) ?? ((await isUsedUp(db, row)) ? expired() : null);
}

/** Whether every use of a capped code is taken (reserved by an order that can be paid, or used). */
async function isUsedUp(db: Db, row: Pick<CodeRow, "id" | "max_uses">): Promise<boolean> {
  if (row.max_uses === null) return false;
  const { n } = await db
    .selectFrom("discount_redemptions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("code_id", "=", row.id)
    .executeTakeFirstOrThrow();
  return Number(n) >= row.max_uses;
}

/** Why writing the uses of several codes (an order's price code and its bonus code) failed: the first one refused. */
export async function takenRefusalOf(db: Db, codeIds: number[], memberId: number): Promise<DomainError> {
  for (const id of codeIds) {
    const held = await holdRefusal(db, id, memberId);
    if (held) return held;
    const row = await db.selectFrom("discount_codes").select(["id", "max_uses"]).where("id", "=", id).executeTakeFirst();
    if (row && (await isUsedUp(db, row))) return expired();
  }
  return usedError();
}

const notFound = () => new DomainError("discount_not_found", "No such code.", { fields: { code: "discount_not_found" } });

/**
 * Typed codes that exist nowhere, per member: guessing codes is refused (429) after this many in
 * the window (docs/product.md §9.11). Only misses count, so a member who types real codes is
 * never stopped.
 */
export const CODE_GUESS_LIMIT = { max: 10, windowMs: HOUR };
const guessLimit = (siteId: number, memberId: number) => ({ key: `discount:member:${siteId}:${memberId}`, ...CODE_GUESS_LIMIT });

/** The code the member typed, if they may use it now; else the reason as a DomainError. */
export async function codeForMember(db: Db, siteId: number, buyer: Buyer, code: string, now = Date.now()) {
  await assertUnderLimit(db, guessLimit(siteId, buyer.id), now);
  const row = await codes(db, siteId).where("code", "=", normalizeCode(code)).executeTakeFirst();
  if (!row) {
    await takeAttempt(db, guessLimit(siteId, buyer.id), now);
    throw notFound();
  }
  const refused = await refusal(db, row, buyer, now);
  if (refused) throw refused;
  return row;
}

/** The welcome code's row, kept in step with the site's `commerce.welcome_discount` (null: the site has none). */
async function welcomeCode(db: Db, site: Site, now: number) {
  const wanted = site.settings.commerce.welcome_discount;
  if (!wanted) return null;
  const row = await codes(db, site.id).where("code", "=", WELCOME_CODE).executeTakeFirst();
  if (row && row.kind === "welcome" && row.percent === wanted.percent && row.hours_after_signup === wanted.hours) return row;
  return db
    .insertInto("discount_codes")
    .values({
      site_id: site.id,
      code: WELCOME_CODE,
      kind: "welcome",
      percent: wanted.percent,
      valid_from: 0,
      hours_after_signup: wanted.hours,
      created_at: now,
    })
    .onConflict((oc) =>
      oc.columns(["site_id", "code"]).doUpdateSet({ kind: "welcome", percent: wanted.percent, hours_after_signup: wanted.hours }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The active automatic discount: the member's running time bonus, else the site's welcome code while it holds; or null. */
export async function activeDiscount(db: Db, site: Site, buyer: Buyer, now = Date.now()) {
  const siteId = site.id;
  const bonuses = await codes(db, siteId)
    .where("kind", "=", "time_bonus")
    .where("member_id", "=", buyer.id)
    .orderBy("valid_until", "desc")
    .execute();
  for (const row of bonuses) if (!(await refusal(db, row, buyer, now))) return row;
  if (await hasPurchased(db, buyer.id)) return null;
  const welcome = await welcomeCode(db, site, now);
  if (welcome && !(await refusal(db, welcome, buyer, now))) return welcome;
  return null;
}

export type Offer = Discount & { id: number };

/**
 * The discounts a member has now: the active one (time bonus or welcome offer) first, then the
 * typed code. A typed code the member may not use throws its reason when `strict`, else is left out.
 */
export async function offersFor(
  db: Db,
  site: Site,
  buyer: Buyer,
  typed: string | undefined,
  options: { strict: boolean },
  now = Date.now(),
): Promise<Offer[]> {
  const [active, typedRow] = await Promise.all([
    activeDiscount(db, site, buyer, now),
    typed
      ? codeForMember(db, site.id, buyer, typed, now).catch((error: unknown) => {
          // Left out when refused: by a rule, or by the guess limit (lib/rate-limit.ts throws its 429 as an ApiError).
          if (options.strict || !(error instanceof DomainError || error instanceof ApiError)) throw error;
          return null;
        })
      : null,
  ]);
  const offers: Offer[] = [];
  if (active) offers.push({ ...toDiscount(active, buyer), id: active.id });
  if (typedRow && typedRow.id !== active?.id) offers.push({ ...toDiscount(typedRow, buyer), id: typedRow.id });
  return offers;
}

/** The best of the offers for a package (a code never makes a price worse), and why the others do not count. */
export function choose(offers: readonly Offer[], pkg: { id: string; credits: number }): DiscountChoice<Offer> {
  return bestDiscount(offers, pkg);
}

/** The package must be one the code is for (its smallest package, its list of packages). */
export function assertApplies(row: CodeRow, pkg: { id: string; credits: number }): void {
  if (!discountApplies({ min_credits: row.min_credits, package_ids: packageIds(row) }, pkg)) {
    throw new DomainError("discount_not_applicable", "This code is not for this package.", {
      fields: { code: "discount_not_applicable" },
    });
  }
}

/** Reserves the member's one use of the code for an order (a batch statement; fails on a second use). */
export function reserveStatement(db: Db, codeId: number, memberId: number, orderId: string, now = Date.now()): Compilable {
  return db
    .insertInto("discount_redemptions")
    .values({ code_id: codeId, member_id: memberId, order_id: orderId, created_at: now });
}

/**
 * Gives the use back when the order that reserved it did not go through (a batch statement,
 * after the one that changed the order's state): only while the order is failed, cancelled,
 * expired or in error, so a paid order's use is never given back.
 */
export function releaseStatement(db: Db, orderId: string): Compilable {
  return db
    .deleteFrom("discount_redemptions")
    .where("order_id", "=", orderId)
    .where((eb) =>
      eb.exists(
        db
          .selectFrom("orders")
          .select("id")
          .where("id", "=", orderId)
          .where("status", "in", ["failed", "canceled", "expired", "error"]),
      ),
    );
}

/** A code of a few unambiguous characters: for personal codes (time bonus, retention). */
export function generatedCode(prefix: string): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `${prefix}-${Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("")}`;
}

/** A personal code for one member (time bonus, retention offer). */
export async function createPersonalCode(
  db: Db,
  input: {
    siteId: number;
    memberId: number;
    kind: Extract<DiscountKind, "time_bonus" | "retention">;
    percent: number;
    validUntil: number;
  },
  now = Date.now(),
) {
  return db
    .insertInto("discount_codes")
    .values({
      site_id: input.siteId,
      code: generatedCode(input.kind === "time_bonus" ? "BONUS" : "STAY"),
      kind: input.kind,
      percent: input.percent,
      member_id: input.memberId,
      valid_from: now,
      valid_until: input.validUntil,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** How long the retention offer's code holds. */
const RETENTION_DAYS = 14;

/**
 * The member's retention code (the account-deletion offer), made once per member, ever (a unique
 * index): asking again, even at the same moment, answers the code made the first time, used or
 * not. `made`: there was none when this call asked (it answers 201, even when a call at the
 * same moment stored its code first).
 */
export async function retentionCodeFor(db: Db, input: { siteId: number; memberId: number; percent: number }, now = Date.now()) {
  const existing = () => findRetentionCode(db, input.siteId, input.memberId);
  const earlier = await existing();
  if (earlier) return { row: earlier, made: false as const };
  const row = await createPersonalCode(
    db,
    {
      siteId: input.siteId,
      memberId: input.memberId,
      kind: "retention",
      percent: Math.min(Math.round(input.percent), 90),
      validUntil: now + RETENTION_DAYS * 24 * HOUR,
    },
    now,
  ).catch(async (error: unknown) => (await existing()) ?? Promise.reject(error));
  return { row, made: true as const };
}
