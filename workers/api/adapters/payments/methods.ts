/**
 * The demo provider's payment methods by the payer's country, as Mollie offers them to a Dutch
 * merchant in 2026: local methods first, then card and PayPal everywhere. Ids and names are
 * Mollie's own (https://docs.mollie.com/reference/list-methods); iDEAL shows as "iDEAL | Wero"
 * since early 2026; giropay and SOFORT are gone.
 */
import type { PaymentMethod } from "./types";

const CARD: PaymentMethod = { id: "creditcard", description: "Card" };
const PAYPAL: PaymentMethod = { id: "paypal", description: "PayPal" };

const LOCAL_METHODS: Record<string, PaymentMethod[]> = {
  NL: [{ id: "ideal", description: "iDEAL | Wero" }],
  BE: [{ id: "bancontact", description: "Bancontact" }],
  PL: [
    { id: "blik", description: "BLIK" },
    { id: "przelewy24", description: "Przelewy24" },
  ],
  AT: [{ id: "eps", description: "EPS" }],
};

/** Methods that can make a mandate for recurring payments (Mollie: iDEAL, Bancontact, EPS, card, PayPal). */
const MANDATE_METHODS = new Set(["ideal", "bancontact", "eps", "creditcard", "paypal"]);

export function demoMethods(country: string, forMandate = false): PaymentMethod[] {
  const all = [...(LOCAL_METHODS[country] ?? []), CARD, PAYPAL];
  return forMandate ? all.filter((m) => MANDATE_METHODS.has(m.id)) : all;
}

/** A method's name for a receipt, from its id (the provider's names; brand names are not translated). */
export function methodName(id: string): string {
  const all = [CARD, PAYPAL, ...Object.values(LOCAL_METHODS).flat()];
  return all.find((m) => m.id === id)?.description ?? id;
}
