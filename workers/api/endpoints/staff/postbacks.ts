/**
 * Postbacks in the staff console, for admins (issue 28 point 5; docs/api.md "Postbacks in the
 * console", docs/decisions/050). An admin of one site sees that site's networks, a platform
 * admin every site's; another site, or a network the site neither names nor has a log of,
 * answers 404.
 *
 * - GET  /api/staff/postbacks.php?site=&network=&status=&event=&before=&days=: the admin's sites,
 *   the chosen site's networks with their templates and the macros, the chosen network's counts
 *   per status over `days` and its delivery log, newest first, a page at a time.
 * - POST /api/staff/postback_test.php { site, network, event }: one test send of the template,
 *   answered with the exact request and the network's answer; not a conversion (nothing in the
 *   log), audited, TEST_SENDS_PER_MINUTE per staff member.
 */
import { Hono } from "hono";
import {
  PostbackConsoleAnswerSchema,
  PostbackConsoleQuerySchema,
  PostbackTestAnswerSchema,
  PostbackTestBodySchema,
} from "../../../../contract/postback-console";
import { TEST_SENDS_PER_MINUTE } from "../../../../contract/rules/postback-console";
import type { ApiContext } from "../../context";
import type { Db } from "../../db/client";
import { siteNamesById } from "../../db/moderation-cases";
import { loggedNetworks } from "../../db/postback-log";
import { describeNetwork, networksOf, sendTestPostback } from "../../domain/postback-console";
import { answer } from "../../lib/answer";
import { ApiError } from "../../lib/errors";
import { takeAttempt } from "../../lib/rate-limit";
import { readBody, readQuery } from "../../lib/request";
import { findSiteById } from "../../lib/site";
import { ADMINS, inScope, requireStaff, type StaffRow } from "../../lib/staff";

/** The admin's sites by name; the chosen one (the first when none is asked for), or 404. */
async function chosenSite(db: Db, staff: StaffRow, asked: number | undefined) {
  const names = await siteNamesById(db);
  const sites = [...names]
    .filter(([id]) => inScope(staff, id))
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  const id = asked ?? sites[0]?.id;
  const site = id !== undefined && sites.some((s) => s.id === id) ? await findSiteById(db, id) : null;
  if (!site) throw new ApiError(404, "not_found", "No such site.");
  return { sites, site, name: names.get(site.id) ?? site.settings.name };
}

const noNetwork = () => new ApiError(404, "not_found", "No such network on this site.");

export const staffPostbacks = new Hono<ApiContext>()
  .get("/staff/postbacks.php", async (c) => {
    const me = await requireStaff(c, { roles: ADMINS });
    const query = readQuery(c, PostbackConsoleQuerySchema, "Some parameters are invalid.");
    const { db } = c.var;
    const { sites, site, name } = await chosenSite(db, me, query.site);
    const networks = networksOf(site, await loggedNetworks(db, site.id));
    if (query.network !== undefined && !networks.some((n) => n.name === query.network)) throw noNetwork();
    const described = await describeNetwork(db, c.env, site, name, networks, query, Date.now());
    c.header("cache-control", "no-store");
    return answer(c, PostbackConsoleAnswerSchema, { sites, ...described });
  })
  .post("/staff/postback_test.php", async (c) => {
    const me = await requireStaff(c, { roles: ADMINS });
    const body = await readBody(c, PostbackTestBodySchema, "Choose a network and an event.");
    const { db } = c.var;
    const { site } = await chosenSite(db, me, body.site);
    const templates = site.settings.postbacks?.networks[body.network];
    if (!templates) throw noNetwork();
    const template = templates[body.event];
    if (!template) {
      throw new ApiError(422, "postback_no_template", "This network has no template for this event.", {
        fields: { event: "postback_no_template" },
      });
    }
    // Each test makes our server fetch a URL: a few a minute per staff member.
    await takeAttempt(db, { key: `postback-test:staff:${me.id}`, max: TEST_SENDS_PER_MINUTE, windowMs: 60_000 });
    const result = await sendTestPostback(db, c.env, me.id, site, body.network, body.event, template);
    return answer(c, PostbackTestAnswerSchema, result);
  });
