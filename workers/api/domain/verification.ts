/**
 * Photo verification's rules (issue 30 point 1; docs/decisions/059-photo-verification.md): a
 * request needs a main photo to compare with, shows a pose drawn at random (never the last one
 * asked, so a refused selfie cannot be sent again), and takes one selfie in that pose; the
 * member's state as the member page shows it.
 */
import { drawPose, isVerifiedMember, type VerificationAnswer } from "../../../contract/verification";
import { VERIFICATION_POSES, VERIFICATION_REFUSALS } from "../../../contract/rules/verification";
import type { Db } from "../db/client";
import type { MemberRow } from "../db/member-row";
import { findLastRequest, findVerificationFacts, openRequest } from "../db/verifications";
import { DomainError } from "./errors";

const known = <T extends string>(list: readonly T[], value: string | null): T | null =>
  list.find((item) => item === value) ?? null;

/** The member's state (GET /api/verification.php). */
export async function verificationOf(db: Db, memberId: number): Promise<VerificationAnswer> {
  const [facts, last] = await Promise.all([findVerificationFacts(db, memberId), findLastRequest(db, memberId)]);
  const verified = facts ? isVerifiedMember(facts) : false;
  // An approval whose photo is no longer the main one reads as never asked: ask again.
  const state = !last || (last.state === "approved" && !verified) ? "none" : last.state;
  return {
    state,
    verified,
    pose: state === "none" ? null : known(VERIFICATION_POSES, last?.pose ?? null),
    reason: state === "refused" ? known(VERIFICATION_REFUSALS, last?.reason ?? null) : null,
    note: state === "refused" ? (last?.note ?? null) : null,
    decided_at: state === "refused" || state === "approved" ? (last?.decided_at ?? null) : null,
    verified_writers_only: facts?.verified_writers_only === 1,
    has_photo: facts?.main_image_id != null,
  };
}

/**
 * Asks to be verified: opens a request with a new pose, or leaves the open one as it is (asking
 * twice, or ten times at once, opens one). A verified member asking again is verified already.
 */
export async function askForVerification(db: Db, member: Pick<MemberRow, "id" | "site_id">, now = Date.now()) {
  const facts = await findVerificationFacts(db, member.id);
  if (!facts || facts.main_image_id === null) {
    throw new DomainError("verification_needs_photo", "Add a profile photo first: the selfie is compared with it.");
  }
  if (isVerifiedMember(facts)) return;
  const last = await findLastRequest(db, member.id);
  if (last && (last.state === "posed" || last.state === "pending")) return;
  await openRequest(db, { memberId: member.id, siteId: member.site_id, pose: drawPose(last?.pose ?? null, randomUnit()), now });
}

/** The open request waiting for a selfie in this pose; refused otherwise (409 verification_pose_mismatch). */
export async function assertPosedFor(db: Db, memberId: number, pose: string): Promise<void> {
  const last = await findLastRequest(db, memberId);
  if (last?.state !== "posed" || last.pose !== pose) throw poseMismatch();
}

export const poseMismatch = () =>
  new DomainError("verification_pose_mismatch", "There is no open request for this pose: ask again for a new pose.", {
    fields: { file: "verification_pose_mismatch" },
  });

/**
 * "Only verified members can write to me": a first message to such a member from one who is not
 * verified is refused (403 verified_writers_only) before anything is charged.
 */
export async function assertMayWriteFirst(
  db: Db,
  sender: Pick<MemberRow, "main_image_id" | "verified_image_id">,
  recipientId: number,
): Promise<void> {
  if (isVerifiedMember(sender)) return;
  const recipient = await findVerificationFacts(db, recipientId);
  if (recipient?.verified_writers_only === 1) {
    throw new DomainError("verified_writers_only", "This member takes first messages from verified members only.", {
      fields: { text: "verified_writers_only" },
    });
  }
}

function randomUnit(): number {
  return (crypto.getRandomValues(new Uint32Array(1))[0] ?? 0) / 2 ** 32;
}
