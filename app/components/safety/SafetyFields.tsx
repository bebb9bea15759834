import { Form, Link, useNavigation } from "react-router";
import { useTranslation } from "~/lib/i18n-react";

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
