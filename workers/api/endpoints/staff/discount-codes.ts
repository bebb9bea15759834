/**
 * General discount codes, managed by admins (issue 28 point 4; docs/api.md "Discount codes in
 * the console", docs/decisions/049). An admin of one site manages that site's codes, a platform
 * admin every site's; a code outside the scope, or one that is not a general code, answers 404.
 *
 * - GET  /api/staff/discount_codes.php: the codes, newest first, with state, uses and revenue;
 *   the admin's sites with their credit packages and their automatic offers (read-only here).
 * - GET  /api/staff/discount_code.php?id=: one code and the orders that used or hold it.
 * - POST /api/staff/discount_code.php { id?, site, code, percent | bonus_credits, … }: a new code, or changes.
 * - POST /api/staff/discount_code_state.php { id, action: pause | resume | expire }.
 */
import { Hono } from "hono";
import {
  type CodeSite,
  DiscountCodeAnswerSchema,
  DiscountCodeBodySchema,
  DiscountCodeQuerySchema,
  DiscountCodeSavedSchema,
  DiscountCodesAnswerSchema,
  DiscountCodeStateBodySchema,
} from "../../../../contract/discount-codes";
import type { ApiContext } from "../../context";
import type { Db } from "../../db/client";
import { siteNamesById } from "../../db/moderation-cases";
import { findGeneralCode, listGeneralCodes, ordersWithCode } from "../../db/staff-discount-codes";
import { changeState, describeCodes, saveCode } from "../../domain/discount-code-console";
import { answer } from "../../lib/answer";
import { ApiError } from "../../lib/errors";
import { readBody, readQuery } from "../../lib/request";
import { findSiteById } from "../../lib/site";
import { ADMINS, inScope, requireStaff, type StaffRow } from "../../lib/staff";

const LIST_LIMIT = 500;
const USES_LIMIT = 500;

/** The general code on the admin's scope, or 404 as if it did not exist. */
async function scopedCode(db: Db, staff: StaffRow, id: number) {
  const row = await findGeneralCode(db, id);
  if (!row || !inScope(staff, row.site_id)) throw new ApiError(404, "not_found", "No such discount code.");
  return row;
}

/** The admin's sites: what a code can be for, and the offers the site settings make (edited in /staff/sites). */
async function sitesOf(db: Db, staff: StaffRow, names: Map<number, string>): Promise<CodeSite[]> {
  const ids = [...names.keys()].filter((id) => inScope(staff, id));
  const sites = await Promise.all(ids.map((id) => findSiteById(db, id)));
  return sites
    .filter((site) => site !== null)
    .map((site) => ({
      id: site.id,
      name: names.get(site.id) ?? site.settings.name,
      packages: site.settings.commerce.credit_packages.map((p) => ({ id: p.id, credits: p.credits })),
      welcome: site.settings.commerce.welcome_discount ?? null,
      retention_percent: site.settings.delete_discount,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export const staffDiscountCodes = new Hono<ApiContext>()
  .get("/staff/discount_codes.php", async (c) => {
    const me = await requireStaff(c, { roles: ADMINS });
    const { db } = c.var;
    const [rows, names] = await Promise.all([listGeneralCodes(db, me.site_id, LIST_LIMIT), siteNamesById(db)]);
    const [codes, sites] = await Promise.all([describeCodes(db, rows, names, Date.now()), sitesOf(db, me, names)]);
    c.header("cache-control", "no-store");
    return answer(c, DiscountCodesAnswerSchema, { codes, sites });
  })
  .get("/staff/discount_code.php", async (c) => {
    const me = await requireStaff(c, { roles: ADMINS });
    const { id } = readQuery(c, DiscountCodeQuerySchema, "Give the code's id.");
    const { db } = c.var;
    const row = await scopedCode(db, me, id);
    const names = await siteNamesById(db);
    const [[code], uses, sites] = await Promise.all([
      describeCodes(db, [row], names, Date.now()),
      ordersWithCode(db, id, USES_LIMIT),
      sitesOf(db, me, names),
    ]);
    if (!code) throw new Error(`code ${id} vanished`);
    c.header("cache-control", "no-store");
    return answer(c, DiscountCodeAnswerSchema, {
      code,
      uses: uses.map((o) => ({
        order_id: o.id,
        member_id: o.member_id,
        status: o.status,
        amount_cents: o.amount_cents,
        currency: o.currency,
        bonus_credits: o.bonus_credits,
        created_at: o.created_at,
        paid_at: o.paid_at,
      })),
      sites,
    });
  })
  .post("/staff/discount_code.php", async (c) => {
    const me = await requireStaff(c, { roles: ADMINS });
    const body = await readBody(c, DiscountCodeBodySchema);
    const { db } = c.var;
    const existing = body.id === undefined ? null : await scopedCode(db, me, body.id);
    const { id, created } = await saveCode(db, me, existing, body);
    return answer(c, DiscountCodeSavedSchema, { id }, created ? 201 : 200);
  })
  .post("/staff/discount_code_state.php", async (c) => {
    const me = await requireStaff(c, { roles: ADMINS });
    const { id, action } = await readBody(c, DiscountCodeStateBodySchema);
    const { db } = c.var;
    const row = await scopedCode(db, me, id);
    await changeState(db, me, row, action);
    return answer(c, DiscountCodeSavedSchema, { id });
  });
