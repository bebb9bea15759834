/**
 * What something costs a buyer (docs/product.md §10): the currency of their country, the price
 * of the package in it, a discount, and the VAT the price includes. Pure, so the page that
 * shows a price and the API that charges it compute the same number.
 */
import type { CommerceSettings, StoredSettings } from "../schemas";

type Priced = { prices: Record<string, number> };
type PricingSettings = Pick<StoredSettings, "minimum_message_costs" | "commerce">;

/**
 * The currency a buyer in `country` pays in: their country's message-cost currency when every
 * package and plan has a price in it, else the site's default.
 */
export function currencyFor(settings: PricingSettings, country: string): string {
  const local = settings.minimum_message_costs[country]?.currency;
  const { commerce } = settings;
  const sellable = (currency: string) =>
    [...commerce.credit_packages, ...commerce.premium_plans].every((p) => p.prices[currency] !== undefined);
  return local && sellable(local) ? local : commerce.currency;
}

/** The VAT rate (percent) the price includes for a buyer in `country`; 0 where the site charges none. */
export function vatRateFor(commerce: Pick<CommerceSettings, "vat_rates">, country: string): number {
  return commerce.vat_rates[country] ?? 0;
}

export interface Quote {
  currency: string;
  /** The price before the discount, in cents. */
  list_cents: number;
  discount_cents: number;
  /** What the buyer pays, VAT included, in cents. */
  amount_cents: number;
  vat_rate: number;
  /** The VAT inside amount_cents. */
  vat_cents: number;
}

/** The VAT inside a VAT-inclusive price, rounded to the cent. */
export function vatIncluded(amountCents: number, rate: number): number {
  return Math.round((amountCents * rate) / (100 + rate));
}

/**
 * The quote for `item` (a package or plan) for a buyer in `country`, with `discountPercent` off
 * (rounded down to the cent in the buyer's favour; never below one cent).
 */
export function quote(settings: PricingSettings, item: Priced, country: string, discountPercent = 0): Quote {
  const currency = currencyFor(settings, country);
  const list = item.prices[currency] ?? item.prices[settings.commerce.currency] ?? 0;
  const percent = Math.min(Math.max(discountPercent, 0), 100);
  const discount = Math.min(Math.ceil((list * percent) / 100), list - 1);
  const amount = list - Math.max(discount, 0);
  const rate = vatRateFor(settings.commerce, country);
  return {
    currency,
    list_cents: list,
    discount_cents: list - amount,
    amount_cents: amount,
    vat_rate: rate,
    vat_cents: vatIncluded(amount, rate),
  };
}

/** What one credit costs in the cheapest-per-credit package, in cents (for "a message costs about …"); null when nothing is sold. */
export function bestCentsPerCredit(settings: PricingSettings, country: string): number | null {
  const currency = currencyFor(settings, country);
  const perCredit = settings.commerce.credit_packages.map((p) => (p.prices[currency] ?? Number.POSITIVE_INFINITY) / p.credits);
  return perCredit.length > 0 ? Math.min(...perCredit) : null;
}
