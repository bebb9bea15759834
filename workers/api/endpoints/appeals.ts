/**
 * The member's side of moderation decisions (issue 15; docs/product.md "Bans and appeals", ADR 030):
 *
 * - GET /api/decisions.php (designed): the decisions against the member (warnings, photos
 *   removed, bans), newest first, each with its statement of reasons (DSA art. 17), the appeal
 *   deadline and the member's appeal. Open to a banned member.
 * - POST /api/appeal.php { decision_id, text, language? } (designed): the member appeals one of
 *   those decisions (art. 20), once, within its appeal_until; answers the appeal's reference and
 *   mails an acknowledgement. Open to a banned member.
 *
 * Staff decide the appeals (the console); this only files them.
 */
import { Hono } from "hono";
import { AppealBodySchema } from "../../../contract/requests/appeals";
import { APPEAL_LIMIT_PER_HOUR, isDecisionAgainst } from "../../../contract/rules/appeals";
import { AppealFiledSchema, DecisionsAnswerSchema } from "../../../contract/schemas/members";
import type { ApiContext } from "../context";
import { decisionHasAppeal, insertAppeal } from "../db/appeals";
import { findDecisionAgainst, listDecisionsAgainst } from "../db/decisions";
import { answer } from "../lib/answer";
import { ApiError } from "../lib/errors";
import { requireMemberEvenIfBanned } from "../lib/member";
import { takeAttempt } from "../lib/rate-limit";
import { newReference } from "../lib/references";
import { readBody } from "../lib/request";
import { queueAppealMail } from "../mail/appeal";

const HOUR = 60 * 60 * 1000;

const appealExists = () => new ApiError(409, "appeal_exists", "This decision has been appealed already.");

export const appeals = new Hono<ApiContext>()
  .get("/decisions.php", async (c) => {
    const me = requireMemberEvenIfBanned(c);
    return answer(c, DecisionsAnswerSchema, { decisions: await listDecisionsAgainst(c.var.db, me) });
  })
  .post("/appeal.php", async (c) => {
    const me = requireMemberEvenIfBanned(c);
    const body = await readBody(c, AppealBodySchema);
    const { db } = c.var;
    // Counted before the decision is looked up, so the call cannot be used to probe ids fast.
    await takeAttempt(db, { key: `appeal:member:${me.id}`, max: APPEAL_LIMIT_PER_HOUR, windowMs: HOUR });
    // Only the member's own decisions: another member's is answered as if it did not exist.
    const decision = await findDecisionAgainst(db, me.id, body.decision_id);
    if (!decision) throw new ApiError(404, "decision_not_found", "No such decision.");
    if (!isDecisionAgainst(decision.action)) {
      throw new ApiError(422, "not_appealable", "This decision was not against you; there is nothing to appeal.");
    }
    const now = Date.now();
    if (decision.appeal_until !== null && decision.appeal_until <= now) {
      throw new ApiError(422, "appeal_closed", "The period to appeal this decision has ended.", {
        fields: { text: "appeal_closed" },
      });
    }
    // One appeal per decision: the UNIQUE decision_id makes a repeated or concurrent appeal one row.
    for (let attempt = 0; attempt < 5; attempt++) {
      const row = await insertAppeal(db, {
        reference: newReference("A"),
        siteId: decision.site_id,
        decisionId: decision.id,
        memberId: me.id,
        text: body.text,
        createdAt: now,
      });
      if (row) {
        if (me.email) {
          await queueAppealMail(c, {
            reference: row.reference,
            to: me.email,
            name: me.name,
            language: body.language ?? me.language,
            action: decision.action,
            decidedAt: decision.created_at,
            timeZone: me.timezone,
            memberId: me.id,
          });
        }
        return answer(
          c,
          AppealFiledSchema,
          { reference: row.reference, decision_id: decision.id, state: "open", created_at: row.created_at },
          201,
        );
      }
      // Nothing was written: the decision has its appeal, or (rarely) the reference was taken.
      if (await decisionHasAppeal(db, decision.id)) throw appealExists();
    }
    throw new Error("no free appeal reference after 5 draws");
  });
