/**
 * The forms of /profile's parts that are the page's own (the others come from the sign-up steps
 * and AccountSettings): photos, name, password, blocked members. Loaded with the part that shows
 * them, so the page's first load carries none of them (docs/architecture.md §6 budgets).
 */
import { useMemo } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { ErrorList, Field } from "~/components/Field";
import { NewPasswordFields } from "~/components/NewPasswordFields";
import { PartFailed } from "~/components/PartFailed";
import { BlockForm } from "~/components/safety/SafetyFields";
import { PhotoUpload } from "~/components/signup/PhotoStep";
import { profileNameSchema } from "~/lib/forms/account";
import { ChangePasswordSchema } from "~/lib/forms/password";
import type { FormReply } from "~/lib/forms/reply";
import { inputProps, useForm } from "~/lib/forms/use-form";
import { useTranslation } from "~/lib/i18n-react";
import type { Part } from "~/lib/page-part";
import type { BlocksAnswer } from "../../../contract/schemas";
import { dateTimeFormat } from "~/lib/format";

export function Photos({
  images,
  mainImage,
  cdnPrefix,
  actionData,
}: {
  images: { id: number; thumb_filename: string }[];
  mainImage: string | null;
  cdnPrefix: string;
  actionData: FormReply | undefined;
}) {
  const { t } = useTranslation();
  const upload = useFetcher<FormReply>();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <h2 id="photos-heading">{t("profile.photos")}</h2>
      {images.length === 0 ? (
        <p className="empty-state">{t("profile.noPhotos")}</p>
      ) : (
        <ul className="photo-grid profile-photos" aria-label={t("signup.photo.yours")}>
          {images.map((image, i) => {
            const main = image.thumb_filename === mainImage;
            return (
              <li key={image.id}>
                <img
                  src={cdnPrefix + image.thumb_filename}
                  alt={t("profile.photoAlt", { n: i + 1 })}
                  width={120}
                  height={120}
                  loading="lazy"
                />
                {main ? (
                  <p className="photo-main">{t("profile.mainPhoto")}</p>
                ) : (
                  <Form method="post">
                    <input type="hidden" name="id" value={image.id} />
                    <button type="submit" name="intent" value="photo-main" className="button secondary small" disabled={busy}>
                      {t("profile.makeMain")}
                      <span className="visually-hidden"> ({t("profile.photoAlt", { n: i + 1 })})</span>
                    </button>
                  </Form>
                )}
                {/* Asked first (issue 29 point 12): a deleted photo cannot come back. */}
                <details className="confirm-first">
                  <summary className="button secondary small">
                    {t("profile.deletePhoto")}
                    <span className="visually-hidden"> ({t("profile.photoAlt", { n: i + 1 })})</span>
                  </summary>
                  <div className="confirm-first-body">
                    <p>{t("profile.deletePhotoConfirm")}</p>
                    <Form method="post">
                      <input type="hidden" name="id" value={image.id} />
                      <button type="submit" name="intent" value="photo-delete" className="button small danger" disabled={busy}>
                        {t("profile.deletePhotoYes")}
                        <span className="visually-hidden"> ({t("profile.photoAlt", { n: i + 1 })})</span>
                      </button>
                    </Form>
                  </div>
                </details>
              </li>
            );
          })}
        </ul>
      )}
      <PhotoUpload upload={upload} actionData={actionData} />
    </>
  );
}

/** The member's name (issue 16): the one others see; the header shows it once saved. */
export function NameSetting({
  name,
  email,
  constraint,
  actionData,
}: {
  name: string;
  email: string;
  constraint: Record<string, { required?: boolean; maxLength?: number }>;
  actionData: FormReply | undefined;
}) {
  const { t } = useTranslation();
  const submitting = useNavigation().state === "submitting";
  const schema = useMemo(() => profileNameSchema(email), [email]);
  const form = useForm({ schema, lastResult: actionData?.result, constraint, defaultValue: { name } });
  const field = form.field("name");
  return (
    <>
      <h2 id="name-heading">{t("profile.name.heading")}</h2>
      <Form method="post" {...form.props} className="stack">
        <ErrorList id={`${form.id}-errors`} errors={form.formErrors} />
        <Field
          label={t("signup.account.name")}
          inputProps={{ ...inputProps(field, "text"), required: true, autoComplete: "given-name" }}
          errors={field.errors}
          help={t("profile.name.help")}
        />
        <div className="step-buttons">
          <button type="submit" name="intent" value="name" className="button" disabled={submitting} aria-busy={submitting}>
            {t("profile.save")}
          </button>
        </div>
      </Form>
    </>
  );
}

export function ChangePassword({
  constraint,
  actionData,
}: {
  constraint: Record<string, { required?: boolean }>;
  actionData: FormReply | undefined;
}) {
  const { t } = useTranslation();
  const submitting = useNavigation().state === "submitting";
  const form = useForm({ schema: ChangePasswordSchema, lastResult: actionData?.result, constraint });
  const current = form.field("current");
  return (
    <>
      <h2 id="password-heading">{t("profile.passwordHeading")}</h2>
      <Form method="post" {...form.props} className="stack">
        <ErrorList id={`${form.id}-errors`} errors={form.formErrors} />
        <Field
          label={t("profile.currentPassword")}
          inputProps={{ ...inputProps(current, "password"), required: true, autoComplete: "current-password" }}
          errors={current.errors}
        />
        <NewPasswordFields form={form} />
        <div className="step-buttons">
          <button type="submit" name="intent" value="password" className="button" disabled={submitting} aria-busy={submitting}>
            {t("profile.changePassword")}
          </button>
        </div>
      </Form>
    </>
  );
}

/** The members this member has blocked, each with an unblock button (docs/product.md "Trust and safety"). */
export function BlockedMembers({ blocked, cdnPrefix }: { blocked: Part<BlocksAnswer["blocked"]>; cdnPrefix: string }) {
  const { t, locale } = useTranslation();
  return (
    <>
      <h2 id="blocked-heading">{t("safety.blocked.heading")}</h2>
      <p className="field-help">{t("safety.block.hint")}</p>
      {blocked === null ? (
        <PartFailed />
      ) : blocked.length === 0 ? (
        <p className="empty-state">{t("safety.blocked.empty")}</p>
      ) : (
        <ul className="blocked-list">
          {blocked.map((member) => {
            const name = member.name || t("safety.blocked.deletedMember");
            return (
              <li key={member.id}>
                {member.main_image ? (
                  <img className="avatar" src={cdnPrefix + member.main_image.thumb_filename} alt="" width={40} height={40} />
                ) : (
                  <span className="avatar avatar-empty" aria-hidden="true" />
                )}
                <div className="blocked-text">
                  <strong>{name}</strong>
                  <span className="muted">
                    {t("safety.blocked.since", {
                      date: dateTimeFormat(locale, { dateStyle: "medium" }).format(member.blocked_at),
                    })}
                  </span>
                </div>
                <BlockForm memberId={member.id} name={name} block={false} returnTo="/profile?part=privacy#blocked" />
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
