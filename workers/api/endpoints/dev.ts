/**
 * Developer-only calls (POST /api/dev/credits.php, below). GET /api/dev/mailbox.php: this site's newest outbox mails, for the
 * development mailbox page (/_dev/mailbox), so a newcomer can open the activation link without
 * a mail server. Answers only when DEV_TOOLS is "1" AND the request is for a loopback host;
 * everywhere else it does not exist (404, the same answer as an unknown call).
 */
import { Hono, type Context } from "hono";
import { APPEAL_WINDOW_MS, decide } from "../domain/moderation";
import { closeSocketsOfBan } from "../domain/bans";
import type { MailboxAnswer } from "../../../contract/schemas";
import type { ApiContext } from "../context";
import {
  DevCreditsBodySchema,
  DevDecisionBodySchema,
  DevFaultBodySchema,
  DevTimeBonusBodySchema,
} from "../../../contract/requests/dev";
import { clearFaults, faultOwner, setFault } from "../lib/faults";
import { createPersonalCode } from "../domain/discounts";
import * as ledger from "../domain/ledger";
import { ApiError } from "../lib/errors";
import { readBody } from "../lib/request";
import { requireMember } from "../lib/member";

const LIMIT = 50;
const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g;

export function devToolsEnabled(c: Context<ApiContext>): boolean {
  return c.env.DEV_TOOLS === "1" && c.var.local;
}

/** The http(s) URLs in a plain-text mail body, in order, without duplicates. */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(URL_IN_TEXT) ?? [])];
}

export const dev = new Hono<ApiContext>()
  /** GET /api/dev/tools.php: whether the development tools answer here (the /_dev panel asks). */
  .get("/dev/tools.php", (c) => {
    if (!devToolsEnabled(c)) throw new ApiError(404, "not_found", "No such API call.");
    return c.json({ tools: ["mailbox", "credits", "time_bonus"] });
  })
  /**
   * POST /api/dev/credits.php { credits }: sets the logged-in member's balance (the development
   * panel's "set credits to zero"), with one ledger entry for the difference, as anything else
   * that changes credits.
   */
  .post("/dev/credits.php", async (c) => {
    if (!devToolsEnabled(c)) throw new ApiError(404, "not_found", "No such API call.");
    const me = requireMember(c);
    const { credits } = await readBody(c, DevCreditsBodySchema);
    const balance = await ledger.balance(c.var.db, me.id);
    if (balance !== credits) {
      const entry = { memberId: me.id, amount: credits - balance, reason: "dev_adjustment", key: `dev:${crypto.randomUUID()}` };
      await ledger.adjust(c.env.DB, c.var.db, entry);
    }
    return c.json({ credits });
  })
  /**
   * POST /api/dev/decision.php { action, category, reason, closed_days_ago? }: a decision against
   * the logged-in member, written by the staff console's decide() (ADR 030) and signed by a
   * development moderator; a ban becomes the ban in force and ends the member's sessions. A
   * remove_photo names no photo (it removes none); closed_days_ago back-dates the decision.
   */
  .post("/dev/decision.php", async (c) => {
    if (!devToolsEnabled(c)) throw new ApiError(404, "not_found", "No such API call.");
    const me = requireMember(c);
    const body = await readBody(c, DevDecisionBodySchema);
    const { db } = c.var;
    const now = Date.now();
    await db
      .insertInto("staff")
      .values({
        site_id: null,
        email: "dev-moderator@localhost.invalid",
        name: "Development moderator",
        role: "moderator",
        password_hash: "!",
        totp_secret: "!",
        disabled_at: now,
        created_at: now,
      })
      .onConflict((oc) => oc.column("email").doNothing())
      .execute();
    const staff = await db
      .selectFrom("staff")
      .select("id")
      .where("email", "=", "dev-moderator@localhost.invalid")
      .executeTakeFirstOrThrow();
    const outcome = await decide(
      { d1: c.env.DB, bucket: c.env.PHOTOS },
      {
        staffId: staff.id,
        siteId: me.site_id,
        memberId: me.id,
        action: body.action,
        category: body.category,
        reason: body.reason,
        auditSiteId: me.site_id,
      },
    );
    // Without a case or a photo, decide() refuses only a ban of a member banned meanwhile (two calls at once).
    if (!outcome.ok) throw new ApiError(409, "already_banned", "This member is banned already.");
    if (body.action === "ban") await closeSocketsOfBan(c.env, db, outcome.decisionId);
    if (body.closed_days_ago !== undefined) {
      // Back-dated, so that its appeal period ended closed_days_ago days ago.
      const decidedAt = now - APPEAL_WINDOW_MS - body.closed_days_ago * 24 * 60 * 60 * 1000;
      await db
        .updateTable("moderation_decisions")
        .set({ created_at: decidedAt, appeal_until: decidedAt + APPEAL_WINDOW_MS })
        .where("id", "=", outcome.decisionId)
        .execute();
    }
    return c.json({ decision_id: outcome.decisionId }, 201);
  })
  /** POST /api/dev/fault.php: the fault switch for tests (lib/faults.ts). */
  .post("/dev/fault.php", async (c) => {
    if (!devToolsEnabled(c)) throw new ApiError(404, "not_found", "No such API call.");
    const body = await readBody(c, DevFaultBodySchema);
    if ("clear" in body) clearFaults(faultOwner(c));
    else setFault(faultOwner(c), body);
    return c.json("done");
  })
  /**
   * POST /api/dev/time_bonus.php { action: "start", percent, hours } | { action: "expire" }: starts
   * a time bonus for the logged-in member (a personal code until now + hours), or ends every
   * running one now (the development panel).
   */
  .post("/dev/time_bonus.php", async (c) => {
    if (!devToolsEnabled(c)) throw new ApiError(404, "not_found", "No such API call.");
    const me = requireMember(c);
    const body = await readBody(c, DevTimeBonusBodySchema);
    const now = Date.now();
    if (body.action === "expire") {
      await c.var.db
        .updateTable("discount_codes")
        .set({ valid_until: now })
        .where("member_id", "=", me.id)
        .where("kind", "=", "time_bonus")
        .where((eb) => eb.or([eb("valid_until", "is", null), eb("valid_until", ">", now)]))
        .execute();
      return c.json({ time_bonus: null });
    }
    const row = await createPersonalCode(c.var.db, {
      siteId: c.var.site.id,
      memberId: me.id,
      kind: "time_bonus",
      percent: body.percent,
      validUntil: now + body.hours * 60 * 60 * 1000,
    });
    return c.json({ time_bonus: { code: row.code, percent: row.percent, valid_until: row.valid_until } });
  })
  .get("/dev/mailbox.php", async (c) => {
    if (!devToolsEnabled(c)) throw new ApiError(404, "not_found", "No such API call.");
    const rows = await c.var.db
      .selectFrom("mail_outbox")
      .select(["id", "to_address", "subject", "text", "html", "created_at", "delivered_at"])
      .where("site_id", "=", c.var.site.id)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(LIMIT)
      .execute();
    const answer: MailboxAnswer = {
      mails: rows.map((row) => ({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        text: row.text,
        html: row.html,
        links: linksIn(row.text),
        created_at: row.created_at,
        delivered_at: row.delivered_at,
      })),
    };
    c.header("cache-control", "no-store");
    return c.json(answer);
  });
