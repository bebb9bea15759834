/**
 * POST /api/visit.php { page: "welcome" | "lander", network? } (issue 28 point 6; docs/api.md
 * "Business figures", ADR 051): the app counts a visit to the welcome page or a lander, from its
 * loader, after its answer is sent. No cookie, no member, no IP kept: one daily count per site,
 * page kind and network. 204 always for a well-formed body (a count never fails a page).
 */
import { Hono } from "hono";
import { SOURCE_MAX, VisitBodySchema } from "../../../contract/business-figures";
import { DAY_MS } from "../../../contract/rules/host-figures";
import type { ApiContext } from "../context";
import { countVisit } from "../db/business-figures";
import { readBody } from "../lib/request";

export const visits = new Hono<ApiContext>().post("/visit.php", async (c) => {
  const visit = await readBody(c, VisitBodySchema);
  const source = [...(visit.network ?? "")].slice(0, SOURCE_MAX).join("");
  await countVisit(c.var.db, {
    siteId: c.var.site.id,
    day: Math.floor(Date.now() / DAY_MS),
    source,
    figure: visit.page === "welcome" ? "visits_welcome" : "visits_lander",
  });
  return c.body(null, 204);
});
