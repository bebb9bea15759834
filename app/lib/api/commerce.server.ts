/** Commerce calls (designed, docs/api.md "Commerce"): prices, payment methods, orders. */
import type {
  CreateOrderBody,
  PremiumAction,
  PremiumCancelByMail,
  PremiumCancelConfirm,
  RetentionCodeBody,
  WithdrawalOrder,
} from "../../../contract/requests/orders";
import { PremiumCancelLinkSchema, PremiumCanceledSchema, PremiumCancelRequestedSchema } from "../../../contract/answers/premium";
import {
  PremiumAnswerSchema,
  WithdrawalAnswerSchema,
  WithdrawalsAnswerSchema,
  DiscountAnswerSchema,
  LatestOrderAnswerSchema,
  OrderAnswerSchema,
  PaymentMethodsAnswerSchema,
  PricingAnswerSchema,
} from "../../../contract/schemas";
import type { ApiClient } from "./client.server";

/** What the site sells, priced for a buyer in `country` (absent: the member's or the visitor's). */
/** The price list; for a member each package has the best of their discounts off, `code` (a typed code) among them. */
export function fetchPricing(api: ApiClient, country?: string, code?: string) {
  return api.call(PricingAnswerSchema, "/api/pricing.php", {
    query: { ...(country ? { country } : {}), ...(code ? { code } : {}) },
  });
}

/** The provider's methods for a package, or for a premium plan's first payment (methods that make a mandate). */
export function fetchPaymentMethods(api: ApiClient, country: string, item: { package: string } | { plan: string }) {
  return api.call(PaymentMethodsAnswerSchema, "/api/payment_methods.php", { query: { country, ...item } });
}

export function createOrder(api: ApiClient, body: CreateOrderBody) {
  return api.call(OrderAnswerSchema, "/api/orders.php", { method: "POST", body });
}

/** The order, reconciled with the provider; only its state when the member is not the buyer. */
export function fetchOrder(api: ApiClient, id: string) {
  return api.call(OrderAnswerSchema, "/api/orders.php", { query: { id } });
}

/** The member's last paid package and method, or null. */
export function fetchLatestOrder(api: ApiClient) {
  return api.call(LatestOrderAnswerSchema, "/api/orders.php", { query: { latest: "credits" } });
}

/** A typed discount code, if the member may use it now (the API's refusal says why not). */
export function fetchDiscountCode(api: ApiClient, code: string) {
  return api.call(DiscountAnswerSchema, "/api/discountcode.php", { query: { code } });
}

/** The active automatic discount (time bonus, else welcome code); a refusal means none. */
export function fetchActiveDiscount(api: ApiClient) {
  return api.call(DiscountAnswerSchema, "/api/discountcode.php", { query: { welcome: "true" } });
}

/** The account-deletion offer as the member's own code (made once). */
export function requestRetentionCode(api: ApiClient) {
  const body: RetentionCodeBody = { kind: "retention" };
  return api.call(DiscountAnswerSchema, "/api/discountcode.php", { method: "POST", body });
}

/** The member's purchases of the last 14 days, and what withdrawing from each gives back. */
export function fetchWithdrawals(api: ApiClient) {
  return api.call(WithdrawalsAnswerSchema, "/api/withdrawals.php");
}

export function fetchWithdrawal(api: ApiClient, order: string) {
  return api.call(WithdrawalAnswerSchema, "/api/withdrawals.php", { query: { order } });
}

/** Withdraws from a purchase (once, however often it is sent). */
export function withdrawFromOrder(api: ApiClient, order: string) {
  const body: WithdrawalOrder = { order };
  return api.call(WithdrawalAnswerSchema, "/api/withdrawals.php", { method: "POST", body });
}

/** The member's premium membership while it runs (null otherwise), and a failed renewal. */
export function fetchPremium(api: ApiClient) {
  return api.call(PremiumAnswerSchema, "/api/premium.php");
}

/** Stops premium's renewal; the period runs to its end. */
export function cancelPremium(api: ApiClient) {
  const body: PremiumAction = { action: "cancel" };
  return api.call(PremiumAnswerSchema, "/api/premium.php", { method: "POST", body });
}

/** "Cancel contracts here" without logging in: the address's membership on this site. */
export function cancelPremiumByMail(api: ApiClient, email: string) {
  const body: PremiumCancelByMail = { email };
  return api.call(PremiumCancelRequestedSchema, "/api/premium_cancel.php", { method: "POST", body });
}

/** Whether the confirmation link mailed by cancelPremiumByMail still works. */
export function checkPremiumCancelToken(api: ApiClient, token: string) {
  return api.call(PremiumCancelLinkSchema, "/api/premium_cancel.php", { query: { token } });
}

/** The mailed link's owner confirms the cancellation. */
export function confirmPremiumCancel(api: ApiClient, token: string) {
  const body: PremiumCancelConfirm = { token };
  return api.call(PremiumCanceledSchema, "/api/premium_cancel.php", {
    method: "POST",
    query: { do: "1" },
    body,
  });
}
