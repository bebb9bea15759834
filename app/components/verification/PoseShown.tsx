import { POSE_EMOJI, VERIFICATION_POSES } from "../../../contract/rules/verification";
import { useTranslation } from "~/lib/i18n-react";

/**
 * The pose to copy: a big emoji (decoration) and its words (what a screen reader reads), under
 * `heading` (the member's "Copy this pose" unless given: the staff's "Pose asked for").
 */
export function PoseShown({ pose, heading }: { pose: string; heading?: string }) {
  const { t } = useTranslation();
  const known = VERIFICATION_POSES.find((p) => p === pose);
  if (!known) return null;
  return (
    <figure className="pose-shown">
      <span className="pose-emoji" aria-hidden="true">
        {POSE_EMOJI[known]}
      </span>
      <figcaption>
        <span className="pose-heading">{heading ?? t("verification.poseHeading")}</span>{" "}
        <strong>{t(`verification.poses.${known}`)}</strong>
      </figcaption>
    </figure>
  );
}
