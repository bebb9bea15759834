/**
 * Discount codes (docs/product.md §10.5). A code is a percentage off a package's list price,
 * for one site, usable once per member, within its time, for the packages it names:
 *
 * - general: typed by the member (GET /api/discountcode.php?code=);
 * - welcome: every new member's, for `hours_after_signup` after sign-up, until they first buy;
 * - time_bonus: one member's, until a time; while it runs it is the active discount;
 * - retention: one member's, made when they turn back from deleting their account.
 *
 * A use is reserved with the order that uses it (one row per code and member, so two orders at
 * once cannot both have it) and released when that order fails, is cancelled or expires.
 */
import type { Compilable } from "kysely";
import type { Discount } from "../../../contract/schemas";
import { discountApplies } from "../../../contract/rules/pricing";
import type { Db } from "../db/client";
import type { DiscountCodesTable, DiscountKind } from "../db/schema";
import { ApiError } from "../lib/errors";
import type { Site } from "../lib/site";

type CodeRow = Omit<DiscountCodesTable, "id" | "min_credits"> & { id: number; min_credits: number };

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
    percent: row.percent,
    valid_until: endFor(row, buyer),
    min_credits: row.min_credits,
    package_ids: packageIds(row),
  };
}

function codes(db: Db, siteId: number) {
  return db.selectFrom("discount_codes").selectAll().where("site_id", "=", siteId);
}

async function used(db: Db, codeId: number, memberId: number): Promise<boolean> {
  const row = await db
    .selectFrom("discount_redemptions")
    .select("order_id")
    .where("code_id", "=", codeId)
    .where("member_id", "=", memberId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Why this member cannot use the code now, or null when they can. */
async function refusal(db: Db, row: CodeRow, buyer: Buyer, now: number): Promise<ApiError | null> {
  if (row.member_id !== null && row.member_id !== buyer.id) return notFound();
  const end = endFor(row, buyer);
  if (row.valid_from > now || (end !== null && end <= now)) {
    return new ApiError(410, "discount_expired", "This code is no longer valid.", { fields: { code: "discount_expired" } });
  }
  if (await used(db, row.id, buyer.id)) {
    return new ApiError(409, "discount_used", "You have used this code already.", { fields: { code: "discount_used" } });
  }
  return null;
}

const notFound = () => new ApiError(404, "discount_not_found", "No such code.", { fields: { code: "discount_not_found" } });

/** The code the member typed, if they may use it now; else the reason as an ApiError. */
export async function codeForMember(db: Db, siteId: number, buyer: Buyer, code: string, now = Date.now()) {
  const row = await codes(db, siteId).where("code", "=", normalizeCode(code)).executeTakeFirst();
  if (!row) throw notFound();
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
  const paidBefore = await db
    .selectFrom("orders")
    .select("id")
    .where("member_id", "=", buyer.id)
    .where("status", "=", "paid")
    .executeTakeFirst();
  if (paidBefore) return null;
  const welcome = await welcomeCode(db, site, now);
  if (welcome && !(await refusal(db, welcome, buyer, now))) return welcome;
  return null;
}

/** The package must be one the code is for (its smallest package, its list of packages). */
export function assertApplies(row: CodeRow, pkg: { id: string; credits: number }): void {
  if (!discountApplies({ min_credits: row.min_credits, package_ids: packageIds(row) }, pkg)) {
    throw new ApiError(422, "discount_not_applicable", "This code is not for this package.", {
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
