/**
 * Photo verification in the staff console (docs/decisions/059-photo-verification.md; docs/api.md
 * "Photo verification"): moderators and admins of the member's site (platform staff: every site)
 * list the pending selfies, look at one beside the profile photos, and approve or refuse with a
 * reason the member sees. A request off the staff's scope is 404 as if absent; hosts are 403
 * staff_role. A decision is taken once (409 already_decided), and the selfie is then deleted.
 */
import { Hono } from "hono";
import {
  StaffVerificationDecidedSchema,
  StaffVerificationDecideBodySchema,
  StaffVerificationSelfieQuerySchema,
  StaffVerificationsAnswerSchema,
  VERIFICATION_POSES,
  type VerificationPose,
} from "../../../../contract/verification";
import type { ApiContext } from "../../context";
import { siteNamesById } from "../../db/moderation-cases";
import { audit } from "../../db/staff";
import { decideRequest, findRequest, listPendingRequests, listPhotosOf } from "../../db/verifications";
import { answer } from "../../lib/answer";
import { ApiError } from "../../lib/errors";
import { readBody, readQuery } from "../../lib/request";
import { requireStaff } from "../../lib/staff";
import { photoUrl } from "./answers";
import { inScopeOr404 } from "./scoped";

const LIMIT = 100;
/** A stored pose as the contract's (rows hold only drawn poses; an unknown one reads as the first). */
const poseOf = (pose: string): VerificationPose => VERIFICATION_POSES.find((known) => known === pose) ?? VERIFICATION_POSES[0];
const NO_SUCH = "No such verification request.";

export const staffVerifications = new Hono<ApiContext>()
  /** GET /api/staff/verifications.php: the pending requests on the scope, oldest first, with the profile photos. */
  .get("/staff/verifications.php", async (c) => {
    const me = await requireStaff(c);
    const { db } = c.var;
    const rows = await listPendingRequests(db, me.site_id, LIMIT);
    const [names, photos] = await Promise.all([siteNamesById(db), listPhotosOf(db, [...new Set(rows.map((r) => r.member_id))])]);
    const items = rows.map((row) => ({
      id: row.id,
      member: { id: row.member_id, name: row.name },
      site_name: names.get(row.site_id) ?? "",
      pose: poseOf(row.pose),
      photos: photos
        .filter((p) => p.member_id === row.member_id)
        .map((p) => ({ id: p.id, url: photoUrl(p.filename), main: Number(p.main) === 1 })),
      uploaded_at: row.uploaded_at ?? 0,
    }));
    c.header("cache-control", "no-store");
    return answer(c, StaffVerificationsAnswerSchema, { items });
  })
  /** GET /api/staff/verification-selfie.php?id=: the pending selfie's JPEG, never cached. */
  .get("/staff/verification-selfie.php", async (c) => {
    const me = await requireStaff(c);
    const { id } = readQuery(c, StaffVerificationSelfieQuerySchema);
    const row = inScopeOr404(me, await findRequest(c.var.db, id), NO_SUCH);
    const object = row.selfie_key ? await c.env.PHOTOS.get(row.selfie_key) : null;
    if (!object) throw new ApiError(404, "not_found", "The selfie is gone: the request was decided.");
    return new Response(object.body, {
      headers: { "content-type": "image/jpeg", "cache-control": "private, no-store", "x-content-type-options": "nosniff" },
    });
  })
  /** POST /api/staff/verification.php { id, action: approve | refuse, reason?, note? }. */
  .post("/staff/verification.php", async (c) => {
    const me = await requireStaff(c);
    const body = await readBody(c, StaffVerificationDecideBodySchema);
    const { db } = c.var;
    const row = inScopeOr404(me, await findRequest(db, body.id), NO_SUCH);
    const alreadyDecided = () => new ApiError(409, "already_decided", "This request was decided already.");
    if (row.state !== "pending") throw alreadyDecided();
    const approve = body.action === "approve";
    const decided = await decideRequest(c.env.DB, db, {
      id: row.id,
      memberId: row.member_id,
      staffId: me.id,
      approve,
      reason: approve ? null : (body.reason ?? null),
      note: approve ? null : body.note || null,
      now: Date.now(),
    });
    if (!decided) throw alreadyDecided();
    // Kept only until decided (the privacy page says so).
    if (row.selfie_key) await c.env.PHOTOS.delete(row.selfie_key);
    await audit(db, {
      siteId: row.site_id,
      staffId: me.id,
      action: approve ? "verification_approved" : "verification_refused",
      memberId: row.member_id,
      detail: approve ? { request: row.id } : { request: row.id, reason: body.reason },
    });
    return answer(c, StaffVerificationDecidedSchema, { id: row.id, state: approve ? "approved" : "refused" }, 201);
  });
