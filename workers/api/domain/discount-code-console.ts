/**
 * General discount codes in the staff console (issue 28 point 4, docs/decisions/049): an admin
 * of a site manages that site's codes, a platform admin every site's; a code outside the scope is
 * "not found". Every change is in the audit log with what it was before and after.
 *
 * The member side is not touched: domain/discounts.ts still decides what a member pays. A code
 * is a percentage of 1–90 off the list price, or a credits bonus of 1–10 000 extra credits that
 * never changes a price (docs/decisions/054; CHECKs of the table as well), so no edit can make
 * a price worse than the list price or the member's welcome offer or time bonus (the best
 * discount wins, contract/rules/pricing.ts).
 */
import type { StaffDiscountCode } from "../../../contract/discount-codes";
import { codeState, type DiscountCodeAction } from "../../../contract/rules/discount-codes";
import type { Db } from "../db/client";
import * as store from "../db/staff-discount-codes";
import { audit } from "../db/staff";
import { findSiteById, type Site } from "../lib/site";
import { DomainError } from "./errors";

type Admin = { id: number; site_id: number | null };

const fieldError = (field: string, code: string, message: string) =>
  new DomainError("invalid_input", message, { fields: { [field]: code } });

/** Whether the site is on the admin's scope (lib/staff.ts inScope, for the domain). */
export function inScope(admin: Pick<Admin, "site_id">, siteId: number) {
  return admin.site_id === null || admin.site_id === siteId;
}

function packageIdsOf(row: { package_ids: string | null }): string[] | null {
  if (row.package_ids === null) return null;
  const parsed: unknown = JSON.parse(row.package_ids);
  return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === "string") : null;
}

/** The codes as the console shows them: state, uses and revenue. */
export async function describeCodes(
  db: Db,
  rows: store.GeneralCodeRow[],
  siteNames: Map<number, string>,
  now: number,
): Promise<StaffDiscountCode[]> {
  const ids = rows.map((row) => row.id);
  const [counts, revenue] = await Promise.all([store.countUses(db, ids), store.revenueOf(db, ids)]);
  return rows.map((row) => {
    const { used, reserved } = counts.get(row.id) ?? { used: 0, reserved: 0 };
    const uses = used + reserved;
    const paused = row.paused_at !== null;
    return {
      id: row.id,
      site_id: row.site_id,
      site_name: siteNames.get(row.site_id) ?? `#${row.site_id}`,
      code: row.code,
      kind: row.bonus_credits === null ? ("percent" as const) : ("bonus" as const),
      // A bonus code's percent column is a placeholder (migration 0035): not shown.
      percent: row.bonus_credits === null ? row.percent : null,
      bonus_credits: row.bonus_credits,
      package_ids: packageIdsOf(row),
      min_credits: row.min_credits,
      valid_from: row.valid_from,
      valid_until: row.valid_until,
      max_uses: row.max_uses,
      paused,
      state: codeState({ ...row, paused, uses }, now),
      uses,
      used,
      reserved,
      revenue: revenue.get(row.id) ?? [],
    };
  });
}

export interface CodeInput {
  site: number;
  code: string;
  percent: number | null;
  bonus_credits: number | null;
  package_ids: string[];
  min_credits: number;
  valid_from: number;
  valid_until: number | null;
  max_uses: number | null;
}

/** What the audit log keeps of a code: the fields an admin can change, readable. */
function summary(values: store.GeneralCodeValues): Record<string, string> {
  const when = (ms: number | null) => (ms === null ? "none" : new Date(ms).toISOString().slice(0, 16).replace("T", " "));
  return {
    code: values.code,
    percent: values.percent === null ? "none" : `${values.percent}%`,
    bonus_credits: values.bonusCredits === null ? "none" : String(values.bonusCredits),
    packages: values.packageIds === null ? "all" : values.packageIds.join(" "),
    min_credits: String(values.minCredits),
    start: when(values.validFrom),
    end: when(values.validUntil),
    max_uses: values.maxUses === null ? "no cap" : String(values.maxUses),
  };
}

