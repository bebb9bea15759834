/**
 * Photo verification's pure rules (issue 30 point 1; docs/decisions/059-photo-verification.md),
 * shared by the app and the API: the poses a member may be asked for, the reasons a moderator may
 * refuse with, and when a member counts as verified.
 */

/** The poses, each drawn with an emoji beside its words (messages: verification.poses.*). */
export const VERIFICATION_POSES = ["thumbs_up", "peace_sign", "hand_on_head", "touch_nose", "wave", "three_fingers"] as const;
export type VerificationPose = (typeof VERIFICATION_POSES)[number];

/** An emoji for each pose: the picture the member copies (the words are translated). */
export const POSE_EMOJI: Record<VerificationPose, string> = {
  thumbs_up: "👍",
  peace_sign: "✌️",
  hand_on_head: "🙋",
  touch_nose: "👃",
  wave: "👋",
  three_fingers: "🤟",
};

/** Why a moderator refuses (messages: verification.reasons.*), shown to the member. */
export const VERIFICATION_REFUSALS = ["face_not_visible", "wrong_pose", "not_same_person", "photo_unclear", "other"] as const;
export type VerificationRefusal = (typeof VERIFICATION_REFUSALS)[number];

/** The states of a request; "none" when the member never asked. */
export const VERIFICATION_STATES = ["none", "posed", "pending", "approved", "refused"] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];

/** The moderator's optional note beside the reason. */
export const VERIFICATION_NOTE_MAX = 500;

/**
 * A pose for a new request: any but the last one asked (a refused selfie's pose is never asked
 * again straight away, so an old selfie cannot be sent back). `random` is in [0, 1).
 */
export function drawPose(previous: string | null, random: number): VerificationPose {
  const choices = VERIFICATION_POSES.filter((pose) => pose !== previous);
  return choices[Math.min(choices.length - 1, Math.floor(random * choices.length))] ?? VERIFICATION_POSES[0];
}

/** Verified while the photo a moderator verified is still the member's main photo. */
export function isVerifiedMember(member: { main_image_id: number | null; verified_image_id: number | null }): boolean {
  return member.verified_image_id !== null && member.verified_image_id === member.main_image_id;
}
