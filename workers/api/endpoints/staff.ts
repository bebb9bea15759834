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
 * staff_audit.
 */
import { Hono, type Context } from "hono";
import type { ApiContext } from "../context";
import {
  StaffAppealBodySchema,
  StaffAuditQuerySchema,
  StaffDecideBodySchema,
  StaffIdQuerySchema,
  StaffLoginBodySchema,
  StaffPhotoBodySchema,
  StaffTotpBodySchema,
  type Decision,
  type QueueItem,
  type StaffAction,
} from "../../../contract/staff";
import { decide, decideAppeal } from "../domain/moderation";
import { closeSocketsOfBan } from "../domain/bans";
import { ApiError } from "../lib/errors";
import { DUMMY_HASH, verifyPassword } from "../lib/passwords";
import { type Limit, takeAttempt, giveBack } from "../lib/rate-limit";
import { clientIp, readBody, readQuery } from "../lib/request";
import { findSiteById, type Site } from "../lib/site";
import {
  audit,
  decodeStaffPassword,
  endStaffSession,
  inScope,
  requireStaff,
  startStaffSession,
  type StaffRow,
} from "../lib/staff";
import { currentCode, stepOfCode } from "../lib/totp";
import { queueDecisionMail, queueNoticeOutcomeMail } from "../mail/moderation";
import { devToolsEnabled } from "./dev";
import { DEMO_STAFF } from "../seed/staff";

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const QUEUE_LIMIT = 100;
const AUDIT_PAGE = 50;

const notFound = (what = "No such case.") => new ApiError(404, "not_found", what);

/** The staff account as answers show it. */
async function staffAnswer(c: Context<ApiContext>, staff: StaffRow, totpOk: boolean) {
  const site = staff.site_id === null ? null : await findSiteById(c.var.db, staff.site_id);
  return {
    staff: {
      id: staff.id,
      name: staff.name,
      email: staff.email,
      role: staff.role,
      site_id: staff.site_id,
      site_name: site?.settings.name ?? null,
    },
    totp_ok: totpOk,
  };
}

/** Every site's name by id (a handful of rows). */
async function siteNames(c: Context<ApiContext>): Promise<Map<number, string>> {
  const rows = await c.var.db.selectFrom("sites").select(["id", "settings"]).execute();
  return new Map(
    rows.map((row) => {
      let name = `#${row.id}`;
      try {
        const parsed: unknown = JSON.parse(row.settings);
        const value = typeof parsed === "object" && parsed !== null ? Reflect.get(parsed, "name") : undefined;
        if (typeof value === "string") name = value;
      } catch {
        // the id stands in for a broken name
      }
      return [row.id, name];
    }),
  );
}

const photoUrl = (filename: string) => `/api/images/${filename}`;

/** A queue row as read: a case's, an appeal's (kind: the decision's action) or a new photo's. */
interface QueueRow {
  id: number;
  kind: string;
  category: string | null;
  reference: string | null;
  site_id: number;
  created_at: number;
  member_id: number;
  name: string;
  filename?: string;
}

async function memberDetail(c: Context<ApiContext>, memberId: number, names: Map<number, string>) {
  const { db } = c.var;
  const member = await db
    .selectFrom("members")
    .select(["id", "site_id", "name", "email", "status", "is_fictional", "ban_decision_id", "signup_date"])
    .where("id", "=", memberId)
    .executeTakeFirst();
  if (!member) return null;
  const [photos, removed, decisions] = await Promise.all([
    db
      .selectFrom("images")
      .select(["id", "filename"])
      .where("member_id", "=", memberId)
      .orderBy("position")
      .orderBy("id")
      .execute(),
    db.selectFrom("removed_images").select(["id", "filename"]).where("member_id", "=", memberId).orderBy("id").execute(),
    decisionsOf(c, memberId),
  ]);
  return {
    member: {
      id: member.id,
      name: member.status === "deleted" ? "" : member.name,
      email: member.email,
      site_id: member.site_id,
      site_name: names.get(member.site_id) ?? "",
      status: member.status,
      fictional: member.is_fictional === 1,
      banned: member.ban_decision_id !== null,
      signup_date: member.signup_date,
    },
    photos: [
      ...photos.map((p) => ({ id: p.id, url: photoUrl(p.filename), removed: false })),
      // Removed photos are shown to staff through no URL (their files are not public): listed only.
      ...removed.map((p) => ({ id: p.id, url: "", removed: true })),
    ],
    decisions,
  };
}

