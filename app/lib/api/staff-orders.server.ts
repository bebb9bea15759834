/** Orders in the staff console (docs/api.md "Orders in the staff console", ADR 048): admins only. */
import {
  StaffOrderActionAnswerSchema,
  StaffOrderAnswerSchema,
  StaffOrdersAnswerSchema,
  type StaffOrderActionBody,
} from "../../../contract/staff-orders";
import type { ApiClient } from "./client.server";

export function staffOrders(api: ApiClient, q: string) {
  return api.call(StaffOrdersAnswerSchema, "/api/staff/orders.php", { query: { q } });
}

export function staffOrder(api: ApiClient, id: string) {
  return api.call(StaffOrderAnswerSchema, "/api/staff/order.php", { query: { id } });
}

export function refundStaffOrder(api: ApiClient, body: StaffOrderActionBody) {
  return api.call(StaffOrderActionAnswerSchema, "/api/staff/order_refund.php", { method: "POST", body });
}

export function chargeBackStaffOrder(api: ApiClient, body: StaffOrderActionBody) {
  return api.call(StaffOrderActionAnswerSchema, "/api/staff/order_chargeback.php", { method: "POST", body });
}
