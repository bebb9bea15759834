/**
 * What waits for the staff and what they look at before deciding (ADR 029): the queue, a case
 * with its evidence, a member's record, and a new photo kept.
 */
import { Hono } from "hono";
import {
  QueueAnswerSchema,
  type QueueItem,
  StaffCaseAnswerSchema,
  StaffIdQuerySchema,
  StaffMemberAnswerSchema,
  StaffPhotoBodySchema,
  StaffPhotoReviewedSchema,
} from "../../../../contract/staff";
import type { ApiContext } from "../../context";
import {
  findMemberName,
  findPhotoWithSite,
  listLastMessages,
  listOpenAppeals,
  listOpenCases,
  listUnreviewedPhotos,
  markPhotoReviewed,
  siteNamesById,
} from "../../db/moderation-cases";
import { audit } from "../../db/staff";
import { answer } from "../../lib/answer";
import { readBody, readQuery } from "../../lib/request";
import { inScope, requireStaff } from "../../lib/staff";
import { memberDetail, photoUrl } from "./answers";
import { inScopeOr404, notFound, scopedCase, scopedMember } from "./scoped";

const QUEUE_LIMIT = 100;

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

export const staffQueue = new Hono<ApiContext>()
  /**
   * GET /api/staff/queue.php: what waits, newest first: open reports and notices, open appeals,
   * and photos of real members not looked at yet, on the staff's scope.
   */
  .get("/staff/queue.php", async (c) => {
    const me = await requireStaff(c);
    const { db } = c.var;
    const names = await siteNamesById(db);
    const [caseRows, appealRows, photoRows] = await Promise.all([
      listOpenCases(db, me.site_id, QUEUE_LIMIT),
      listOpenAppeals(db, me.site_id, QUEUE_LIMIT),
      listUnreviewedPhotos(db, me.site_id, QUEUE_LIMIT),
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
    return answer(c, QueueAnswerSchema, { items });
  })
  /** GET /api/staff/case.php?id=: one case with its subject, evidence and the member's earlier decisions. */
  .get("/staff/case.php", async (c) => {
    const me = await requireStaff(c);
    const { id } = readQuery(c, StaffIdQuerySchema);
    const { db } = c.var;
    const row = await scopedCase(db, me, id);
    const names = await siteNamesById(db);
    const detail = await memberDetail(db, row.subject_member_id, names);
    if (!detail) throw notFound();
    const reporter = row.reporter_id ? await findMemberName(db, row.reporter_id) : undefined;
    // The reported conversation's last messages up to the reported one (or its end), oldest first.
    let messages: { id: number; sender_id: number; body: string; created_at: number; reported: boolean }[] = [];
    if (row.subject_conversation_id) {
      const rows = await listLastMessages(db, row.subject_conversation_id, row.subject_message_id, 20);
      messages = rows.reverse().map((m) => ({ ...m, reported: m.id === row.subject_message_id }));
    }
    await audit(db, {
      siteId: row.site_id,
      staffId: me.id,
      action: "case_viewed",
      memberId: row.subject_member_id,
      caseId: row.id,
    });
    return answer(c, StaffCaseAnswerSchema, {
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
    const { db } = c.var;
    await scopedMember(db, me, id);
    const detail = await memberDetail(db, id, await siteNamesById(db));
    if (!detail) throw notFound("No such member.");
    return answer(c, StaffMemberAnswerSchema, detail);
  })
  /** POST /api/staff/photo_reviewed.php { image }: a new photo looked at and kept (it leaves the queue). */
  .post("/staff/photo_reviewed.php", async (c) => {
    const me = await requireStaff(c);
    const { image } = await readBody(c, StaffPhotoBodySchema);
    const { db } = c.var;
    const row = inScopeOr404(me, await findPhotoWithSite(db, image), "No such photo.");
    await markPhotoReviewed(db, image, Date.now());
    await audit(db, {
      siteId: row.site_id,
      staffId: me.id,
      action: "photo_reviewed",
      memberId: row.member_id,
      detail: { image },
    });
    return answer(c, StaffPhotoReviewedSchema, { image, reviewed: true });
  });
