/**
 * The staff console's order forms (app/routes/staff/order*.tsx; ADR 048): run in the browser and
 * again in the actions; the API checks again. A refund or chargeback needs its reason (the audit
 * log keeps it), within the bounds of a decision's reasons.
 */
import * as v from "valibot";
import { EMAIL_MAX } from "../../../contract/limits";
import { tooLong } from "./fields";
import { reasonField } from "./staff";

export const StaffOrderSearchSchema = v.object({
  q: v.pipe(v.optional(v.fallback(v.string(), ""), ""), v.trim(), v.maxLength(EMAIL_MAX, tooLong(EMAIL_MAX))),
});

export const StaffOrderActionSchema = v.object({
  intent: v.picklist(["refund", "chargeback"]),
  reason: reasonField,
});
