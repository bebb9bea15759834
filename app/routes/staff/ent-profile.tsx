import { data, Form, redirect, useNavigation } from "react-router";
import { EntProfileDetails, EntProfilePhotos, EntProfileWriters } from "~/components/staff/EntProfileParts";
import { NotesForm } from "~/components/staff/NotesForm";
import { FormAlert, PageHeading } from "~/components/staff/StaffParts";
import {
  deleteEntPhoto,
  entProfile,
  entProfiles,
  saveEntPersonaNotes,
  saveEntProfile,
  setEntProfileState,
  uploadEntPhoto,
} from "~/lib/api/ent-profiles.server";
import { apiContext } from "~/lib/context";
import { EntProfileSchema } from "~/lib/forms/ent-profiles";
import { HostNotesSchema } from "~/lib/forms/hosts";
import { parseForm } from "~/lib/forms/parse.server";
import type { FormReply } from "~/lib/forms/reply";
import { formErrors } from "~/lib/forms/reply.server";
import { useTranslation } from "~/lib/i18n-react";
import { apiFailurePage } from "~/lib/page-errors.server";
import { sendPhoto } from "~/lib/signup/profile-sections.server";
import { hostApiMessage, staffApiMessage } from "~/lib/staff-forms.server";
import { readStaffPost, requireStaffPage, STAFF_HEADERS } from "~/lib/staff.server";
import type { Route } from "./+types/ent-profile";

/**
 * /staff/profiles/new and /staff/profiles/:id: an entertainment profile, made or changed by an
 * admin (docs/product.md §15.6, ADR 045): its details, photos (through the members' photo
 * pipeline), persona notes, who wrote as it, and retiring it. Outside the admin's sites: 404.
 */
export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaffPage(args.context);
  if (staff.role !== "admin") throw redirect(staff.role === "host" ? "/staff/hosts" : "/staff", { headers: STAFF_HEADERS });
  const api = args.context.get(apiContext);
  const saved = new URL(args.request.url).searchParams.has("saved");
  if (args.params.profileId === "new") {
    const list = await entProfiles(api);
    if (!list.ok) return apiFailurePage(list, args);
    return { profile: null, sites: list.data.sites, saved, now: Date.now() };
  }
  const id = Number(args.params.profileId);
  const result = await entProfile(api, Number.isSafeInteger(id) && id > 0 ? id : 0);
  if (!result.ok) return apiFailurePage(result, args);
  return { profile: result.data, sites: result.data.sites, saved, now: Date.now() };
}

const reply = (section: string, body: Omit<FormReply, "section">, status: number) =>
  data<FormReply>({ ...body, section }, { status, headers: STAFF_HEADERS });

export async function action(args: Route.ActionArgs) {
  const { form, api } = await readStaffPost(args);
  const isNew = args.params.profileId === "new";
  const id = isNew ? null : Number(args.params.profileId);
  if (id !== null && (!Number.isSafeInteger(id) || id <= 0)) throw redirect("/staff/profiles", { headers: STAFF_HEADERS });
  const page = (profile: number) => `/staff/profiles/${profile}?saved`;
  const intent = form.get("intent");

  if (id !== null && intent === "photo-add") {
    const failed = await sendPhoto(form, (file) => uploadEntPhoto(api, id, file));
    if (failed) return reply("photos", { result: formErrors(failed.error) }, failed.status);
    throw redirect(page(id), { headers: STAFF_HEADERS });
  }
  if (id !== null && intent === "photo-remove") {
    const image = Number(form.get("image"));
    const result = await deleteEntPhoto(api, { profile: id, image: Number.isSafeInteger(image) && image > 0 ? image : 0 });
    if (!result.ok) return reply("photos", { result: formErrors(staffApiMessage(result.error.error)) }, result.status);
    throw redirect(page(id), { headers: STAFF_HEADERS });
  }
  if (id !== null && (intent === "retire" || intent === "restore")) {
    const result = await setEntProfileState(api, { id, retired: intent === "retire" });
    if (!result.ok) return reply("state", { result: formErrors(staffApiMessage(result.error.error)) }, result.status);
    throw redirect(page(id), { headers: STAFF_HEADERS });
  }
  if (id !== null && intent === "notes") {
    const submission = parseForm(form, HostNotesSchema);
    if (submission.status !== "success") return reply("notes-profile", { result: submission.reply() }, 400);
    const { text, version } = submission.value;
    const result = await saveEntPersonaNotes(api, { id, text, version: Number(version) });
    if (!result.ok) {
      return reply("notes-profile", { result: submission.reply({ formErrors: [hostApiMessage(result.error)] }) }, result.status);
    }
    throw redirect(page(id), { headers: STAFF_HEADERS });
  }

  const submission = parseForm(form, EntProfileSchema);
  if (submission.status !== "success") return reply("details", { result: submission.reply() }, 400);
  const { site, only_this_site, ...values } = submission.value;
  const result = await saveEntProfile(api, {
    ...(id === null ? {} : { id }),
    ...values,
    site: Number(site),
    only_this_site: only_this_site === "1",
  });
  if (!result.ok) {
    const fields = result.error.fields ?? {};
    const fieldErrors = Object.fromEntries(Object.keys(fields).map((field) => [field, ["entProfiles.errors.invalid"]]));
    return reply(
      "details",
      {
        result: submission.reply(
          Object.keys(fieldErrors).length > 0 ? { fieldErrors } : { formErrors: [staffApiMessage(result.error.error)] },
        ),
      },
      result.status,
    );
  }
  throw redirect(page(result.data.id), { headers: STAFF_HEADERS });
}

export default function EntProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const { profile, sites, saved, now } = loaderData;
  const heading = profile ? profile.profile.name : t("entProfiles.newHeading");
  return (
    <>
      <PageHeading heading={heading} saved={saved} savedText={t("entProfiles.saved")} />
      {profile?.retired ? <p className="host-lease-note">{t("entProfiles.retiredNote")}</p> : null}
      <div className="staff-grid">
        <div>
          <EntProfileDetails
            profile={profile}
            sites={sites}
            reply={actionData?.section === "details" ? actionData : undefined}
            busy={busy}
          />
        </div>
        {profile ? (
          <div>
            <EntProfilePhotos
              profile={profile.profile}
              reply={actionData?.section === "photos" ? actionData : undefined}
              busy={busy}
            />
            <section className="staff-panel" aria-labelledby="ent-notes">
              <h2 id="ent-notes">{t("hosts.personaNotes")}</h2>
              <NotesForm
                about="profile"
                notes={profile.persona_notes}
                reply={actionData}
                label={t("hosts.personaNotes")}
                help={t("hosts.personaNotesHelp")}
                busy={busy}
                now={now}
              />
            </section>
            <EntProfileWriters hosts={profile.hosts} now={now} />
            <section className="staff-panel" aria-labelledby="ent-state">
              <h2 id="ent-state">{profile.retired ? t("entProfiles.restoreHeading") : t("entProfiles.retireHeading")}</h2>
              <p className="staff-muted">{profile.retired ? t("entProfiles.restoreHelp") : t("entProfiles.retireHelp")}</p>
              {actionData?.section === "state" ? <FormAlert error={actionData.result.error?.[""]?.[0]} /> : null}
              <Form method="post">
                <button
                  type="submit"
                  name="intent"
                  value={profile.retired ? "restore" : "retire"}
                  className="staff-button secondary"
                  disabled={busy}
                >
                  {profile.retired ? t("entProfiles.restore") : t("entProfiles.retire")}
                </button>
              </Form>
            </section>
          </div>
        ) : null}
      </div>
    </>
  );
}
