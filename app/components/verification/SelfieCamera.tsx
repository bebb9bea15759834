/**
 * The selfie taken with the camera (getUserMedia), loaded only on /profile/verification once the
 * page is live. It fills the form's file input with the photo taken, so the same form (which works
 * without JavaScript, with the file input alone) sends it. Without a camera, or when the member
 * says no, it says so and the file input stays the way.
 */
import { type RefObject, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n-react";

type Phase = "idle" | "live" | "taken" | "unavailable";

export default function SelfieCamera({ input }: { input: RefObject<HTMLInputElement | null> }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [phase, setPhase] = useState<Phase>(() =>
    typeof navigator.mediaDevices?.getUserMedia === "function" ? "idle" : "unavailable",
  );
  const [preview, setPreview] = useState<string | null>(null);

  const stop = () => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
  };
  // The camera goes off when the component goes (another page, the form sent).
  useEffect(
    () => () => {
      for (const track of stream.current?.getTracks() ?? []) track.stop();
    },
    [],
  );
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const start = async () => {
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "user" }, audio: false });
      setPhase("live");
      requestAnimationFrame(() => {
        if (video.current && stream.current) {
          video.current.srcObject = stream.current;
          void video.current.play().catch(() => {});
        }
      });
    } catch {
      setPhase("unavailable");
    }
  };

  const take = () => {
    const v = video.current;
    if (!v?.videoWidth) return;
    const canvas = document.createElement("canvas");
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    canvas.getContext("2d")?.drawImage(v, 0, 0);
    canvas.toBlob(
      (blob) => {
        if (!blob || !input.current) return;
        const file = new File([blob], "selfie.jpg", { type: "image/jpeg" });
        const files = new DataTransfer();
        files.items.add(file);
        input.current.files = files.files;
        setPreview(URL.createObjectURL(file));
        setPhase("taken");
        stop();
      },
      "image/jpeg",
      0.9,
    );
  };

  if (phase === "unavailable") return <p className="field-help">{t("verification.cameraUnavailable")}</p>;
  return (
    <div className="selfie-camera">
      {phase === "live" ? (
        <>
          <video ref={video} className="selfie-frame" playsInline muted aria-label={t("verification.cameraPreview")} />
          <button type="button" className="button" onClick={take}>
            {t("verification.cameraTake")}
          </button>
        </>
      ) : phase === "taken" && preview ? (
        <>
          <img src={preview} className="selfie-frame" alt={t("verification.cameraTaken")} />
          <button type="button" className="button secondary" onClick={() => void start()}>
            {t("verification.cameraRetake")}
          </button>
        </>
      ) : (
        <button type="button" className="button secondary" onClick={() => void start()}>
          {t("verification.cameraStart")}
        </button>
      )}
    </div>
  );
}
