/**
 * What the discount-code console tests share (staff-discount-codes*.test.ts; issue 28 point 4,
 * docs/decisions/049): the admins' calls, a valid body to change one field of, and members who
 * order with a code.
 */
import { env } from "cloudflare:workers";
import {
  type DiscountCodeBody,
  DiscountCodeAnswerSchema,
  DiscountCodeSavedSchema,
  DiscountCodesAnswerSchema,
} from "../../contract/discount-codes";
import { call, createMember, loginAs } from "./helpers";
import { answer } from "./host-helpers";

const HOUR = 60 * 60 * 1000;
let counter = 0;

/** A code text no other test uses. */
export const uniqueCode = () => `T${Date.now().toString(36).toUpperCase()}${++counter}`;

export function validBody(overrides: Partial<DiscountCodeBody> = {}): DiscountCodeBody {
  return {
    site: 1,
    code: uniqueCode(),
    percent: 30,
    package_ids: [],
    min_credits: 0,
    valid_from: Date.now() - HOUR,
    valid_until: Date.now() + 24 * HOUR,
    max_uses: null,
    ...overrides,
  };
}

export const saveCode = (cookie: string, body: unknown) =>
  call("/api/staff/discount_code.php", { method: "POST", cookie, json: body });

export const setState = (cookie: string, id: number, action: string) =>
  call("/api/staff/discount_code_state.php", { method: "POST", cookie, json: { id, action } });

export async function makeCode(cookie: string, overrides: Partial<DiscountCodeBody> = {}) {
  const body = validBody(overrides);
  const { id } = await answer(await saveCode(cookie, body), 201, DiscountCodeSavedSchema);
  return { id, code: String(body.code).toUpperCase() };
}

export async function listCodes(cookie: string) {
  return answer(await call("/api/staff/discount_codes.php", { cookie }), 200, DiscountCodesAnswerSchema);
}

export async function readCode(cookie: string, id: number) {
  return answer(await call(`/api/staff/discount_code.php?id=${id}`, { cookie }), 200, DiscountCodeAnswerSchema);
}

/** A member of site 1 past the welcome offer's 48 hours (so a typed code is the only discount). */
export async function lateBuyer() {
  const member = await createMember();
  await env.DB.prepare("UPDATE members SET signup_date = ? WHERE id = ?")
    .bind(Date.now() - 72 * HOUR, member.id)
    .run();
  return { ...member, cookie: await loginAs(member) };
}

/** An order of the 250-credit package (€19.99) with the code; €13.99 at 30 % off. */
export function orderWith(cookie: string, code: string, expected = 1399) {
  return call("/api/orders.php", {
    method: "POST",
    cookie,
    json: {
      product: "credits",
      product_id: "250",
      method: "ideal",
      country: "NL",
      key: `console-code-${Date.now()}-${++counter}-key`,
      expected_cents: expected,
      expected_currency: "EUR",
      code,
    },
  });
}

export async function auditLines(codeId: number) {
  const { results } = await env.DB.prepare(
    "SELECT staff_id, action, detail FROM staff_audit WHERE action LIKE 'discount_code_%' AND json_extract(detail, '$.code_id') = ? ORDER BY id",
  )
    .bind(codeId)
    .all<{ staff_id: number; action: string; detail: string }>();
  return results.map((row) => ({ ...row, detail: JSON.parse(row.detail) as Record<string, unknown> }));
}