/** "field: before → after" for each field that changed (or every field of a new code). */
function diff(before: Record<string, string> | null, after: Record<string, string>) {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(after)) {
    if (before === null) parts.push(`${key} ${value}`);
    else if (before[key] !== value) parts.push(`${key} ${before[key]} → ${value}`);
  }
  return parts.join("; ") || "no change";
}

/**
 * Saves a new code (no id) or changes to one: the site must be the admin's and the packages
 * the site's credit packages; the code text unique on the site. Answers the code's id.
 */
export async function saveCode(db: Db, admin: Admin, existing: store.GeneralCodeRow | null, input: CodeInput, now = Date.now()) {
  const site: Site | null = inScope(admin, input.site) ? await findSiteById(db, input.site) : null;
  if (!site) throw fieldError("site", "invalid", "Choose one of your sites.");
  if (existing && existing.site_id !== site.id) throw fieldError("site", "not_allowed", "A code stays on its site.");
  const known = new Set(site.settings.commerce.credit_packages.map((p) => p.id));
  if (input.package_ids.some((id) => !known.has(id))) {
    throw fieldError("package_ids", "unknown_package", "Choose packages of the site.");
  }
  const values: store.GeneralCodeValues = {
    siteId: site.id,
    code: input.code,
    percent: input.bonus_credits === null ? input.percent : null,
    bonusCredits: input.bonus_credits,
    packageIds: input.package_ids.length === 0 ? null : [...new Set(input.package_ids)],
    minCredits: input.min_credits,
    validFrom: input.valid_from,
    validUntil: input.valid_until,
    maxUses: input.max_uses,
  };
  const taken = () => fieldError("code", "code_taken", "The site has this code already.");
  let id: number;
  if (existing) {
    if (!(await store.updateGeneralCode(db, existing.id, values))) throw taken();
    id = existing.id;
  } else {
    const made = await store.insertGeneralCode(db, values, now);
    if (made === undefined) throw taken();
    id = made;
  }
  const before = existing
    ? summary({
        siteId: existing.site_id,
        code: existing.code,
        percent: existing.bonus_credits === null ? existing.percent : null,
        bonusCredits: existing.bonus_credits,
        packageIds: packageIdsOf(existing),
        minCredits: existing.min_credits,
        validFrom: existing.valid_from,
        validUntil: existing.valid_until,
        maxUses: existing.max_uses,
      })
    : null;
  await audit(db, {
    siteId: site.id,
    staffId: admin.id,
    action: existing ? "discount_code_changed" : "discount_code_created",
    detail: { code_id: id, code: values.code, change: diff(before, summary(values)) },
  });
  return { id, created: existing === null };
}

/** Pause, resume, or end now; each in the audit log with the state before and after. */
export async function changeState(db: Db, admin: Admin, row: store.GeneralCodeRow, action: DiscountCodeAction, now = Date.now()) {
  const { id } = row;
  const [before] = await describeCodes(db, [row], new Map(), now);
  if (action === "pause") await store.setGeneralCodeTimes(db, id, { paused_at: row.paused_at ?? now });
  else if (action === "resume") await store.setGeneralCodeTimes(db, id, { paused_at: null });
  else if (row.valid_until === null || row.valid_until > now) {
    // Ends now; a code that had not started yet ends at its start, so its end stays after it.
    await store.setGeneralCodeTimes(db, id, { valid_from: Math.min(row.valid_from, now - 1), valid_until: now });
  }
  const after = await store.findGeneralCode(db, id);
  const [described] = await describeCodes(db, after ? [after] : [], new Map(), now);
  await audit(db, {
    siteId: row.site_id,
    staffId: admin.id,
    action: `discount_code_${action === "expire" ? "expired" : action === "pause" ? "paused" : "resumed"}`,
    detail: { code_id: id, code: row.code, change: `state ${before?.state} → ${described?.state}` },
  });
  return id;
}
