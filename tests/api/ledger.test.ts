/**
 * The credit ledger (workers/api/domain/ledger.ts) on real D1: every change once per key, even
 * when the same change arrives several times at once (a payment provider's webhook delivered
 * twice), charges only what the balance covers, refunds as negative rows; and the development
 * panel's set-credits call, which writes through it.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../workers/api/db/client";
import * as ledger from "../../workers/api/domain/ledger";
import { call, createMember, ensureSites, loginAs } from "./helpers";

beforeAll(ensureSites);

const db = createDb(env.DB);

async function rowsWithKey(key: string) {
  const { results } = await env.DB.prepare("SELECT member_id, amount, reason FROM credit_ledger WHERE idempotency_key = ?")
    .bind(key)
    .all();
  return results;
}

describe("grant", () => {
  it("gives credits once per key: asked again, it writes nothing and says so", async () => {
    const { id } = await createMember();
    const entry = { memberId: id, amount: 50, reason: "purchase", key: `payment:test:${id}` };
    expect(await ledger.grant(env.DB, db, entry)).toEqual({ outcome: "written", balance: 50 });
    expect(await ledger.grant(env.DB, db, entry)).toEqual({ outcome: "already_written", balance: 50 });
    expect(await rowsWithKey(entry.key)).toEqual([{ member_id: id, amount: 50, reason: "purchase" }]);
  });

  it("grants a payment once when the same grant arrives many times at once", async () => {
    const { id } = await createMember();
    const entry = { memberId: id, amount: 120, reason: "purchase", key: `payment:concurrent:${id}` };
    const results = await Promise.all(Array.from({ length: 8 }, () => ledger.grant(env.DB, db, entry)));
    expect(results.filter((r) => r.outcome === "written")).toHaveLength(1);
    expect(results.filter((r) => r.outcome === "already_written")).toHaveLength(7);
    expect(await rowsWithKey(entry.key)).toHaveLength(1);
    expect(await ledger.balance(db, id)).toBe(120);
  });

  it("refuses a key that holds another member's entry, and writes nothing", async () => {
    const first = await createMember();
    const second = await createMember();
    const key = `payment:shared:${first.id}`;
    await ledger.grant(env.DB, db, { memberId: first.id, amount: 10, reason: "purchase", key });
    await expect(ledger.grant(env.DB, db, { memberId: second.id, amount: 10, reason: "purchase", key })).rejects.toThrow(
      /another entry/,
    );
    expect(await ledger.balance(db, second.id)).toBe(0);
  });

  it("refuses amounts that are not whole, non-negative numbers", async () => {
    const { id } = await createMember();
    for (const amount of [-5, 1.5, Number.NaN]) {
      await expect(
        ledger.grant(env.DB, db, { memberId: id, amount, reason: "purchase", key: `bad:${id}:${amount}` }),
      ).rejects.toThrow();
    }
    expect(await ledger.balance(db, id)).toBe(0);
  });
});

describe("refund", () => {
  it("takes credits back as a negative row, once per key, even below zero", async () => {
    const { id } = await createMember();
    await ledger.grant(env.DB, db, { memberId: id, amount: 30, reason: "purchase", key: `payment:r:${id}` });
    await ledger.charge(env.DB, db, { memberId: id, amount: 20, reason: "message", key: `message:r:${id}` });
    const entry = { memberId: id, amount: 30, reason: "refund", key: `refund:r:${id}` };
    const results = await Promise.all([ledger.refund(env.DB, db, entry), ledger.refund(env.DB, db, entry)]);
    expect(results.map((r) => r.outcome).sort()).toEqual(["already_written", "written"]);
    expect(await rowsWithKey(entry.key)).toEqual([{ member_id: id, amount: -30, reason: "refund" }]);
    expect(await ledger.balance(db, id)).toBe(-20);
  });
});

describe("charge", () => {
  it("takes credits the balance covers, once per key", async () => {
    const { id } = await createMember({ credits: 10 });
    const entry = { memberId: id, amount: 4, reason: "message", key: `message:c:${id}` };
    expect(await ledger.charge(env.DB, db, entry)).toEqual({ outcome: "written", balance: 6 });
    expect(await ledger.charge(env.DB, db, entry)).toEqual({ outcome: "already_written", balance: 6 });
    expect(await rowsWithKey(entry.key)).toEqual([{ member_id: id, amount: -4, reason: "message" }]);
  });

  it("writes nothing when the balance does not cover it", async () => {
    const { id } = await createMember({ credits: 3 });
    const entry = { memberId: id, amount: 4, reason: "message", key: `message:poor:${id}` };
    expect(await ledger.charge(env.DB, db, entry)).toEqual({ outcome: "insufficient", balance: 3 });
    expect(await rowsWithKey(entry.key)).toEqual([]);
  });

  it("never spends the same credits twice when charges race", async () => {
    const { id } = await createMember({ credits: 5 });
    const results = await Promise.all(
      [1, 2, 3].map((n) =>
        ledger.charge(env.DB, db, { memberId: id, amount: 3, reason: "message", key: `message:race:${id}:${n}` }),
      ),
    );
    expect(results.filter((r) => r.outcome === "written")).toHaveLength(1);
    expect(results.filter((r) => r.outcome === "insufficient")).toHaveLength(2);
    expect(await ledger.balance(db, id)).toBe(2);
  });
});

describe("POST /api/dev/credits.php (development panel)", () => {
  it("sets the balance with one entry for the difference, down and up", async () => {
    const member = await createMember({ credits: 25 });
    const cookie = await loginAs(member);
    for (const credits of [0, 7, 7]) {
      const response = await call("/api/dev/credits.php", { method: "POST", cookie, json: { credits } });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ credits });
      expect(await ledger.balance(db, member.id)).toBe(credits);
    }
    const { results } = await env.DB.prepare(
      "SELECT amount FROM credit_ledger WHERE member_id = ? AND reason = 'dev_adjustment' ORDER BY id",
    )
      .bind(member.id)
      .all();
    expect(results).toEqual([{ amount: -25 }, { amount: 7 }]);
  });
});
