/**
 * Form fields beside Field (components/Field.tsx) for the forms that need them: the complaints
 * form, the report form and the customer-service form. Apart from Field so that pages without
 * them (sign-up) do not carry them.
 */
import type { ReactNode } from "react";
import { ErrorList } from "~/components/Field";
import type { Form as FormHook } from "~/lib/forms/use-form";

type FieldOf = ReturnType<FormHook["field"]>;

/** A labelled select with its errors beside it (Field's pattern for selects). */
export function SelectField({
  label,
  field,
  defaultValue,
  children,
}: {
  label: string;
  field: FieldOf;
  /** The value when the form has none yet (else the field's). */
  defaultValue?: string;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <select
        id={field.id}
        name={field.name}
        required
        // biome-ignore lint/a11y/noAutofocus: only the first field in error of the server's answer, in its HTML (use-form.ts serverConstraint): the cursor goes where the fix is.
        autoFocus={field.constraint.autoFocus}
        defaultValue={field.initialValue ?? defaultValue ?? ""}
        aria-invalid={field.errors ? true : undefined}
        aria-describedby={field.errors ? field.errorId : undefined}
      >
        {children}
      </select>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A labelled textarea with a hint and its errors (people's words: sent and shown as text). */
export function TextAreaField({
  label,
  field,
  help,
  maxLength,
  minLength,
  rows = 4,
  required = false,
}: {
  label: string;
  field: FieldOf;
  help: string;
  maxLength: number;
  minLength?: number;
  rows?: number;
  required?: boolean;
}) {
  const helpId = `${field.id}-help`;
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <textarea
        id={field.id}
        name={field.name}
        rows={rows}
        minLength={minLength}
        maxLength={maxLength}
        required={required}
        // biome-ignore lint/a11y/noAutofocus: as in SelectField.
        autoFocus={field.constraint.autoFocus}
        defaultValue={field.initialValue ?? ""}
        aria-invalid={field.errors ? true : undefined}
        aria-describedby={[field.errors ? field.errorId : "", helpId].filter(Boolean).join(" ")}
      />
      <ErrorList id={field.errorId} errors={field.errors} />
      <p className="field-help" id={helpId}>
        {help}
      </p>
    </div>
  );
}
