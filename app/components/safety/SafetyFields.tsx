import { Form, Link, useNavigation } from "react-router";
import { useTranslation } from "~/lib/i18n-react";

/** Block (or unblock) a member: one button, a plain form post (routes/member-block.ts). */
export function BlockForm({
  memberId,
  name,
  block,
  returnTo,
  className = "button secondary small",
  confirm = false,
}: {
  memberId: number;
  name: string;
  block: boolean;
  returnTo?: string;
  className?: string;
  /** Ask first (issue 29 point 12): the button opens a question with the real button under it, a disclosure that works without JavaScript. */
  confirm?: boolean;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const form = (
    <Form method="post" action={`/members/${memberId}/block`} className="inline-form">
      <input type="hidden" name="intent" value={block ? "block" : "unblock"} />
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
      <button type="submit" className={confirm ? "button small danger" : className} disabled={busy}>
        {confirm ? t("safety.block.confirmButton") : block ? t("safety.block.button") : t("safety.blocked.unblock")}
        <span className="visually-hidden"> {name}</span>
      </button>
    </Form>
  );
  if (!confirm) return form;
  return (
    <details className="confirm-first">
      <summary className={className}>
        {t("safety.block.button")}
        <span className="visually-hidden"> {name}</span>
      </summary>
      <div className="confirm-first-body">
        <p>{t("safety.block.confirm", { name })}</p>
        {form}
      </div>
    </details>
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
      <BlockForm memberId={memberId} name={name} block confirm />
    </div>
  );
}
