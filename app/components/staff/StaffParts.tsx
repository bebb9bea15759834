/**
 * Pieces the staff pages share (app/routes/staff): the page's title and heading, a form's
 * error, the member's facts, photos and earlier decisions, the decision form, and dates. Everything members or notifiers wrote is rendered as
 * React text (never as HTML), so markup in it shows as the characters typed.
 */
import { Form } from "react-router";
import { staffDecisionSchema } from "~/lib/forms/staff";
import { type FormResult, type Form as FormHook, useForm } from "~/lib/forms/use-form";
import { useTranslation } from "~/lib/i18n-react";
import { BAN_CATEGORIES, REASON_MAX, REASON_MIN, STAFF_ACTIONS, type StaffAction } from "../../../contract/rules/staff";
import type { Decision, StaffMemberAnswer } from "../../../contract/staff";
import type { MessageKey } from "../../../contract/translator";
import { FieldError, FormAlert, useErrorText, When } from "./StaffBasics";

export { FieldError, FormAlert, PageHeading, useErrorText, When } from "./StaffBasics";

/** What an input of a field shows of its error: aria-invalid, and the error it is described by. */
export function errorProps(field: ReturnType<FormHook["field"]>) {
  return field.errors
    ? { "aria-invalid": true as const, "aria-describedby": field.errorId }
    : { "aria-invalid": undefined, "aria-describedby": undefined };
}

/** The statement of reasons (the member is sent it), with its bounds. */
export function ReasonField({ field }: { field: ReturnType<FormHook["field"]> }) {
  const { t } = useTranslation();
  return (
    <label>
      {t("staff.reason")}
      <textarea
        name={field.name}
        required
        minLength={REASON_MIN}
        maxLength={REASON_MAX}
        defaultValue={field.initialValue ?? ""}
        {...errorProps(field)}
      />
      <span className="staff-help">{t("staff.reasonHelp", { min: REASON_MIN, max: REASON_MAX })}</span>
      <FieldError id={field.errorId} error={field.errors?.[0]} />
    </label>
  );
}

export function MemberFacts({ member }: { member: StaffMemberAnswer["member"] }) {
  const { t } = useTranslation();
  return (
    <dl className="staff-facts">
      <dt>{t("staff.member")}</dt>
      <dd>
        {member.name} (#{member.id}) {member.banned ? <span className="staff-badge banned">{t("staff.banned")}</span> : null}
      </dd>
      <dt>{t("staff.email")}</dt>
      <dd>{member.email ?? "–"}</dd>
      <dt>{t("staff.colSite")}</dt>
      <dd>{member.site_name}</dd>
      <dt>{t("staff.state")}</dt>
      <dd>{member.status}</dd>
    </dl>
  );
}

export function Photos({
  photos,
  name,
  highlight,
}: {
  photos: StaffMemberAnswer["photos"];
  name: string;
  highlight?: number | null;
}) {
  const { t } = useTranslation();
  if (photos.length === 0) return <p className="staff-muted">{t("staff.noPhotos")}</p>;
  return (
    <ul className="staff-photos">
      {photos.map((photo) =>
        photo.removed ? (
          <li key={`r${photo.id}`}>
            <span className="removed">{t("staff.removedPhoto", { id: photo.id })}</span>
          </li>
        ) : (
          <li key={photo.id}>
            <img src={photo.url} alt={t("staff.photoAlt", { id: photo.id, name })} loading="lazy" />
            {highlight === photo.id ? <span className="staff-badge">{t("staff.reportedPhoto")}</span> : null}
          </li>
        ),
      )}
    </ul>
  );
}

export function Decisions({ decisions, now }: { decisions: Decision[]; now: number }) {
  const { t } = useTranslation();
  if (decisions.length === 0) return <p className="staff-muted">{t("staff.noDecisions")}</p>;
  return (
    <ol className="staff-list">
      {decisions.map((d) => (
        <li key={d.id}>
          <strong>
            {t("staff.decisionBy", {
              action: t(`moderation.actions.${d.action}`),
              category: t(`moderation.categories.${d.category}` as MessageKey),
              name: d.staff_name,
            })}
          </strong>{" "}
          <When at={d.created_at} now={now} />
          <p className="staff-text">{d.reason}</p>
        </li>
      ))}
    </ol>
  );
}

/**
 * The decision form: action, category, photo (for remove_photo), the reasons, and the ban's
 * confirmation. `lastResult`: the action's answer (errors and what was typed); `defaultValue`:
 * what it starts with (a photo from the queue).
 */
export function DecisionForm({
  actions,
  photos,
  lastResult,
  defaultValue,
  busy,
}: {
  actions: readonly StaffAction[];
  photos: StaffMemberAnswer["photos"];
  lastResult: FormResult | undefined;
  defaultValue?: Record<string, string> | undefined;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const form = useForm({ schema: staffDecisionSchema(actions), lastResult, defaultValue });
  const action = form.field("action");
  const category = form.field("category");
  const image = form.field("image");
  const reason = form.field("reason");
  const confirmBan = form.field("confirm_ban");
  const shown = photos.filter((p) => !p.removed);
  const formError = form.formErrors?.[0];
  return (
    <Form method="post" className="staff-form" aria-describedby={formError ? "decide-error" : undefined} {...form.props}>
      <FormAlert error={formError} id="decide-error" />
      <label>
        {t("staff.action")}
        <select name={action.name} required defaultValue={action.initialValue ?? ""} {...errorProps(action)}>
          <option value="">{t("staff.choose")}</option>
          {STAFF_ACTIONS.filter((a) => actions.includes(a)).map((a) => (
            <option key={a} value={a}>
              {t(`moderation.actions.${a}`)}
            </option>
          ))}
        </select>
        <FieldError id={action.errorId} error={action.errors?.[0]} />
      </label>
      <label>
        {t("staff.category")}
        <select name={category.name} required defaultValue={category.initialValue ?? ""} {...errorProps(category)}>
          <option value="">{t("staff.choose")}</option>
          {BAN_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`moderation.categories.${c}`)}
            </option>
          ))}
        </select>
        <FieldError id={category.errorId} error={category.errors?.[0]} />
      </label>
      {actions.includes("remove_photo") && shown.length > 0 ? (
        <label>
          {t("staff.photo")}
          <select name={image.name} defaultValue={image.initialValue ?? ""} {...errorProps(image)}>
            <option value="">{t("staff.choose")}</option>
            {shown.map((p) => (
              <option key={p.id} value={p.id}>
                #{p.id}
              </option>
            ))}
          </select>
          <FieldError id={image.errorId} error={image.errors?.[0]} />
        </label>
      ) : null}
      <ReasonField field={reason} />
      {actions.includes("ban") ? (
        <label className="staff-check">
          <input
            type="checkbox"
            name={confirmBan.name}
            value="1"
            defaultChecked={confirmBan.initialValue === "1"}
            {...errorProps(confirmBan)}
          />
          <span>{t("staff.confirmBan")}</span>
        </label>
      ) : null}
      {confirmBan.errors ? (
        <p id={confirmBan.errorId} className="staff-error">
          {errorText(confirmBan.errors[0])}
        </p>
      ) : null}
      <button type="submit" disabled={busy}>
        {t("staff.submit")}
      </button>
    </Form>
  );
}

/** A case's category is a report's or notice's (safety.categories), an appeal's a decision's (moderation.categories). */
export function categoryText(t: (key: MessageKey) => string, category: string): string {
  const safety = `safety.categories.${category}` as MessageKey;
  const text = t(safety);
  return text === safety ? t(`moderation.categories.${category}` as MessageKey) : text;
}
