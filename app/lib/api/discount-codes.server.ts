/** General discount codes in the staff console (docs/api.md "Discount codes in the console", ADR 049): admins only. */
import {
  DiscountCodeAnswerSchema,
  DiscountCodeSavedSchema,
  DiscountCodesAnswerSchema,
  type DiscountCodeBody,
  type DiscountCodeStateBody,
} from "../../../contract/discount-codes";
import type { ApiClient } from "./client.server";

export function discountCodes(api: ApiClient) {
  return api.call(DiscountCodesAnswerSchema, "/api/staff/discount_codes.php");
}

export function discountCode(api: ApiClient, id: number) {
  return api.call(DiscountCodeAnswerSchema, "/api/staff/discount_code.php", { query: { id: String(id) } });
}

export function saveDiscountCode(api: ApiClient, body: DiscountCodeBody) {
  return api.call(DiscountCodeSavedSchema, "/api/staff/discount_code.php", { method: "POST", body });
}

export function setDiscountCodeState(api: ApiClient, body: DiscountCodeStateBody) {
  return api.call(DiscountCodeSavedSchema, "/api/staff/discount_code_state.php", { method: "POST", body });
}
