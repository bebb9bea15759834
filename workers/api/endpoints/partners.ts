/**
 * Cams and the resell partner (docs/product.md §7): GET /api/xcams/search.php, the cam and ad redirects,
 * and the demo provider's snapshots. Redirects go only to hosts the site allow-lists.
 */
import { Hono, type Context } from "hono";
import { CamSearchQuerySchema } from "../../../contract/requests/partners";
import { CamSearchAnswerSchema } from "../../../contract/schemas";
import { DEMO_ACCOUNT, demoCamProvider, demoSnapshot, feedCamProvider, type CamProvider } from "../adapters/cams";
import type { ApiContext } from "../context";
import { answer } from "../lib/answer";
import { ApiError } from "../lib/errors";
import type { Site } from "../lib/site";
import { validQuery } from "../lib/validate";

/** The site's partner feed when it names one (docs/decisions/026), else the demo provider. */
function providerFor(c: Context<ApiContext>): CamProvider {
  const feed = c.var.site.settings.partner_feed;
  if (!feed) return demoCamProvider;
  return feedCamProvider(feed, feed.allow_private_hosts && c.env.POSTBACK_ALLOW_PRIVATE === "1");
}

/** The target if its host is allow-listed for this site (redirect_hosts, or the partner feed's hosts), else null. */
function allowed(site: Site, target: string | null | undefined): string | null {
  if (!target) return null;
  try {
    const url = new URL(target);
    const feedHosts = site.settings.partner_feed?.hosts ?? [];
    return url.protocol === "https:" && (site.settings.redirect_hosts.includes(url.hostname) || feedHosts.includes(url.host))
      ? url.href
      : null;
  } catch {
    return null;
  }
}

const noPartner = () => new ApiError(404, "no_partner", "This site has no partner for that.");

export const partners = new Hono<ApiContext>()
  .get("/xcams/search.php", validQuery(CamSearchQuerySchema, "Some parameters are invalid."), async (c) => {
    const query = c.req.valid("query");
    const resell = c.var.site.settings.member_resell;
    if (!resell.includes("cams") && !resell.includes("camads")) return answer(c, CamSearchAnswerSchema, { cams: {} });
    const cams = await providerFor(c).search({
      gender: query.gender,
      minAge: query.min_age,
      maxAge: query.max_age,
    });
    // The same for every visitor of the site with these filters (the app keeps it a minute:
    // docs/decisions/033-member-page-cost.md); a live list, so not for longer.
    c.header("Cache-Control", "public, max-age=60");
    return answer(c, CamSearchAnswerSchema, { cams: Object.fromEntries(cams.map((cam) => [cam.account, cam])) });
  })
  .get("/xcams/redirect.php", (c) => {
    const account = c.req.query("account") ?? "";
    const template = c.var.site.settings.partner_urls?.cams;
    const target = template ? allowed(c.var.site, providerFor(c).pageUrl(account, template)) : null;
    if (!target) throw noPartner();
    return c.redirect(target, 302);
  })
  .get("/xcams/snapshot.php", (c) => {
    const account = c.req.query("account") ?? "";
    if (!DEMO_ACCOUNT.test(account)) throw new ApiError(404, "not_found", "No such snapshot.");
    return c.body(demoSnapshot(account), 200, {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "public, max-age=86400",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    });
  })
  .get("/resellpartner.php", (c) => {
    const target = allowed(c.var.site, c.var.site.settings.partner_urls?.resell);
    if (!target) throw noPartner();
    const url = new URL(target);
    const flow = c.req.query("flow");
    if (flow && /^[a-z-]{1,40}$/.test(flow)) url.searchParams.set("flow", flow);
    return c.redirect(url.href, 302);
  });
