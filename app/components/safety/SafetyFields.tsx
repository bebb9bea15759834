import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ErrorList } from "~/components/Field";
import type { Form as FormHook } from "~/lib/forms/use-form";
import { useTranslation } from "~/lib/i18n-react";

type FieldOf = ReturnType<FormHook["field"]>;

/** A labelled select with its errors beside it (Field's pattern for selects). */
export function SelectField({ label, field, children }: { label: string; field: FieldOf; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <select
        id={field.id}
        name={field.name}
        required
        defaultValue={field.initialValue ?? ""}
        aria-invalid={field.errors ? true : undefined}
        aria-describedby={field.errors ? field.errorId : undefined}
      >
        {children}
      </select>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A labelled textarea with a hint and its errors (members' words: sent and shown as text). */
export function TextAreaField({
  label,
  field,
  help,
  maxLength,
  required = false,
}: {
  label: string;
  field: FieldOf;
  help: string;
  maxLength: number;
  required?: boolean;
}) {
  const helpId = `${field.id}-help`;
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <textarea
        id={field.id}
        name={field.name}
        rows={4}
        maxLength={maxLength}
        required={required}
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

/** Block (or unblock) a member: one button, a plain form post (routes/member-block.ts). */
export function BlockForm({
  memberId,
  name,
  block,
  returnTo,
  className = "button secondary small",
}: {
  memberId: number;
  name: string;
  block: boolean;
  returnTo?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" action={`/members/${memberId}/block`} className="inline-form">
      <input type="hidden" name="intent" value={block ? "block" : "unblock"} />
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
      <button type="submit" className={className} disabled={busy}>
        {block ? t("safety.block.button") : t("safety.blocked.unblock")}
        <span className="visually-hidden"> {name}</span>
      </button>
    </Form>
  );
}

/** The member page's and the chat's way to report or block (docs/product.md "Trust and safety"). */
export function SafetyActions({ memberId, name, conversation }: { memberId: number; name: string; conversation?: number }) {
  const { t } = useTranslation();
  const report = `/members/${memberId}/report${conversation ? `?chat=${conversation}` : ""}`;
  return (
    <div className="safety-actions">
      <Link className="button secondary small" to={report}>
        {t("safety.report.link")}
        <span className="visually-hidden"> {name}</span>
      </Link>
      <BlockForm memberId={memberId} name={name} block />
    </div>
  );
}
