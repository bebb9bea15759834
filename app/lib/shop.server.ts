/**
 * What the shop pages (/pricing, /credits, the order summary) load alike: the prices for the
 * payment country, and the discount that applies (docs/product.md §11).
 */
import type { Discount, PricingAnswer } from "../../contract/schemas";
import type { ApiClient } from "./api/client.server";
import { fetchActiveDiscount, fetchDiscountCode, fetchPricing } from "./api/commerce.server";
import { redirectDocument } from "react-router";
import type { ErrorCode } from "../../contract/errors";
import type { OrderAnswer } from "../../contract/schemas";
import { apiErrorMessage } from "./forms/reply.server";
import { pageError } from "./page-errors.server";

const COUNTRY = /^[A-Z]{2}$/;
const CODE = /^[A-Za-z0-9_-]{1,40}$/;

/**
 * The prices for `?country=`; a country the site does not sell in (an old link) falls back to the
 * member's. For a member the API takes the best of their discounts (the typed `?code=` among
 * them) off each package and says which one counts and why another does not (docs/product.md
 * §10.5): the page shows that, and the order is charged exactly that.
 */
export async function loadPricing(api: ApiClient, url: URL): Promise<PricingAnswer> {
  const asked = url.searchParams.get("country") ?? "";
  const typed = url.searchParams.get("code")?.trim() ?? "";
  const code = CODE.test(typed) ? typed : undefined;
  let pricing = await fetchPricing(api, COUNTRY.test(asked) ? asked : undefined, code);
  if (!pricing.ok && pricing.status === 422) pricing = await fetchPricing(api, undefined, code);
  if (!pricing.ok) return pageError(pricing.status);
  return pricing.data;
}

export interface ShopDiscount {
  discount: Discount | null;
  /** The code the member typed (`?code=`), as typed, to show it again. */
  typed: string | null;
  /** Why the typed code does not work (a message key), or null. */
  codeError: string | null;
  /** The member's open order that holds the typed code (discount_reserved), to link to it. */
  reservedFor: string | null;
}

/** The typed code (`?code=`) if there is one, else the running time bonus or welcome code. */
export async function loadDiscount(api: ApiClient, url: URL): Promise<ShopDiscount> {
  const typed = url.searchParams.get("code")?.trim() || null;
  if (typed !== null) {
    if (!CODE.test(typed))
      return { discount: null, typed: typed.slice(0, 40), codeError: "errors.discount_not_found", reservedFor: null };
    const result = await fetchDiscountCode(api, typed);
    if (result.ok) return { discount: result.data.discount, typed, codeError: null, reservedFor: null };
    const own = ["discount_not_found", "discount_expired", "discount_used", "discount_reserved", "rate_limited"] as const;
    const reservedFor = result.error.error === "discount_reserved" ? (result.error.order_id ?? null) : null;
    return { discount: null, typed, codeError: apiErrorMessage(result.error, own), reservedFor };
  }
  // No running discount is an answer like any other here: the page shows the list prices.
  const active = await fetchActiveDiscount(api).catch(() => null);
  return { discount: active?.ok ? active.data.discount : null, typed: null, codeError: null, reservedFor: null };
}

/** The order refusals the member can act on, with their own message (beside the buy button). */
export const ORDER_REFUSALS: readonly ErrorCode[] = [
  "price_changed",
  "payment_method_unavailable",
  "payment_unavailable",
  "order_in_progress",
  "unknown_package",
  "discount_used",
  "discount_reserved",
  "discount_expired",
  "discount_not_found",
  "discount_not_applicable",
  "premium_active",
];

/**
 * Where a made order sends the browser: the provider's checkout (or, locally, the demo's under
 * /api), as a document load; an order with nothing left to pay, to its transaction page.
 */
export function toCheckout({ order }: OrderAnswer): never {
  throw redirectDocument(order.mine && order.checkout_url ? order.checkout_url : `/transactions/${order.id}`);
}
