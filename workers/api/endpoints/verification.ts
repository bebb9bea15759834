/**
 * Photo verification, the member's calls (issue 30 point 1; docs/api.md "Photo verification",
 * docs/decisions/059-photo-verification.md):
 * - GET /api/verification.php: the member's state (none, posed with the pose, pending, approved,
 *   refused with the reason) and the "only verified members can write to me" choice;
 * - POST /api/verification.php: ask to be verified (a pose; asking again keeps the open one);
 * - PUT /api/verification.php { verified_writers_only }: the choice;
 * - POST /api/verification-selfie.php (multipart: `file`, `pose`): the selfie in the open
 *   request's pose. Checked as profile photos are (PNG or JPEG by its bytes, ≤ 10 MB, re-encoded
 *   without metadata); kept in R2 under a key no public path serves, until a moderator decides.
 */
import { Hono, type Context } from "hono";
import {
  VerificationAnswerSchema,
  VerificationSelfieFieldsSchema,
  VerificationSettingBodySchema,
} from "../../../contract/verification";
import type { ApiContext } from "../context";
import { setVerifiedWritersOnly, takeSelfie } from "../db/verifications";
import { askForVerification, assertPosedFor, poseMismatch, verificationOf } from "../domain/verification";
import { answer } from "../lib/answer";
import { requireMember } from "../lib/member";
import { readCheckedPhoto } from "../lib/photo-upload";
import { readBody } from "../lib/request";
import { parseInput } from "../lib/validate";

/** The selfie's R2 key: under verification/, which the public photo path (/api/images/<name>) never matches. */
export function selfieKeyOf(memberId: number): string {
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("");
  return `verification/u${memberId}-${hex}.jpg`;
}

const state = async (c: Context<ApiContext>, memberId: number, status: 200 | 201 = 200) =>
  answer(c, VerificationAnswerSchema, await verificationOf(c.var.db, memberId), status);

export const verification = new Hono<ApiContext>()
  .get("/verification.php", async (c) => state(c, requireMember(c).id))
  .post("/verification.php", async (c) => {
    const me = requireMember(c);
    await askForVerification(c.var.db, me);
    return state(c, me.id, 201);
  })
  .put("/verification.php", async (c) => {
    const me = requireMember(c);
    const body = await readBody(c, VerificationSettingBodySchema);
    await setVerifiedWritersOnly(c.var.db, me.id, body.verified_writers_only);
    return state(c, me.id);
  })
  .post("/verification-selfie.php", async (c) => {
    const me = requireMember(c);
    const { db } = c.var;
    // The pose is checked before the photo is decoded: a stale form costs no decoding.
    const { photo, checked } = await readCheckedPhoto(c, async (fields) => {
      const { pose } = parseInput(VerificationSelfieFieldsSchema, fields);
      await assertPosedFor(db, me.id, pose);
      return pose;
    });
    const key = selfieKeyOf(me.id);
    await c.env.PHOTOS.put(key, photo.large.bytes, {
      httpMetadata: { contentType: "image/jpeg", cacheControl: "private, no-store" },
    });
    // Guarded: of ten uploads at once one takes the request; the others' files go again.
    if (!(await takeSelfie(db, { memberId: me.id, pose: checked, key, now: Date.now() }))) {
      await c.env.PHOTOS.delete(key);
      throw poseMismatch();
    }
    return state(c, me.id, 201);
  });
