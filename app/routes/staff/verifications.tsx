import { data, Form, redirect, useNavigation } from "react-router";
import { FormAlert, PageHeading, When } from "~/components/staff/StaffBasics";
import { PoseShown } from "~/components/verification/PoseShown";
import { decideVerification, fetchPendingVerifications } from "~/lib/api/verification.server";
import { apiContext } from "~/lib/context";
import { useTranslation } from "~/lib/i18n-react";
import { pageError } from "~/lib/page-errors.server";
import { staffApiMessage } from "~/lib/staff-forms.server";
import { formText, readStaffPost, requireStaffPage, STAFF_HEADERS, savedRedirect } from "~/lib/staff.server";
import type { StaffVerification } from "../../../contract/verification";
import { VERIFICATION_NOTE_MAX, VERIFICATION_REFUSALS, type VerificationRefusal } from "../../../contract/rules/verification";
import type { Route } from "./+types/verifications";

/**
 * /staff/verifications (moderators and admins; ADR 059): the selfies waiting, oldest first, each
 * beside the member's profile photos with the pose asked for; Approve, or Refuse with a reason
 * the member sees (and an optional note). One form per selfie, working without JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(context);
  if (staff.role === "host") throw redirect("/staff/hosts", { headers: STAFF_HEADERS });
  const result = await fetchPendingVerifications(context.get(apiContext));
  if (!result.ok) pageError(result.status);
  return { items: result.data.items, saved: new URL(request.url).searchParams.has("saved"), now: Date.now() };
}

/** What a refused post sends back: which request, the error by field, and what was chosen. */
interface DecisionReply {
  id: number;
  field: "reason" | "note" | "form";
  error: string;
  reason: string;
  note: string;
}

const isRefusal = (value: string): value is VerificationRefusal => VERIFICATION_REFUSALS.some((r) => r === value);

export async function action(args: Route.ActionArgs) {
  const { form, api } = await readStaffPost(args);
  const id = Number(formText(form, "id"));
  const decision = formText(form, "decision");
  const reason = formText(form, "reason");
  const note = formText(form, "note").trim();
  const reply = (field: DecisionReply["field"], error: string, status: number) =>
    data<DecisionReply>({ id, field, error, reason, note }, { status, headers: STAFF_HEADERS });
  if (!Number.isSafeInteger(id) || id <= 0 || (decision !== "approve" && decision !== "refuse")) {
    return reply("form", "staff.errors.generic", 400);
  }
  if (decision === "refuse" && !isRefusal(reason)) return reply("reason", "staffVerification.reasonRequired", 400);
  if (note.length > VERIFICATION_NOTE_MAX) {
    return reply("note", `staffVerification.noteTooLong|${JSON.stringify({ max: VERIFICATION_NOTE_MAX })}`, 400);
  }
  const result = await decideVerification(
    api,
    decision === "approve" ? { id, action: "approve" } : { id, action: "refuse", reason: reason as VerificationRefusal, note },
  );
  if (!result.ok) {
    const message =
      result.error.error === "already_decided" ? "staffVerification.alreadyDecided" : staffApiMessage(result.error.error);
    return reply("form", message, result.status);
  }
  return savedRedirect("/staff/verifications");
}

export default function StaffVerifications({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { items, saved, now } = loaderData;
  return (
    <>
      <PageHeading heading={t("staffVerification.title")} saved={saved} />
      <p>{t("staffVerification.intro")}</p>
      {actionData && !items.some((item) => item.id === actionData.id) ? <FormAlert error={actionData.error} /> : null}
      {items.length === 0 ? (
        <p className="staff-panel">{t("staffVerification.empty")}</p>
      ) : (
        items.map((item) => (
          <Request key={item.id} item={item} now={now} reply={actionData?.id === item.id ? actionData : undefined} />
        ))
      )}
    </>
  );
}

function Request({ item, now, reply }: { item: StaffVerification; now: number; reply: DecisionReply | undefined }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const prefix = `verification-${item.id}`;
  return (
    <section className="staff-panel staff-verification" aria-labelledby={`${prefix}-heading`}>
      <h2 id={`${prefix}-heading`}>
        {item.member.name} (#{item.member.id}) · {item.site_name}
      </h2>
      <p className="staff-help">
        {t("staffVerification.sent")}: <When at={item.uploaded_at} now={now} />
      </p>
      <PoseShown pose={item.pose} heading={t("staffVerification.poseAsked")} />
      <div className="staff-verification-compare">
        <figure>
          <figcaption>{t("staffVerification.selfie")}</figcaption>
          <img
            className="staff-selfie"
            src={`/staff/verifications/${item.id}/selfie`}
            alt={t("staffVerification.selfieAlt", { name: item.member.name })}
          />
        </figure>
        <figure>
          <figcaption>{t("staffVerification.photos")}</figcaption>
          <ul className="staff-photos">
            {item.photos.map((photo) => (
              <li key={photo.id}>
                <img src={photo.url} alt={t("staffVerification.photoAlt", { name: item.member.name })} loading="lazy" />
                {photo.main ? <span className="staff-badge">{t("staffVerification.main")}</span> : null}
              </li>
            ))}
          </ul>
        </figure>
      </div>
      <Form method="post" className="staff-form">
        <input type="hidden" name="id" value={item.id} />
        {reply?.field === "form" ? <FormAlert error={reply.error} /> : null}
        <label>
          {t("staffVerification.reason")}
          <select
            name="reason"
            defaultValue={reply?.reason ?? ""}
            aria-invalid={reply?.field === "reason" ? true : undefined}
            aria-describedby={reply?.field === "reason" ? `${prefix}-reason-error` : undefined}
          >
            <option value="">{t("staffVerification.chooseReason")}</option>
            {VERIFICATION_REFUSALS.map((reason) => (
              <option key={reason} value={reason}>
                {t(`verification.reasons.${reason}`)}
              </option>
            ))}
          </select>
          {reply?.field === "reason" ? <FormAlert id={`${prefix}-reason-error`} error={reply.error} /> : null}
        </label>
        <label>
          {t("staffVerification.note")}
          <textarea
            name="note"
            rows={2}
            maxLength={VERIFICATION_NOTE_MAX}
            defaultValue={reply?.note ?? ""}
            aria-invalid={reply?.field === "note" ? true : undefined}
            aria-describedby={reply?.field === "note" ? `${prefix}-note-error` : undefined}
          />
          {reply?.field === "note" ? <FormAlert id={`${prefix}-note-error`} error={reply.error} /> : null}
        </label>
        <div className="staff-verification-buttons">
          <button type="submit" name="decision" value="approve" disabled={busy}>
            {t("staffVerification.approve")}
          </button>
          <button type="submit" name="decision" value="refuse" className="staff-button secondary" disabled={busy}>
            {t("staffVerification.refuse")}
          </button>
        </div>
      </Form>
    </section>
  );
}
