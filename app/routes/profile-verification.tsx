import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { ErrorList } from "~/components/Field";
import { PoseShown } from "~/components/verification/PoseShown";
import { askForVerification, fetchVerification, saveVerifiedWritersOnly, sendSelfie } from "~/lib/api/verification.server";
import { requireUser } from "~/lib/auth.server";
import { apiContext } from "~/lib/context";
import { toastCookie } from "~/lib/cookies.server";
import type { FormReply } from "~/lib/forms/reply";
import { formErrors, formReply } from "~/lib/forms/reply.server";
import { useTranslation } from "~/lib/i18n-react";
import { apiFailurePage } from "~/lib/page-errors.server";
import type { Route } from "./+types/profile-verification";

/** The camera: loaded only with JavaScript, once the page is live (the file input works without it). */
const SelfieCamera = lazy(() => import("~/components/verification/SelfieCamera"));

const MAX_SELFIE_BYTES = 10 * 1024 * 1024;
/** The API's refusals of a selfie that have their own message beside the file field. */
const SELFIE_ERRORS = ["file_too_large", "unsupported_image", "verification_pose_mismatch"];

/**
 * /profile/verification (login; docs/product.md §13 "Photo verification", ADR 059): the member's
 * verification: ask (a pose is shown), send a selfie in that pose (the camera with JavaScript, a
 * file input always), wait, and see the outcome (the badge, or the reason and a new pose), plus
 * the choice "only verified members can write to me". Every form posts without JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser({ request, context });
  const state = await fetchVerification(context.get(apiContext));
  if (!state.ok) return apiFailurePage(state, { request, context });
  return { verification: state.data };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser({ request, context });
  const api = context.get(apiContext);
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw redirect("/profile/verification");
  }
  const intent = formData.get("intent");
  if (intent === "ask") {
    const result = await askForVerification(api);
    if (!result.ok) {
      const code = result.error.error === "verification_needs_photo" ? "errors.verification_needs_photo" : "errors.generic";
      return formReply(formErrors(code), result.status, { section: "ask" });
    }
    throw redirect("/profile/verification#pose");
  }
  if (intent === "selfie") {
    const file = formData.get("file");
    const pose = String(formData.get("pose") ?? "");
    if (!(file instanceof File) || file.size === 0)
      return formReply(formErrors("errors.photoRequired"), 400, { section: "selfie" });
    if (file.size > MAX_SELFIE_BYTES) return formReply(formErrors("errors.file_too_large"), 413, { section: "selfie" });
    const result = await sendSelfie(api, file, pose);
    if (!result.ok) {
      const code = result.error.error;
      return formReply(formErrors(SELFIE_ERRORS.includes(code) ? `errors.${code}` : "errors.generic"), result.status, {
        section: "selfie",
      });
    }
    throw redirect("/profile/verification");
  }
  if (intent === "writers") {
    const result = await saveVerifiedWritersOnly(api, formData.get("verified_writers_only") === "on");
    if (!result.ok) return formReply(formErrors("errors.generic"), result.status, { section: "writers" });
    throw redirect("/profile/verification#writers", {
      headers: { "Set-Cookie": toastCookie(request, { key: "profileSaved" }) },
    });
  }
  throw redirect("/profile/verification");
}

export default function ProfileVerification({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const v = loaderData.verification;
  const errorsOf = (section: string) => (actionData?.section === section ? formErrorsOf(actionData) : undefined);
  return (
    <div className="narrow verification-page">
      <title>{t("verification.title")}</title>
      <h1>{t("verification.title")}</h1>
      <p>{t("verification.intro")}</p>
      <p className="field-help">{t("verification.privacy")}</p>
      <section className="profile-section" aria-live="polite">
        {v.state === "posed" && v.pose ? (
          <SelfieForm pose={v.pose} errors={errorsOf("selfie")} />
        ) : v.state === "pending" ? (
          <p className="notice-box">{t("verification.statePending")}</p>
        ) : v.state === "approved" ? (
          <>
            <p className="notice-box">
              <span className="verified-badge" aria-hidden="true">
                ✓
              </span>{" "}
              {t("verification.stateApproved")}
            </p>
            <p className="field-help">{t("verification.approvedNote")}</p>
          </>
        ) : (
          <>
            {v.state === "refused" ? (
              <div className="notice-box">
                <p>
                  <strong>{t("verification.stateRefused")}</strong>
                </p>
                {v.reason ? (
                  <p>
                    {t("verification.reasonLabel")}: {t(`verification.reasons.${v.reason}`)}
                  </p>
                ) : null}
                {v.note ? (
                  <p>
                    {t("verification.noteLabel")}: {v.note}
                  </p>
                ) : null}
                <p>{t("verification.refusedNext")}</p>
              </div>
            ) : (
              <p>{t("verification.stateNone")}</p>
            )}
            <AskForm hasPhoto={v.has_photo} again={v.state === "refused"} errors={errorsOf("ask")} />
          </>
        )}
      </section>
      <WritersOnly on={v.verified_writers_only} errors={errorsOf("writers")} />
      <p>
        <Link to="/profile">{t("verification.backToProfile")}</Link>
      </p>
    </div>
  );
}

function formErrorsOf(reply: FormReply | undefined): string[] | undefined {
  const error = reply?.result.error;
  return error ? Object.values(error).flatMap((messages) => messages ?? []) : undefined;
}

function AskForm({ hasPhoto, again, errors }: { hasPhoto: boolean; again: boolean; errors: string[] | undefined }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  if (!hasPhoto) {
    return (
      <p>
        {t("verification.needsPhoto")} <Link to="/profile#photos">{t("verification.addPhoto")}</Link>
      </p>
    );
  }
  return (
    <Form method="post" className="stack">
      <ErrorList id="ask-errors" errors={errors} />
      <button type="submit" name="intent" value="ask" className="button" disabled={busy} aria-busy={busy}>
        {t(again ? "verification.askAgain" : "verification.ask")}
      </button>
    </Form>
  );
}

function SelfieForm({ pose, errors }: { pose: string; errors: string[] | undefined }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const input = useRef<HTMLInputElement>(null);
  // The camera comes once the page is live: without JavaScript the file input alone does it.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  return (
    <Form method="post" encType="multipart/form-data" className="stack" id="pose">
      <PoseShown pose={pose} />
      <p>{t("verification.poseHelp")}</p>
      <input type="hidden" name="pose" value={pose} />
      {live ? (
        <Suspense fallback={null}>
          <SelfieCamera input={input} />
        </Suspense>
      ) : null}
      <div className="field">
        <label htmlFor="selfie-file">{t("verification.fileLabel")}</label>
        <input
          ref={input}
          id="selfie-file"
          type="file"
          name="file"
          accept="image/jpeg,image/png"
          capture="user"
          required
          aria-describedby={errors?.length ? "selfie-errors selfie-help" : "selfie-help"}
          aria-invalid={errors?.length ? true : undefined}
        />
        <ErrorList id="selfie-errors" errors={errors} />
        <p id="selfie-help" className="field-help">
          {t("verification.fileHint")}
        </p>
      </div>
      <button type="submit" name="intent" value="selfie" className="button" disabled={busy} aria-busy={busy}>
        {t("verification.send")}
      </button>
    </Form>
  );
}

function WritersOnly({ on, errors }: { on: boolean; errors: string[] | undefined }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <section id="writers" className="profile-section" aria-labelledby="writers-heading">
      <h2 id="writers-heading">{t("verification.writersOnly")}</h2>
      <Form method="post" className="stack">
        <ErrorList id="writers-errors" errors={errors} />
        <label className="checkbox">
          <input type="checkbox" name="verified_writers_only" defaultChecked={on} aria-describedby="writers-hint" />{" "}
          {t("verification.writersOnly")}
        </label>
        <p id="writers-hint" className="field-help">
          {t("verification.writersOnlyHint")}
        </p>
        <button type="submit" name="intent" value="writers" className="button secondary" disabled={busy} aria-busy={busy}>
          {t("verification.save")}
        </button>
      </Form>
    </section>
  );
}
