import { Form, redirect, useNavigation } from "react-router";
import { DecisionForm, Decisions, MemberFacts, PageHeading, Photos } from "~/components/staff/StaffParts";
import { staffMember, staffPhotoReviewed } from "~/lib/api/staff.server";
import { useTranslation } from "~/lib/i18n-react";
import { formErrors } from "~/lib/forms/reply.server";
import { staffFormReply, submitDecision } from "~/lib/staff-forms.server";
import { formText, loadStaffDetail, readStaffPost, STAFF_HEADERS } from "~/lib/staff.server";
import type { Route } from "./+types/member";

/**
 * /staff/members/:memberId: a member of the staff's sites, their photos and decisions, and a
 * decision without a case (warn, ban, unban, remove a photo). From the queue's new photos
 * (?photo=): keep the photo (it leaves the queue) or remove it.
 */
export async function loader(args: Route.LoaderArgs) {
  const detail = await loadStaffDetail(args, (api) => staffMember(api, args.params.memberId));
  const photo = Number(new URL(args.request.url).searchParams.get("photo"));
  return { ...detail, photo: detail.photos.some((p) => p.id === photo && !p.removed) ? photo : null };
}

export async function action(args: Route.ActionArgs) {
  const { form, api } = await readStaffPost(args);
  const { memberId } = args.params;
  if (formText(form, "intent") === "keep_photo") {
    const result = await staffPhotoReviewed(api, Number(formText(form, "image")));
    if (!result.ok) return staffFormReply(formErrors("staff.errors.generic"), result.status);
    throw redirect("/staff", { headers: STAFF_HEADERS });
  }
  const allowed = ["warn", "ban", "unban", "remove_photo"] as const;
  return submitDecision(api, form, allowed, { member: Number(memberId) }, `/staff/members/${memberId}`);
}

export default function StaffMember({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const { member, photos, decisions, photo, saved, now } = loaderData;
  const heading = t("staff.memberHeading", { name: member.name || `#${member.id}` });
  return (
    <>
      <PageHeading heading={heading} saved={saved} />
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
            lastResult={actionData?.result}
            defaultValue={photo ? { image: String(photo), action: "remove_photo" } : undefined}
            busy={busy}
          />
        </section>
      </div>
    </>
  );
}
