import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import { useTranslation } from "~/lib/i18n-react";
import type { Translator, Values } from "../../contract/translator";

/**
 * A labelled input with its errors beside it (Epic Stack's Field): aria-invalid and
 * aria-describedby tie the message to the input for screen readers. Errors are message keys
 * from the form schemas, translated here.
 */
export function Field({
  label,
  inputProps,
  errors,
  help,
  adornment,
}: {
  label: string;
  inputProps: InputHTMLAttributes<HTMLInputElement>;
  errors?: string[] | undefined;
  /** A hint under the input, read out with it. */
  help?: string;
  /**
   * Shown inside the input, at its end (a spinner): it takes no room, so nothing below moves. Give
   * it always or never (hide it instead): the input is a new element when it comes or goes.
   */
  adornment?: ReactNode;
}) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const helpId = help ? `${id}-help` : undefined;
  const describedBy = [errorId, helpId].filter(Boolean).join(" ") || undefined;
  const input = <input {...inputProps} id={id} aria-invalid={errorId ? true : undefined} aria-describedby={describedBy} />;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {adornment ? (
        <div className="field-input">
          {input}
          {adornment}
        </div>
      ) : (
        input
      )}
      <ErrorList id={errorId} errors={errors} />
      {help && (
        <p className="field-help" id={helpId}>
          {help}
        </p>
      )}
    </div>
  );
}

export function ErrorList({ id, errors }: { id?: string | undefined; errors?: string[] | undefined }) {
  const translation = useTranslation();
  if (!errors?.length) return null;
  return (
    <ul id={id} className="error-list">
      {errors.map((error) => (
        <li key={error}>{translateError(translation, error)}</li>
      ))}
    </ul>
  );
}

/**
 * Errors travel as message keys, optionally with values: "validation.noEmail" or
 * 'errors.rate_limited|{"minutes":15}'. An unknown key shows the generic message.
 */
export function translateError({ t, has }: Translator, error: string): string {
  const [key = "", values] = error.split("|");
  if (!/^(validation|errors)\./.test(key) || !has(key)) return t("errors.generic");
  const options: Values = values ? JSON.parse(values) : {};
  return t(key, options);
}
