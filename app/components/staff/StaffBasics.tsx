/**
 * The smallest pieces every staff page uses (app/routes/staff): the page's title and heading, a
 * form's error, a field's error, and dates. Apart from StaffParts.tsx, so a page that needs only
 * these ships no form library (the staff pages' JavaScript budget).
 */
import { useTranslation } from "~/lib/i18n-react";
import type { MessageKey, Values } from "../../../contract/translator";
import { dateTimeFormat } from "~/lib/format";

/** An error as the forms carry it: a message key, and its values after a "|" (lib/forms/staff.ts). */
export function useErrorText() {
  const { t } = useTranslation();
  return (error: string | undefined) => {
    if (!error) return null;
    const [key = "", values] = error.split("|");
    const options: Values = values ? JSON.parse(values) : {};
    return t(key as MessageKey, options);
  };
}

/** A field's error beside it (its id is the field's aria-describedby). */
export function FieldError({ id, error }: { id?: string; error: string | undefined }) {
  const errorText = useErrorText();
  return error ? (
    <span id={id} className="staff-error">
      {errorText(error)}
    </span>
  ) : null;
}

/** A staff page's title and heading, and the note after a saved decision (?saved), or `savedText` after another save. */
export function PageHeading({ heading, saved = false, savedText }: { heading: string; saved?: boolean; savedText?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${heading} – ${t("staff.title")}`}</title>
      <h1>{heading}</h1>
      {saved ? (
        <p className="staff-status" role="status">
          {savedText ?? t("staff.saved")}
        </p>
      ) : null}
    </>
  );
}

/** A form's error as a whole (not one field's), announced when it appears. */
export function FormAlert({ error, id }: { error: string | undefined; id?: string }) {
  const errorText = useErrorText();
  return error ? (
    <p id={id} className="staff-error" role="alert">
      {errorText(error)}
    </p>
  ) : null;
}

export function When({ at, now }: { at: number; now: number }) {
  const { locale } = useTranslation();
  const minutes = Math.round((at - now) / 60_000);
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  const text =
    Math.abs(minutes) < 60
      ? relative.format(minutes, "minute")
      : Math.abs(minutes) < 48 * 60
        ? relative.format(Math.round(minutes / 60), "hour")
        : relative.format(Math.round(minutes / 1440), "day");
  const full = dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(at);
  return (
    <time dateTime={new Date(at).toISOString()} title={`${full} UTC`}>
      {text}
    </time>
  );
}
