/**
 * Every credit ledger key and reason (domain/ledger.ts), built and read here only. A key names
 * the one change it stands for, so the same change asked for twice writes once; the withdrawal
 * finds a purchase's grant by the key its writer used. One builder for writers and readers means
 * a format change cannot silently break refunds (issue 26).
 *
 * The formats are those already stored in D1 (and in scripts/seed.ts, scripts/load.ts): change
 * one only with a migration of the stored rows. A key's kind is also its row's reason.
 */

/** Every kind of ledger change; also the reason column of its row (the member's data export shows it). */
export const LEDGER_REASONS = [
  "starting_credits",
  "message",
  "purchase",
  "premium_bonus",
  "chargeback",
  "withdrawal",
  "dev_adjustment",
  "refund",
] as const;

export type LedgerReason = (typeof LEDGER_REASONS)[number];

export type LedgerKey =
  /** `start:<member>`: the credits a new account starts with. */
  | { kind: "starting_credits"; memberId: number }
  /** `message:<member>:<send key>`: a chat message's charge, keyed by the composer's send key. */
  | { kind: "message"; memberId: number; sendKey: string }
  /** `purchase:<provider>:<payment id>`: a package's credits, granted once per provider payment. */
  | { kind: "purchase"; provider: string; paymentId: string }
  /** `premium-bonus:<order>`: a premium period's bonus credits. */
  | { kind: "premium_bonus"; orderId: string }
  /** `chargeback:<payment id>:<total cents charged back>`: the credits of that share taken back. */
  | { kind: "chargeback"; paymentId: string; totalCents: number }
  /** `withdrawal:<order>`: a withdrawn purchase's unused credits taken back. */
  | { kind: "withdrawal"; orderId: string }
  /** `dev:<random id>`: the development panel's "set credits" (each one its own change). */
  | { kind: "dev_adjustment"; nonce: string }
  /** `refund:<order>`: the credits of an order an admin refunded, taken back (ADR 048). */
  | { kind: "refund"; orderId: string };

/** A part of a key: anything but a colon (the separator), not empty, no white space. */
const PART = /^[^:\s]+$/;
const WHOLE = /^(0|[1-9][0-9]*)$/;

function part(value: string, what: string): string {
  if (!PART.test(value)) throw new Error(`not a ledger key part (${what}): ${JSON.stringify(value)}`);
  return value;
}

function whole(value: number, what: string): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`not a ledger key number (${what}): ${value}`);
  return String(value);
}

/** The stored key of a change. Throws on a part that would make it unreadable (a colon, empty, not a whole number). */
export function buildLedgerKey(key: LedgerKey): string {
  switch (key.kind) {
    case "starting_credits":
      return `start:${whole(key.memberId, "member")}`;
    case "message":
      return `message:${whole(key.memberId, "member")}:${part(key.sendKey, "send key")}`;
    case "purchase":
      return `purchase:${part(key.provider, "provider")}:${part(key.paymentId, "payment")}`;
    case "premium_bonus":
      return `premium-bonus:${part(key.orderId, "order")}`;
    case "chargeback":
      return `chargeback:${part(key.paymentId, "payment")}:${whole(key.totalCents, "total")}`;
    case "withdrawal":
      return `withdrawal:${part(key.orderId, "order")}`;
    case "dev_adjustment":
      return `dev:${part(key.nonce, "nonce")}`;
    case "refund":
      return `refund:${part(key.orderId, "order")}`;
  }
}

function memberOf(text: string): number | null {
  if (!WHOLE.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

/** A stored key read back; null for anything no builder makes. */
export function parseLedgerKey(text: string): LedgerKey | null {
  const parts = text.split(":");
  if (parts.some((p) => !PART.test(p))) return null;
  const [prefix, a, b] = parts;
  if (a === undefined) return null;
  if (parts.length === 2) {
    switch (prefix) {
      case "start": {
        const memberId = memberOf(a);
        return memberId === null ? null : { kind: "starting_credits", memberId };
      }
      case "premium-bonus":
        return { kind: "premium_bonus", orderId: a };
      case "withdrawal":
        return { kind: "withdrawal", orderId: a };
      case "dev":
        return { kind: "dev_adjustment", nonce: a };
      case "refund":
        return { kind: "refund", orderId: a };
    }
    return null;
  }
  if (parts.length !== 3 || b === undefined) return null;
  switch (prefix) {
    case "message": {
      const memberId = memberOf(a);
      return memberId === null ? null : { kind: "message", memberId, sendKey: b };
    }
    case "purchase":
      return { kind: "purchase", provider: a, paymentId: b };
    case "chargeback": {
      const totalCents = memberOf(b);
      return totalCents === null ? null : { kind: "chargeback", paymentId: a, totalCents };
    }
  }
  return null;
}

/** A stored reason read back; null for one no writer uses (an old or hand-made row). */
export function parseLedgerReason(text: string): LedgerReason | null {
  return LEDGER_REASONS.find((reason) => reason === text) ?? null;
}