/** Decisions with the name of the staff who signed them, as answers show them. */
function decisionRows(c: Context<ApiContext>) {
  return c.var.db
    .selectFrom("moderation_decisions as d")
    .innerJoin("staff as s", "s.id", "d.staff_id")
    .select([
      "d.id",
      "d.action",
      "d.category",
      "d.reason",
      "s.name as staff_name",
      "d.case_id",
      "d.appeal_id",
      "d.image_id",
      "d.appeal_until",
      "d.created_at",
    ]);
}

/** A member's decisions, newest first. */
function decisionsOf(c: Context<ApiContext>, memberId: number): Promise<Decision[]> {
  return decisionRows(c)
    .where("d.member_id", "=", memberId)
    .orderBy("d.created_at", "desc")
    .orderBy("d.id", "desc")
    .limit(50)
    .execute();
}

function decisionById(c: Context<ApiContext>, id: number): Promise<Decision> {
  return decisionRows(c).where("d.id", "=", id).executeTakeFirstOrThrow();
}

/**
 * The row (a case, appeal, photo or member, by its site_id) if it is on the staff's scope; else
 * 404 as if it did not exist (ADR 029).
 */
function inScopeOr404<T extends { site_id: number }>(staff: StaffRow, row: T | undefined, what: string): T {
  if (!row || !inScope(staff, row.site_id)) throw notFound(what);
  return row;
}

async function scopedCase(c: Context<ApiContext>, staff: StaffRow, id: number) {
  const row = await c.var.db.selectFrom("moderation_cases").selectAll().where("id", "=", id).executeTakeFirst();
  return inScopeOr404(staff, row, "No such case.");
}

async function scopedAppeal(c: Context<ApiContext>, staff: StaffRow, id: number) {
  const row = await c.var.db.selectFrom("appeals").selectAll().where("id", "=", id).executeTakeFirst();
  return inScopeOr404(staff, row, "No such appeal.");
}

/** A member on the staff's scope (their own site's), or 404 as if absent. */
async function scopedMember(c: Context<ApiContext>, staff: StaffRow, memberId: number) {
  const member = await c.var.db
    .selectFrom("members")
    .select(["id", "site_id", "email", "name", "language", "status", "ban_decision_id"])
    .where("id", "=", memberId)
    .executeTakeFirst();
  return inScopeOr404(staff, member, "No such member.");
}

async function siteOf(c: Context<ApiContext>, id: number): Promise<Site> {
  const site = await findSiteById(c.var.db, id);
  if (!site) throw new Error(`site ${id} has no usable settings`);
  return site;
}

