import { Form, redirect, useNavigation } from "react-router";
import { DecisionForm, Decisions, MemberFacts, Photos } from "~/components/staff/StaffParts";
import { staffDecide, staffMember, staffPhotoReviewed } from "~/lib/api/staff.server";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/middleware.server";
import { notFound, pageError } from "~/lib/page-errors.server";
import { apiFormError, formError, readDecision } from "~/lib/staff-forms.server";
import { formText, requireStaffPage, STAFF_HEADERS } from "~/lib/staff.server";
import type { Route } from "./+types/member";

/**
 * /staff/members/:memberId: a member of the staff's sites, their photos and decisions, and a
 * decision without a case (warn, ban, unban, remove a photo). From the queue's new photos
 * (?photo=): keep the photo (it leaves the queue) or remove it.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireStaffPage(args.context);
  const result = await staffMember(args.context.get(apiContext), args.params.memberId);
  if (!result.ok) {
    if (result.status === 404 || result.status === 422) return notFound(args);
    pageError(result.status);
  }
  const url = new URL(args.request.url);
  const photo = Number(url.searchParams.get("photo"));
  return {
    ...result.data,
    photo: result.data.photos.some((p) => p.id === photo && !p.removed) ? photo : null,
    saved: url.searchParams.has("saved"),
    now: Date.now(),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireStaffPage(context);
  const form = await request.formData();
  const api = context.get(apiContext);
  if (formText(form, "intent") === "keep_photo") {
    const result = await staffPhotoReviewed(api, Number(formText(form, "image")));
    if (!result.ok) return formError({ form: "staff.errors.generic" }, {}, result.status);
    throw redirect("/staff", { headers: STAFF_HEADERS });
  }
  const decision = readDecision(form, ["warn", "ban", "unban", "remove_photo"]);
  if (!decision.ok) return formError(decision.errors, decision.values);
  const result = await staffDecide(api, { ...decision.body, member: Number(params.memberId) });
  if (!result.ok) return apiFormError(result, decision.values);
  throw redirect(`/staff/members/${params.memberId}?saved`, { headers: STAFF_HEADERS });
}

export default function StaffMember({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const { member, photos, decisions, photo, saved, now } = loaderData;
  const heading = t("staff.memberHeading", { name: member.name || `#${member.id}` });
  return (
    <>
      <title>{`${heading} – ${t("staff.title")}`}</title>
      <h1>{heading}</h1>
      {saved ? (
        <p className="staff-status" role="status">
          {t("staff.saved")}
        </p>
      ) : null}
      <div className="staff-grid">
        <div>
          <section className="staff-panel" aria-labelledby="member-facts">
            <h2 id="member-facts">{t("staff.member")}</h2>
            <MemberFacts member={member} />
            <h3>{t("staff.photos")}</h3>
            <Photos photos={photos} name={member.name} highlight={photo} />
            {photo ? (
              <Form method="post">
                <input type="hidden" name="intent" value="keep_photo" />
                <input type="hidden" name="image" value={photo} />
                <button type="submit" className="staff-button secondary" disabled={busy}>
                  {t("staff.keepPhoto")}
                </button>
              </Form>
            ) : null}
          </section>
          <section className="staff-panel" aria-labelledby="member-decisions">
            <h2 id="member-decisions">{t("staff.decisions")}</h2>
            <Decisions decisions={decisions} now={now} />
          </section>
        </div>
        <section className="staff-panel" aria-labelledby="member-decide">
          <h2 id="member-decide">{t("staff.decideHeading")}</h2>
          <DecisionForm
            actions={member.banned ? ["unban", "warn", "remove_photo"] : ["warn", "remove_photo", "ban"]}
            photos={photos}
            errors={actionData?.errors}
            values={actionData?.values ?? (photo ? { image: String(photo), action: "remove_photo" } : undefined)}
            busy={busy}
          />
        </section>
      </div>
    </>
  );
}
