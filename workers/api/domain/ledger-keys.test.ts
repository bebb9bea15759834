import { describe, expect, it } from "vitest";
import { buildLedgerKey, LEDGER_REASONS, type LedgerKey, parseLedgerKey, parseLedgerReason } from "./ledger-keys";

/** One key of every kind, with the text already stored in D1 for it. */
const EVERY_KIND: [LedgerKey, string][] = [
  [{ kind: "starting_credits", memberId: 42 }, "start:42"],
  [{ kind: "message", memberId: 7, sendKey: "first-key_1" }, "message:7:first-key_1"],
  [{ kind: "purchase", provider: "mollie", paymentId: "tr_WDqYK6vllg" }, "purchase:mollie:tr_WDqYK6vllg"],
  [{ kind: "premium_bonus", orderId: "ord_abcdefghijklmnopqrstuvwxyz" }, "premium-bonus:ord_abcdefghijklmnopqrstuvwxyz"],
  [{ kind: "chargeback", paymentId: "tr_abc", totalCents: 1000 }, "chargeback:tr_abc:1000"],
  [{ kind: "withdrawal", orderId: "ord_xyz" }, "withdrawal:ord_xyz"],
  [{ kind: "dev_adjustment", nonce: "0b6f3c1e-8a1d-4c57-9d1e-2f3a4b5c6d7e" }, "dev:0b6f3c1e-8a1d-4c57-9d1e-2f3a4b5c6d7e"],
  [{ kind: "refund", orderId: "ord_xyz" }, "refund:ord_xyz"],
];

describe("ledger keys", () => {
  it("has an example of every kind", () => {
    expect(new Set(EVERY_KIND.map(([key]) => key.kind))).toEqual(new Set(LEDGER_REASONS));
  });

  it.each(EVERY_KIND)("builds %o as the stored format and reads it back", (key, stored) => {
    expect(buildLedgerKey(key)).toBe(stored);
    expect(parseLedgerKey(stored)).toEqual(key);
  });

  it.each([
    "",
    "start",
    "start:",
    "start:abc",
    "start:-1",
    "start:01",
    "start:1:2",
    "message:7",
    "message:x:key12345",
    "message:7:",
    "purchase:mollie",
    "purchase::tr_1",
    "chargeback:tr_1:ten",
    "chargeback:tr_1",
    "withdrawal:ord 1",
    "premium-bonus:",
    "refund:",
    "refunds:ord_1",
    "payment:test:1",
  ])("refuses the malformed key %j", (text) => {
    expect(parseLedgerKey(text)).toBeNull();
  });

  it("refuses to build a key it could not read back", () => {
    expect(() => buildLedgerKey({ kind: "purchase", provider: "mollie", paymentId: "tr:1" })).toThrow();
    expect(() => buildLedgerKey({ kind: "withdrawal", orderId: "" })).toThrow();
    expect(() => buildLedgerKey({ kind: "message", memberId: 1.5, sendKey: "key12345" })).toThrow();
    expect(() => buildLedgerKey({ kind: "chargeback", paymentId: "tr_1", totalCents: -5 })).toThrow();
  });

  it("reads back every reason and refuses others", () => {
    for (const reason of LEDGER_REASONS) expect(parseLedgerReason(reason)).toBe(reason);
    expect(parseLedgerReason("test")).toBeNull();
    expect(parseLedgerReason("")).toBeNull();
  });
});
