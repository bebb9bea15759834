/**
 * The staff moderation console's calls (issue 15; docs/api.md "Staff", ADR 029). Staff are not
 * members: they log in here with email, password and a TOTP code, and every call needs that
 * staff session (lib/staff.ts). A member's session opens none of them (403 staff_only); no
 * session at all is 401 staff_login_required.
 *
 * Scope: staff of one site (staff.site_id) see that site's cases, appeals and new photos and act
 * on that site's members only; platform staff (site_id NULL) see every site. A case, appeal,
 * photo or member outside the scope answers 404 as if it did not exist. A case on the scope
 * about a member of another site (sites show each other's profiles) can be read and dismissed,
 * but anything against the member is 403 other_site_member: that site's staff decide it.
 *
 * Every login (right or wrong), code, case view, decision and appeal outcome is written to
 * staff_audit. The calls are in staff/, by what the staff do; the hosts' workplace (staff/hosts.ts,
 * ADR 045) is for the role host and admins, the hosts' figures (staff/host-figures.ts) and the business figures (staff/business-figures.ts) for admins,
 * everything else for moderators and admins.
 */
import { Hono } from "hono";
import type { ApiContext } from "../context";
import { staffAppeals } from "./staff/appeals";
import { staffAudit } from "./staff/audit";
import { staffBusinessFigures } from "./staff/business-figures";
import { staffDecide } from "./staff/decide";
import { staffDiscountCodes } from "./staff/discount-codes";
import { staffHostFigures } from "./staff/host-figures";
import { staffHosts } from "./staff/hosts";
import { staffEntProfiles } from "./staff/ent-profiles";
import { staffSites } from "./staff/sites";
import { staffOrders } from "./staff/orders";
import { staffPostbacks } from "./staff/postbacks";
import { staffQueue } from "./staff/queue";
import { staffSignIn } from "./staff/sign-in";
import { staffTransparency } from "./staff/transparency";
import { staffVerifications } from "./staff/verifications";

export const staff = new Hono<ApiContext>()
  .route("/", staffSignIn)
  .route("/", staffQueue)
  .route("/", staffDecide)
  .route("/", staffAppeals)
  .route("/", staffAudit)
  .route("/", staffHosts)
  .route("/", staffEntProfiles)
  .route("/", staffHostFigures)
  .route("/", staffSites)
  .route("/", staffOrders)
  .route("/", staffDiscountCodes)
  .route("/", staffBusinessFigures)
  .route("/", staffPostbacks)
  .route("/", staffTransparency)
  .route("/", staffVerifications);
