/**
 * Developer-only calls (POST /api/dev/credits.php, below). GET /api/dev/mailbox.php: this site's newest outbox mails, for the
 * development mailbox page (/_dev/mailbox), so a newcomer can open the activation link without
 * a mail server. Each answers only where lib/dev-tools.ts allows it; everywhere else it does
 * not exist (404, the same answer as an unknown call).
 */
import { Hono } from "hono";
import { APPEAL_WINDOW_MS, decide } from "../domain/moderation";
import { closeSocketsOfBan } from "../domain/bans";
import { pauseMember } from "../domain/trusted-reporters";
import { DevPauseMadeSchema } from "../../../contract/trusted-reporters";
import { notifyHostDesk } from "../durable-objects/inbox";
import {
  DevDecisionMadeSchema,
  DevFaultSetSchema,
  DevHostWaitSchema,
  DevTimeBonusAnswerSchema,
} from "../../../contract/answers/dev";
import { MailboxAnswerSchema } from "../../../contract/schemas/account";
import { CreditsSetSchema, DevToolsSchema } from "../../../contract/schemas/chat";
import { StaffCodesAnswerSchema } from "../../../contract/staff";
import type { ApiContext } from "../context";
import {
  DevCreditsBodySchema,
  DevDecisionBodySchema,
  DevFaultBodySchema,
  DevTimeBonusBodySchema,
} from "../../../contract/requests/dev";
import {
  backdateDecision,
  devModeratorId,
  endTimeBonuses,
  findStaffSecrets,
  listOutboxMails,
  randomEntertainmentProfile,
} from "../db/dev-tools";
import { openConversation } from "../db/conversations";
import { sendDevMessage } from "../domain/messages";
import { clearFaults, faultOwner, setFault } from "../lib/faults";
import { createPersonalCode } from "../domain/discounts";
import * as ledger from "../domain/ledger";
import { DEMO_STAFF_EMAILS, devToolsEnabled } from "../lib/dev-tools";
import { answer } from "../lib/answer";
import { ApiError } from "../lib/errors";
import { readBody } from "../lib/request";
import { requireMember } from "../lib/member";
import { currentCode } from "../lib/totp";

const LIMIT = 50;
const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g;

/** The http(s) URLs in a plain-text mail body, in order, without duplicates. */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(URL_IN_TEXT) ?? [])];
}

export const dev = new Hono<ApiContext>()
  /** GET /api/dev/tools.php: whether the development tools answer here (the /_dev panel asks). */
  .get("/dev/tools.php", (c) => {
    if (!devToolsEnabled(c)) throw new ApiError(404, "not_found", "No such API call.");
    return answer(c, DevToolsSchema, { tools: ["mailbox", "credits", "time_bonus"] });
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
      const entry = ledger.ledgerEntry(me.id, credits - balance, { kind: "dev_adjustment", nonce: crypto.randomUUID() });
      await ledger.adjust(c.env.DB, c.var.db, entry);
    }
    return answer(c, CreditsSetSchema, { credits });
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
    const staffId = await devModeratorId(db, now);
    const outcome = await decide(
      { d1: c.env.DB, bucket: c.env.PHOTOS },
      {
        staffId,
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
      await backdateDecision(db, outcome.decisionId, decidedAt, decidedAt + APPEAL_WINDOW_MS);
    }
    return answer(c, DevDecisionMadeSchema, { decision_id: outcome.decisionId }, 201);
  })
  /**
   * POST /api/dev/pause.php: pauses the logged-in member's new conversations as two trusted reports
   * for scam would (ADR 058): the pause case, its automated decision, the audit line.
   */
  .post("/dev/pause.php", async (c) => {
    if (!devToolsEnabled(c)) throw new ApiError(404, "not_found", "No such API call.");
    const me = requireMember(c);
    const paused = await pauseMember(c.env.DB, c.var.db, { memberId: me.id, category: "scam", references: ["R-DEV", "R-DEV"] });
    return answer(c, DevPauseMadeSchema, { paused }, 201);
  })
  /** POST /api/dev/fault.php: the fault switch for tests (lib/faults.ts). */
  .post("/dev/fault.php", async (c) => {
    if (!devToolsEnabled(c)) throw new ApiError(404, "not_found", "No such API call.");
    const body = await readBody(c, DevFaultBodySchema);
    if ("clear" in body) clearFaults(faultOwner(c));
    else setFault(faultOwner(c), body);
    return answer(c, DevFaultSetSchema, "done");
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
      await endTimeBonuses(c.var.db, me.id, now);
      return answer(c, DevTimeBonusAnswerSchema, { time_bonus: null });
    }
    const row = await createPersonalCode(c.var.db, {
      siteId: c.var.site.id,
      memberId: me.id,
      kind: "time_bonus",
      percent: body.percent,
      validUntil: now + body.hours * 60 * 60 * 1000,
    });
    return answer(c, DevTimeBonusAnswerSchema, {
      time_bonus: { code: row.code, percent: row.percent, valid_until: row.valid_until },
    });
  })
  /**
   * POST /api/dev/host_wait.php: the logged-in member writes (free) to a random entertainment
   * profile of the site, so the hosts' queue has someone waiting (ADR 045).
   */
  .post("/dev/host_wait.php", async (c) => {
    if (!devToolsEnabled(c)) throw new ApiError(404, "not_found", "No such API call.");
    const me = requireMember(c);
    const { db } = c.var;
    const profile = await randomEntertainmentProfile(db, c.var.site.id, me.id);
    if (!profile) throw new ApiError(404, "profile_not_found", "This site has no entertainment profile to write to.");
    const conversation = await openConversation(c.env.DB, db, me.id, profile.id);
    await sendDevMessage(c.env.DB, db, me.id, profile.id, conversation);
    await notifyHostDesk(c, c.var.site.id);
    return answer(c, DevHostWaitSchema, { conversation, profile: profile.id });
  })
  .get("/dev/mailbox.php", async (c) => {
    if (!devToolsEnabled(c)) throw new ApiError(404, "not_found", "No such API call.");
    const rows = await listOutboxMails(c.var.db, c.var.site.id, LIMIT);
    c.header("cache-control", "no-store");
    return answer(c, MailboxAnswerSchema, {
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
    });
  })
  /**
   * GET /api/dev/staff_codes.php: the current TOTP code of each demo staff account, for the
   * /_dev/staff-codes page.
   */
  .get("/dev/staff_codes.php", async (c) => {
    if (!devToolsEnabled(c)) throw new ApiError(404, "not_found", "No such API call.");
    const rows = await findStaffSecrets(c.var.db, Object.values(DEMO_STAFF_EMAILS));
    return answer(c, StaffCodesAnswerSchema, {
      codes: rows.map((row) => {
        const { code, validFor } = currentCode(row.totp_secret);
        return { email: row.email, code, valid_for: validFor };
      }),
    });
  });