export const staff = new Hono<ApiContext>()
  /** POST /api/staff/login.php { email, password }: the first step; a half session that takes only the code. */
  .post("/staff/login.php", async (c) => {
    const { email, password } = await readBody(c, StaffLoginBodySchema);
    const { db } = c.var;
    const limits: Limit[] = [
      { key: `staff-login:ip:${clientIp(c)}`, max: 20, windowMs: FIFTEEN_MINUTES },
      { key: `staff-login:email:${email.toLowerCase()}`, max: 5, windowMs: FIFTEEN_MINUTES },
    ];
    for (const limit of limits) await takeAttempt(db, limit);
    const row = await db
      .selectFrom("staff")
      .select(["id", "site_id", "email", "name", "role", "password_hash", "totp_secret", "totp_last_step"])
      .where("email", "=", email.toLowerCase())
      .where("disabled_at", "is", null)
      .executeTakeFirst();
    const stored = (row && decodeStaffPassword(row.password_hash)) ?? DUMMY_HASH;
    const valid = await verifyPassword(password, stored);
    if (!row || stored === DUMMY_HASH || !valid) {
      await audit(db, {
        siteId: row?.site_id ?? null,
        staffId: row?.id ?? null,
        action: "login_failed",
        detail: { email: email.toLowerCase().slice(0, 254), ip: clientIp(c) },
      });
      throw new ApiError(401, "invalid_credentials", "The email or password is wrong.");
    }
    for (const limit of limits) await giveBack(db, limit);
    await startStaffSession(c, row.id, false);
    await audit(db, { siteId: row.site_id, staffId: row.id, action: "login_password", detail: { ip: clientIp(c) } });
    const { password_hash: _, ...staffRow } = row;
    return c.json(await staffAnswer(c, { ...staffRow, role: row.role }, false));
  })
  /** POST /api/staff/totp.php { code }: the second step; each code works once (staff.totp_last_step). */
  .post("/staff/totp.php", async (c) => {
    const me = await requireStaff(c, { halfOk: true });
    const { code } = await readBody(c, StaffTotpBodySchema);
    const { db } = c.var;
    // Five tries a quarter hour per account: a six-digit code cannot be guessed in that.
    await takeAttempt(db, { key: `staff-totp:${me.id}`, max: 5, windowMs: FIFTEEN_MINUTES });
    const step = stepOfCode(me.totp_secret, code);
    // Conditional: only a step later than the last one accepted, so a code (or a replay of it) works once.
    const accepted =
      step !== null &&
      Number(
        (
          await db
            .updateTable("staff")
            .set({ totp_last_step: step })
            .where("id", "=", me.id)
            .where("totp_last_step", "<", step)
            .executeTakeFirst()
        ).numUpdatedRows,
      ) === 1;
    if (!accepted) {
      await audit(db, {
        siteId: me.site_id,
        staffId: me.id,
        action: "totp_failed",
        detail: { replay: step !== null, ip: clientIp(c) },
      });
      throw new ApiError(422, "invalid_code", "The code is wrong or was used already.", { fields: { code: "invalid" } });
    }
    await startStaffSession(c, me.id, true);
    await audit(db, { siteId: me.site_id, staffId: me.id, action: "login", detail: { ip: clientIp(c) } });
    return c.json(await staffAnswer(c, me, true));
  })
  /** POST /api/staff/logout.php: ends the staff session (either step). */
  .post("/staff/logout.php", async (c) => {
    const me = await requireStaff(c, { halfOk: true });
    await endStaffSession(c);
    await audit(c.var.db, { siteId: me.site_id, staffId: me.id, action: "logout" });
    return c.json("done");
  })
  /** GET /api/staff/me.php: who is logged in, and whether the code was given. */
  .get("/staff/me.php", async (c) => {
    const me = await requireStaff(c, { halfOk: true });
    return c.json(await staffAnswer(c, me, me.totpOk));
  })
  /**
   * GET /api/staff/queue.php: what waits, newest first: open reports and notices, open appeals,
   * and photos of real members not looked at yet, on the staff's scope.
   */
  .get("/staff/queue.php", async (c) => {
    const me = await requireStaff(c);
    const { db } = c.var;
    const names = await siteNames(c);
    let cases = db
      .selectFrom("moderation_cases as mc")
      .innerJoin("members as m", "m.id", "mc.subject_member_id")
      .select(["mc.id", "mc.kind", "mc.category", "mc.reference", "mc.site_id", "mc.created_at", "m.id as member_id", "m.name"])
      .where("mc.state", "=", "open");
    if (me.site_id !== null) cases = cases.where("mc.site_id", "=", me.site_id);
    let appeals = db
      .selectFrom("appeals as a")
      .innerJoin("moderation_decisions as d", "d.id", "a.decision_id")
      .innerJoin("members as m", "m.id", "a.member_id")
      .select([
        "a.id",
        "d.action as kind",
        "d.category",
        "a.reference",
        "a.site_id",
        "a.created_at",
        "m.id as member_id",
        "m.name",
      ])
      .where("a.state", "=", "open");
    if (me.site_id !== null) appeals = appeals.where("a.site_id", "=", me.site_id);
    let photos = db
      .selectFrom("images as i")
      .innerJoin("members as m", "m.id", "i.member_id")
      .select(["i.id", "i.filename", "i.created_at", "m.site_id", "m.id as member_id", "m.name"])
      .where("i.reviewed_at", "is", null)
      .where("m.is_fictional", "=", 0)
      .where("m.status", "!=", "deleted");
    if (me.site_id !== null) photos = photos.where("m.site_id", "=", me.site_id);
    const [caseRows, appealRows, photoRows] = await Promise.all([
      cases.orderBy("mc.created_at", "desc").limit(QUEUE_LIMIT).execute(),
      appeals.orderBy("a.created_at", "desc").limit(QUEUE_LIMIT).execute(),
      photos.orderBy("i.created_at", "desc").limit(QUEUE_LIMIT).execute(),
    ]);
    // One shape for the three kinds of rows; a photo's row has no category or reference.
    const item =
      (type: QueueItem["type"]) =>
      (r: QueueRow): QueueItem => ({
        type,
        id: r.id,
        kind: r.kind,
        category: r.category,
        reference: r.reference,
        member: { id: r.member_id, name: r.name },
        site_name: names.get(r.site_id) ?? "",
        photo_url: r.filename ? photoUrl(r.filename) : null,
        created_at: r.created_at,
      });
    const items = [
      ...caseRows.map(item("case")),
      ...appealRows.map(item("appeal")),
      ...photoRows.map((r) => item("photo")({ ...r, kind: "photo", category: null, reference: null })),
    ]
      .sort((a, b) => b.created_at - a.created_at || b.id - a.id)
      .slice(0, QUEUE_LIMIT);
    return c.json({ items });
  })
  /** GET /api/staff/case.php?id=: one case with its subject, evidence and the member's earlier decisions. */
  .get("/staff/case.php", async (c) => {
    const me = await requireStaff(c);
    const { id } = readQuery(c, StaffIdQuerySchema);
    const { db } = c.var;
    const row = await scopedCase(c, me, id);
    const names = await siteNames(c);
    const detail = await memberDetail(c, row.subject_member_id, names);
    if (!detail) throw notFound();
    const reporter = row.reporter_id
      ? await db.selectFrom("members").select(["id", "name"]).where("id", "=", row.reporter_id).executeTakeFirst()
      : undefined;
    // The reported conversation's last messages up to the reported one (or its end), oldest first.
    let messages: { id: number; sender_id: number; body: string; created_at: number; reported: boolean }[] = [];
    if (row.subject_conversation_id) {
      let query = db
        .selectFrom("messages")
        .select(["id", "sender_id", "body", "created_at"])
        .where("conversation_id", "=", row.subject_conversation_id);
      if (row.subject_message_id) query = query.where("id", "<=", row.subject_message_id);
      const rows = await query.orderBy("id", "desc").limit(20).execute();
      messages = rows.reverse().map((m) => ({ ...m, reported: m.id === row.subject_message_id }));
    }
    await audit(db, {
      siteId: row.site_id,
      staffId: me.id,
      action: "case_viewed",
      memberId: row.subject_member_id,
      caseId: row.id,
    });
    return c.json({
      ...detail,
      case: {
        id: row.id,
        reference: row.reference,
        kind: row.kind,
        state: row.state,
        category: row.category,
        explanation: row.explanation,
        subject_kind: row.subject_kind,
        subject_url: row.subject_url,
        subject_image_id: row.subject_image_id,
        reporter: reporter ? { id: reporter.id, name: reporter.name } : null,
        notifier_name: row.notifier_name,
        notifier_email: row.notifier_email,
        site_name: names.get(row.site_id) ?? "",
        created_at: row.created_at,
      },
      messages,
      may_act: inScope(me, detail.member.site_id),
    });
  })
  /** GET /api/staff/member.php?id=: a member on the scope, their photos and decisions (to ban or unban directly). */
  .get("/staff/member.php", async (c) => {
    const me = await requireStaff(c);
    const { id } = readQuery(c, StaffIdQuerySchema);
    await scopedMember(c, me, id);
    const detail = await memberDetail(c, id, await siteNames(c));
    if (!detail) throw notFound("No such member.");
    return c.json(detail);
  })
  /**
   * POST /api/staff/decide.php { case? | member, action, category, reason, image? }: a decision.
   * With a case, the case is decided once (409 already_decided after that, however many send it).
   */
  .post("/staff/decide.php", async (c) => {
    const me = await requireStaff(c);
    const body = await readBody(c, StaffDecideBodySchema);
    const { db } = c.var;
    const caseRow = body.case === undefined ? undefined : await scopedCase(c, me, body.case);
    if (caseRow && body.member !== undefined && body.member !== caseRow.subject_member_id) {
      throw new ApiError(422, "invalid_input", "The member is not the case's subject.", { fields: { member: "invalid" } });
    }
    const memberId = caseRow?.subject_member_id ?? body.member;
    if (memberId === undefined) throw notFound("No such member.");
    const member = await db
      .selectFrom("members")
      .select(["id", "site_id", "email", "name", "language", "status"])
      .where("id", "=", memberId)
      .executeTakeFirst();
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
      const ban = await db
        .selectFrom("members as m")
        .innerJoin("moderation_decisions as d", "d.id", "m.ban_decision_id")
        .select("d.site_id")
        .where("m.id", "=", memberId)
        .executeTakeFirst();
      if (ban && !inScope(me, ban.site_id)) {
        throw new ApiError(403, "other_site_member", "This ban was decided on another site; its staff decide.");
      }
    }
    const imageId = body.action === "remove_photo" ? (body.image ?? null) : null;
    if (body.action === "remove_photo") {
      const image = await db
        .selectFrom("images")
        .select("id")
        .where("id", "=", imageId ?? 0)
        .where("member_id", "=", memberId)
        .executeTakeFirst();
      if (!image) throw new ApiError(404, "not_found", "No such photo of this member.");
    }
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
      if (outcome.reason === "photo_gone") throw new ApiError(404, "not_found", "No such photo of this member.");
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
        site: await siteOf(c, member.site_id),
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
        site: await siteOf(c, caseRow.site_id),
        to: caseRow.notifier_email,
        name: caseRow.notifier_name,
        reference: caseRow.reference,
        category: caseRow.category,
        action: body.action,
        decidedAt: outcome.createdAt,
      });
    }
    const [decision] = (await decisionsOf(c, memberId)).filter((d) => d.id === outcome.decisionId);
    return c.json({ decision }, 201);
  })
  /** POST /api/staff/photo_reviewed.php { image }: a new photo looked at and kept (it leaves the queue). */
  .post("/staff/photo_reviewed.php", async (c) => {
    const me = await requireStaff(c);
    const { image } = await readBody(c, StaffPhotoBodySchema);
    const { db } = c.var;
    const photo = await db
      .selectFrom("images as i")
      .innerJoin("members as m", "m.id", "i.member_id")
      .select(["i.id", "i.member_id", "m.site_id"])
      .where("i.id", "=", image)
      .executeTakeFirst();
    const row = inScopeOr404(me, photo, "No such photo.");
    await db
      .updateTable("images")
      .set({ reviewed_at: Date.now() })
      .where("id", "=", image)
      .where("reviewed_at", "is", null)
      .execute();
    await audit(db, {
      siteId: row.site_id,
      staffId: me.id,
      action: "photo_reviewed",
      memberId: row.member_id,
      detail: { image },
    });
    return c.json({ image, reviewed: true });
  })
  /** GET /api/staff/appeal.php?id=: an appeal, the decision it is against and the member. */
  .get("/staff/appeal.php", async (c) => {
    const me = await requireStaff(c);
    const { id } = readQuery(c, StaffIdQuerySchema);
    const appeal = await scopedAppeal(c, me, id);
    const detail = await memberDetail(c, appeal.member_id, await siteNames(c));
    if (!detail) throw notFound("No such appeal.");
    const decision = detail.decisions.find((d) => d.id === appeal.decision_id) ?? (await decisionById(c, appeal.decision_id));
    return c.json({
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
    const appeal = await scopedAppeal(c, me, body.appeal);
    const decision = await db
      .selectFrom("moderation_decisions")
      .selectAll()
      .where("id", "=", appeal.decision_id)
      .executeTakeFirst();
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
    const member = await db
      .selectFrom("members")
      .select(["id", "email", "name", "language", "status"])
      .where("id", "=", appeal.member_id)
      .executeTakeFirst();
    if (member) {
      await queueDecisionMail(c, {
        site: await siteOf(c, decision.site_id),
        member: { ...member, email: member.status === "deleted" ? null : member.email },
        action: outcome.action,
        category: decision.category,
        reason: body.reason,
        decidedAt: Date.now(),
        appealUntil: null,
        appeal: { reference: appeal.reference, outcome: body.outcome },
      });
    }
    return c.json({ appeal: { id: appeal.id, state: body.outcome }, decision: await decisionById(c, outcome.decisionId) });
  })
  /** GET /api/staff/audit.php?before=: the audit log, newest first, 50 a page: admins see their scope, moderators themselves. */
  .get("/staff/audit.php", async (c) => {
    const me = await requireStaff(c);
    const { before } = readQuery(c, StaffAuditQuerySchema);
    let query = c.var.db
      .selectFrom("staff_audit as a")
      .leftJoin("staff as s", "s.id", "a.staff_id")
      .select([
        "a.id",
        "s.name as staff_name",
        "a.action",
        "a.member_id",
        "a.case_id",
        "a.decision_id",
        "a.detail",
        "a.created_at",
      ]);
    if (me.role !== "admin") query = query.where("a.staff_id", "=", me.id);
    else if (me.site_id !== null) query = query.where("a.site_id", "=", me.site_id);
    if (before !== undefined) query = query.where("a.id", "<", before);
    const rows = await query.orderBy("a.id", "desc").limit(AUDIT_PAGE).execute();
    return c.json({
      entries: rows.map((row) => {
        let detail: Record<string, unknown> = {};
        try {
          const parsed: unknown = JSON.parse(row.detail);
          if (typeof parsed === "object" && parsed !== null) detail = parsed as Record<string, unknown>;
        } catch {
          // an unreadable detail shows as none
        }
        return { ...row, detail };
      }),
    });
  })
  /**
   * GET /api/dev/staff_codes.php (development only, like /api/dev/*): the current TOTP code of
   * each demo staff account, for the /_dev/staff-codes page. 404 everywhere else.
   */
  .get("/dev/staff_codes.php", async (c) => {
    if (!devToolsEnabled(c)) throw new ApiError(404, "not_found", "No such API call.");
    const emails = DEMO_STAFF.map((s) => s.email);
    const rows = await c.var.db.selectFrom("staff").select(["email", "totp_secret"]).where("email", "in", emails).execute();
    return c.json({
      codes: rows.map((row) => {
        const { code, validFor } = currentCode(row.totp_secret);
        return { email: row.email, code, valid_for: validFor };
      }),
    });
  });
