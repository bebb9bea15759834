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

/** The quote for `item` (a package or plan) for a buyer in `country`, before any discount. */
export function quote(settings: PricingSettings, item: Priced, country: string): Quote {
  const currency = currencyFor(settings, country);
  const list = item.prices[currency] ?? item.prices[settings.commerce.currency] ?? 0;
  const rate = vatRateFor(settings.commerce, country);
  return {
    currency,
    list_cents: list,
    discount_cents: 0,
    amount_cents: list,
    vat_rate: rate,
    vat_cents: vatIncluded(list, rate),
  };
}

/**
 * The quote with `percent` off the list price: the discount is rounded up to the cent, in the
 * buyer's favour, and at least one cent is left to pay.
 */
export function withDiscount(base: Quote, percent: number): Quote {
  const bounded = Math.min(Math.max(percent, 0), 100);
  const discount = Math.max(Math.min(Math.ceil((base.list_cents * bounded) / 100), base.list_cents - 1), 0);
  const amount = base.list_cents - discount;
  return { ...base, discount_cents: discount, amount_cents: amount, vat_cents: vatIncluded(amount, base.vat_rate) };
}

/** What a discount code limits itself to: packages of at least `min_credits`, and only `package_ids` when listed. */
export interface DiscountScope {
  min_credits: number;
  package_ids: string[] | null;
}

export function discountApplies(scope: DiscountScope, pkg: { id: string; credits: number }): boolean {
  return pkg.credits >= scope.min_credits && (scope.package_ids === null || scope.package_ids.includes(pkg.id));
}

/** A discount a member could use: what `bestDiscount` chooses from. */
export interface DiscountOffer extends DiscountScope {
  code: string;
  kind: "general" | "welcome" | "time_bonus" | "retention";
  percent: number;
  /** A credits-bonus code's extra credits (docs/decisions/054): it takes nothing off the price. */
  bonus_credits?: number | null;
}

/** Whether the offer is a credits-bonus code (extra credits, never a price). */
export function isBonus(offer: Pick<DiscountOffer, "bonus_credits">): boolean {
  return offer.bonus_credits != null && offer.bonus_credits > 0;
}

/** Why an offer does not count for a package: another gives more, as much, or it is not for that package. */
export type PassedOverReason = "better_discount" | "same_discount" | "not_for_package";

export interface DiscountChoice<D extends DiscountOffer> {
  /** The offer that counts for the package (the biggest percent), or null. */
  applied: D | null;
  /** The credits-bonus code that counts for the package, or null: its credits are added, the price stays. */
  bonus: D | null;
  /** Every other offer, with why it does not count. */
  passed_over: { offer: D; reason: PassedOverReason }[];
}

/**
 * The best of a member's discounts for one package (docs/product.md §10.5): a code never makes a
 * price worse, so the biggest applicable percent wins. On a tie the earlier offer wins (callers
 * list the automatic one, welcome or time bonus, before a typed code, so the typed code is not
 * used up for nothing). A credits-bonus code never takes part in the price (docs/decisions/054):
 * the percent that wins is the one the member would have without it, and the bonus, when it is
 * for the package, is added on top; when it is not, it is passed over as not for the package.
 */
export function bestDiscount<D extends DiscountOffer>(
  offers: readonly D[],
  pkg: { id: string; credits: number },
): DiscountChoice<D> {
  let applied: D | null = null;
  let bonus: D | null = null;
  for (const offer of offers) {
    if (!discountApplies(offer, pkg)) continue;
    if (isBonus(offer)) bonus ??= offer;
    else if (offer.percent > 0 && (applied === null || offer.percent > applied.percent)) applied = offer;
  }
  const passed_over = offers
    .filter((offer) => offer !== applied && offer !== bonus)
    .map((offer) => ({
      offer,
      reason: !discountApplies(offer, pkg)
        ? ("not_for_package" as const)
        : applied !== null && applied.percent > offer.percent
          ? ("better_discount" as const)
          : ("same_discount" as const),
    }));
  return { applied, bonus, passed_over };
}

/** Days a list price must have held before a discount may show it struck through (EU Omnibus directive). */
export const PRIOR_PRICE_DAYS = 30;

/**
 * Whether the list price may be shown struck through next to a discounted one: only when it
 * has been the price for the last 30 days, so it is the lowest price of that period (the site's
 * `commerce.prices_since`). Otherwise the discount is shown as a line of its own.
 */
export function mayStrikeThrough(pricesSince: string | undefined, now: number): boolean {
  if (!pricesSince) return false;
  const since = Date.parse(pricesSince);
  return Number.isFinite(since) && now - since >= PRIOR_PRICE_DAYS * 24 * 60 * 60 * 1000;
}

/** What one credit costs in the cheapest-per-credit package, in cents (for "a message costs about …"); null when nothing is sold. */
export function bestCentsPerCredit(settings: PricingSettings, country: string): number | null {
  const currency = currencyFor(settings, country);
  const perCredit = settings.commerce.credit_packages.map((p) => (p.prices[currency] ?? Number.POSITIVE_INFINITY) / p.credits);
  return perCredit.length > 0 ? Math.min(...perCredit) : null;
}
