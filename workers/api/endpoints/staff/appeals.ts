/** Staff deciding a member's appeal (ADR 030): read it with the decision it is against, then uphold or reverse. */
import { Hono } from "hono";
import {
  type StaffAction,
  StaffAppealAnswerSchema,
  StaffAppealBodySchema,
  StaffAppealDecidedSchema,
  StaffIdQuerySchema,
} from "../../../../contract/staff";
import type { ApiContext } from "../../context";
import { findDecision, findDecisionRow, findMemberToDecide, siteNamesById } from "../../db/moderation-cases";
import { decideAppeal } from "../../domain/moderation";
import { answer } from "../../lib/answer";
import { ApiError } from "../../lib/errors";
import { readBody, readQuery } from "../../lib/request";
import { requireStaff } from "../../lib/staff";
import { queueDecisionMail } from "../../mail/moderation";
import { memberDetail } from "./answers";
import { notFound, scopedAppeal, siteOf } from "./scoped";

export const staffAppeals = new Hono<ApiContext>()
  /** GET /api/staff/appeal.php?id=: an appeal, the decision it is against and the member. */
  .get("/staff/appeal.php", async (c) => {
    const me = await requireStaff(c);
    const { id } = readQuery(c, StaffIdQuerySchema);
    const { db } = c.var;
    const appeal = await scopedAppeal(db, me, id);
    const detail = await memberDetail(db, appeal.member_id, await siteNamesById(db));
    if (!detail) throw notFound("No such appeal.");
    const decision = detail.decisions.find((d) => d.id === appeal.decision_id) ?? (await findDecision(db, appeal.decision_id));
    return answer(c, StaffAppealAnswerSchema, {
      appeal: {
        id: appeal.id,
        reference: appeal.reference,
        text: appeal.text,
        state: appeal.state,
        created_at: appeal.created_at,
      },
      decision,
      member: detail.member,
      photos: detail.photos,
    });
  })
  /** POST /api/staff/appeal.php { appeal, outcome, reason }: upheld, or reversed (a ban lifted, a photo back). */
  .post("/staff/appeal.php", async (c) => {
    const me = await requireStaff(c);
    const body = await readBody(c, StaffAppealBodySchema);
    const { db } = c.var;
    const appeal = await scopedAppeal(db, me, body.appeal);
    const decision = await findDecisionRow(db, appeal.decision_id);
    if (!decision) throw notFound("No such appeal.");
    const outcome = await decideAppeal(
      { d1: c.env.DB, bucket: c.env.PHOTOS },
      {
        staffId: me.id,
        appealId: appeal.id,
        outcome: body.outcome,
        reason: body.reason,
        decision: { ...decision, action: decision.action as StaffAction },
      },
    );
    if (!outcome.ok) throw new ApiError(409, "already_decided", "This appeal was decided already.");
    const member = await findMemberToDecide(db, appeal.member_id);
    if (member) {
      await queueDecisionMail(c, {
        site: await siteOf(db, decision.site_id),
        member: { ...member, email: member.status === "deleted" ? null : member.email },
        action: outcome.action,
        category: decision.category,
        reason: body.reason,
        decidedAt: Date.now(),
        appealUntil: null,
        appeal: { reference: appeal.reference, outcome: body.outcome },
      });
    }
    return answer(c, StaffAppealDecidedSchema, {
      appeal: { id: appeal.id, state: body.outcome },
      decision: await findDecision(db, outcome.decisionId),
    });
  });
