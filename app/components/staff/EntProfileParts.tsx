/**
 * Parts of the entertainment profile page (app/routes/staff/ent-profile.tsx; ADR 045): the
 * details form, the photos, and the hosts who wrote as the profile.
 */
import { Form } from "react-router";
import { errorProps, FieldError, FormAlert, When } from "~/components/staff/StaffParts";
import { useDisplayNames } from "~/lib/display-names";
import { EntProfileSchema } from "~/lib/forms/ent-profiles";
import type { FormReply } from "~/lib/forms/reply";
import { useForm } from "~/lib/forms/use-form";
import { useTranslation } from "~/lib/i18n-react";
import type { EntProfileAnswer } from "../../../contract/entertainment";
import { CITY_MAX, NAME_MAX, PERSONAL_MAX } from "../../../contract/limits";
import { LOCALES } from "../../../contract/locales";
import type { Profile } from "../../../contract/schemas";

/** The profile's details: a new one (profile null) or changes; what was typed stays on any error. */
export function EntProfileDetails({
  profile,
  sites,
  reply,
  busy,
}: {
  profile: EntProfileAnswer | null;
  sites: { id: number; name: string }[];
  reply: FormReply | undefined;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const names = useDisplayNames();
  const p = profile?.profile;
  const defaultValue: Record<string, string> = p
    ? {
        site: String(profile.site_id),
        name: p.name,
        gender: p.gender ?? "",
        date_of_birth: p.date_of_birth ?? "",
        country: p.country ?? "",
        city: p.city ?? "",
        language: p.language,
        about_me: p.personal.about_me ?? "",
        looking_for: p.personal.looking_for ?? "",
        ...(profile.only_this_site ? { only_this_site: "1" } : {}),
      }
    : sites.length === 1
      ? { site: String(sites[0]?.id) }
      : {};
  const form = useForm({ schema: EntProfileSchema, lastResult: reply?.result, defaultValue });
  const field = (name: keyof typeof defaultValue | "only_this_site") => form.field(name);
  const input = (name: string, label: string, props: Record<string, unknown> = {}) => {
    const f = field(name);
    return (
      <label>
        {label}
        <input name={f.name} defaultValue={f.initialValue ?? ""} {...props} {...errorProps(f)} />
        <FieldError id={f.errorId} error={f.errors?.[0]} />
      </label>
    );
  };
  const select = (name: string, label: string, options: { value: string; label: string }[]) => {
    const f = field(name);
    return (
      <label>
        {label}
        <select name={f.name} required defaultValue={f.initialValue ?? ""} {...errorProps(f)}>
          <option value="">{t("staff.choose")}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <FieldError id={f.errorId} error={f.errors?.[0]} />
      </label>
    );
  };
  const area = (name: string, label: string) => {
    const f = field(name);
    return (
      <label>
        {label}
        <textarea name={f.name} maxLength={PERSONAL_MAX} defaultValue={f.initialValue ?? ""} {...errorProps(f)} />
        <FieldError id={f.errorId} error={f.errors?.[0]} />
      </label>
    );
  };
  const onlyHere = field("only_this_site");
  return (
    <section className="staff-panel" aria-labelledby="ent-details">
      <h2 id="ent-details">{t("entProfiles.details")}</h2>
      <Form method="post" className="staff-form" {...form.props}>
        <input type="hidden" name="intent" value="save" />
        <FormAlert error={form.formErrors?.[0]} />
        {select(
          "site",
          t("entProfiles.site"),
          sites.map((s) => ({ value: String(s.id), label: s.name })),
        )}
        {input("name", t("entProfiles.name"), { required: true, maxLength: NAME_MAX, autoComplete: "off" })}
        {select("gender", t("entProfiles.gender"), [
          { value: "female", label: t("member.genders.female") },
          { value: "male", label: t("member.genders.male") },
        ])}
        {input("date_of_birth", t("entProfiles.dateOfBirth"), { type: "date", required: true })}
        {input("country", t("entProfiles.country"), {
          required: true,
          maxLength: 2,
          pattern: "[A-Za-z]{2}",
          autoComplete: "off",
        })}
        {input("city", t("entProfiles.city"), { required: true, maxLength: CITY_MAX })}
        {select(
          "language",
          t("entProfiles.language"),
          LOCALES.map((code) => ({ value: code, label: names.language(code) ?? code })),
        )}
        {area("about_me", t("member.notes.about_me"))}
        {area("looking_for", t("member.notes.looking_for"))}
        <label className="staff-check">
          <input type="checkbox" name={onlyHere.name} value="1" defaultChecked={onlyHere.initialValue === "1"} />
          <span>{t("entProfiles.onlyThisSite")}</span>
        </label>
        <button type="submit" disabled={busy}>
          {profile ? t("entProfiles.save") : t("entProfiles.create")}
        </button>
      </Form>
    </section>
  );
}

/** The profile's photos, each with "Remove", and the upload of another (the members' photo pipeline). */
export function EntProfilePhotos({ profile, reply, busy }: { profile: Profile; reply: FormReply | undefined; busy: boolean }) {
  const { t } = useTranslation();
  const error = reply?.result.error?.[""]?.[0];
  return (
    <section className="staff-panel" aria-labelledby="ent-photos">
      <h2 id="ent-photos">{t("staff.photos")}</h2>
      {profile.images.length === 0 ? (
        <p className="staff-muted">{t("staff.noPhotos")}</p>
      ) : (
        <ul className="staff-photos">
          {profile.images.map((image) => (
            <li key={image.id}>
              <img
                src={`/api/images/${image.thumb_filename}`}
                alt={t("staff.photoAlt", { id: image.id, name: profile.name })}
                loading="lazy"
              />
              <Form method="post">
                <input type="hidden" name="image" value={image.id} />
                <button type="submit" name="intent" value="photo-remove" className="link-button" disabled={busy}>
                  {t("entProfiles.removePhoto")}
                  <span className="visually-hidden">{` #${image.id}`}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" encType="multipart/form-data" className="staff-form ent-upload">
        <FormAlert error={error} />
        <label>
          {t("entProfiles.addPhoto")}
          <input type="file" name="file" accept="image/jpeg,image/png" required />
        </label>
        <span className="staff-help">{t("entProfiles.photoHelp")}</span>
        <button type="submit" name="intent" value="photo-add" className="staff-button secondary" disabled={busy}>
          {t("entProfiles.upload")}
        </button>
      </Form>
    </section>
  );
}

/** Who wrote as the profile: each host's replies and the last one. */
export function EntProfileWriters({ hosts, now }: { hosts: EntProfileAnswer["hosts"]; now: number }) {
  const { t } = useTranslation();
  return (
    <section className="staff-panel" aria-labelledby="ent-writers">
      <h2 id="ent-writers">{t("entProfiles.writers")}</h2>
      {hosts.length === 0 ? (
        <p className="staff-muted">{t("entProfiles.noWriters")}</p>
      ) : (
        <table className="staff-table">
          <thead>
            <tr>
              <th scope="col">{t("entProfiles.host")}</th>
              <th scope="col">{t("entProfiles.replies")}</th>
              <th scope="col">{t("entProfiles.lastReply")}</th>
            </tr>
          </thead>
          <tbody>
            {hosts.map((h) => (
              <tr key={h.name}>
                <td>{h.name}</td>
                <td>{h.replies}</td>
                <td>
                  <When at={h.last_at} now={now} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
