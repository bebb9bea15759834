/**
 * POST /api/staff/decide.php (ADR 029): a decision about a case or a member, its mails, and the
 * ban's effect on pages already open. The decision itself is one guarded batch (domain/moderation.ts).
 */
import { Hono } from "hono";
import { DecideAnswerSchema, StaffDecideBodySchema } from "../../../../contract/staff";
import type { ApiContext } from "../../context";
import { findBanSite, findDecision, findMemberToDecide, findPhotoOfMember } from "../../db/moderation-cases";
import { closeSocketsOfBan } from "../../domain/bans";
import { decide } from "../../domain/moderation";
import { answer } from "../../lib/answer";
import { ApiError } from "../../lib/errors";
import { readBody } from "../../lib/request";
import { invalidInput } from "../../lib/validate";
import { inScope, requireStaff } from "../../lib/staff";
import { queueDecisionMail, queueNoticeOutcomeMail } from "../../mail/moderation";
import { notFound, scopedCase, siteOf } from "./scoped";

const photoGone = () => new ApiError(404, "not_found", "No such photo of this member.");

export const staffDecide = new Hono<ApiContext>()
  /**
   * POST /api/staff/decide.php { case? | member, action, category, reason, image? }: a decision.
   * With a case, the case is decided once (409 already_decided after that, however many send it).
   */
  .post("/staff/decide.php", async (c) => {
    const me = await requireStaff(c);
    const body = await readBody(c, StaffDecideBodySchema);
    const { db } = c.var;
    const caseRow = body.case === undefined ? undefined : await scopedCase(db, me, body.case);
    if (caseRow && body.member !== undefined && body.member !== caseRow.subject_member_id) {
      throw invalidInput({ member: "invalid" }, "The member is not the case's subject.");
    }
    const memberId = caseRow?.subject_member_id ?? body.member;
    if (memberId === undefined) throw notFound("No such member.");
    const member = await findMemberToDecide(db, memberId);
    if (!member) throw notFound("No such member.");
    if (!inScope(me, member.site_id)) {
      // A case on the scope about another site's member may be dismissed; anything else is theirs.
      if (!caseRow) throw notFound("No such member.");
      if (body.action !== "dismiss") {
        throw new ApiError(403, "other_site_member", "This member belongs to another site; its staff decide.");
      }
    }
    if (body.action === "unban") {
      // A ban holds on every site (docs/decisions/040): it is lifted by the staff of the site that
      // decided it, even from the person's account on another site.
      const ban = await findBanSite(db, memberId);
      if (ban && !inScope(me, ban.site_id)) {
        throw new ApiError(403, "other_site_member", "This ban was decided on another site; its staff decide.");
      }
    }
    const imageId = body.action === "remove_photo" ? (body.image ?? null) : null;
    if (body.action === "remove_photo" && !(await findPhotoOfMember(db, imageId ?? 0, memberId))) throw photoGone();
    const siteId = body.action === "dismiss" && caseRow ? caseRow.site_id : member.site_id;
    const outcome = await decide(
      { d1: c.env.DB, bucket: c.env.PHOTOS },
      {
        staffId: me.id,
        siteId,
        memberId,
        action: body.action,
        category: body.category,
        reason: body.reason,
        caseId: caseRow?.id ?? null,
        imageId,
        auditSiteId: caseRow?.site_id ?? member.site_id,
      },
    );
    if (!outcome.ok) {
      if (outcome.reason === "photo_gone") throw photoGone();
      const messages = {
        already_decided: "This case was decided already.",
        already_banned: "This member is banned already.",
        not_banned: "This member is not banned.",
      } as const;
      throw new ApiError(409, outcome.reason, messages[outcome.reason]);
    }
    // Pages open before the ban hear nothing more (docs/decisions/040).
    if (body.action === "ban") await closeSocketsOfBan(c.env, db, outcome.decisionId);
    if (body.action !== "dismiss") {
      await queueDecisionMail(c, {
        site: await siteOf(db, member.site_id),
        member: { ...member, email: member.status === "deleted" ? null : member.email },
        action: body.action,
        category: body.category,
        reason: body.reason,
        decidedAt: outcome.createdAt,
        appealUntil: outcome.appealUntil,
      });
    }
    if (caseRow?.kind === "notice" && caseRow.notifier_email) {
      await queueNoticeOutcomeMail(c, {
        site: await siteOf(db, caseRow.site_id),
        to: caseRow.notifier_email,
        name: caseRow.notifier_name,
        reference: caseRow.reference,
        category: caseRow.category,
        action: body.action,
        decidedAt: outcome.createdAt,
      });
    }
    return answer(c, DecideAnswerSchema, { decision: await findDecision(db, outcome.decisionId) }, 201);
  });
