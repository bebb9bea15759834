/**
 * Discount codes (issue 12; docs/product.md §7, §10.5; docs/api.md "Commerce"):
 *
 * - GET /api/discountcode.php?code= (member): the typed code, if the member may use it now;
 *   other parameters are passed through by the page and ignored.
 * - GET /api/discountcode.php?welcome=true (member): the active automatic discount, the running
 *   time bonus or else the welcome code; 404 no_discount when there is none (pages ignore it).
 * - POST /api/discountcode.php { kind: "retention" } (designed, member): the account-deletion
 *   offer (delete_discount) as the member's own one-time code, made once.
 */
import { Hono } from "hono";
import { DiscountQuerySchema, RetentionCodeBodySchema } from "../../../contract/requests/orders";
import { DiscountAnswerSchema } from "../../../contract/schemas";
import type { ApiContext } from "../context";
import { orderDeps } from "../domain/order-deps";
import * as discounts from "../domain/discounts";
import { freeUnpayableReservations } from "../domain/order-settlement";
import { answer } from "../lib/answer";
import { ApiError } from "../lib/errors";
import { requireMember } from "../lib/member";
import { readBody, readQuery } from "../lib/request";

export const discountCodes = new Hono<ApiContext>()
  .get("/discountcode.php", async (c) => {
    const member = requireMember(c);
    const query = readQuery(c, DiscountQuerySchema);
    const buyer = { id: member.id, signup_date: member.signup_date, name: member.name, email: member.email };
    c.header("cache-control", "no-store");
    // A code held by an order that can no longer be paid is free again (docs/product.md §10.5).
    await freeUnpayableReservations(orderDeps(c), member.id);
    if ("welcome" in query) {
      const row = await discounts.activeDiscount(c.var.db, c.var.site, buyer);
      if (!row) throw new ApiError(404, "no_discount", "No discount is running for you.");
      return answer(c, DiscountAnswerSchema, { discount: discounts.toDiscount(row, buyer) });
    }
    const row = await discounts.codeForMember(c.var.db, c.var.site.id, buyer, query.code);
    return answer(c, DiscountAnswerSchema, { discount: discounts.toDiscount(row, buyer) });
  })
  .post("/discountcode.php", async (c) => {
    const member = requireMember(c);
    await readBody(c, RetentionCodeBodySchema);
    const percent = c.var.site.settings.delete_discount;
    if (percent < 1) throw new ApiError(404, "no_discount", "This site makes no offer.");
    const buyer = { id: member.id, signup_date: member.signup_date, name: member.name, email: member.email };
    const { row, made } = await discounts.retentionCodeFor(c.var.db, { siteId: c.var.site.id, memberId: member.id, percent });
    return answer(c, DiscountAnswerSchema, { discount: discounts.toDiscount(row, buyer) }, made ? 201 : 200);
  });
