import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n-react";

/**
 * The match moment (docs/product.md §4): a like back makes a match, and the member is offered
 * to write at once. With JavaScript it appears over the page where the like was given; without,
 * the like leads to the member's page, which shows it (routes/member.tsx, `?match`).
 */
export function MatchMoment({ memberId, name, close }: { memberId: number; name: string; close: (() => void) | string }) {
  const { t } = useTranslation();
  return (
    <div className="match-moment" role="status">
      <span className="match-heart" aria-hidden="true" />
      <p>
        <strong>{t("match.heading")}</strong> {t("match.text", { name })}
      </p>
      <div className="match-actions">
        <Link className="button" to={`/members/${memberId}/chat`}>
          {t("match.write", { name })}
        </Link>
        {typeof close === "string" ? (
          <Link className="link-button quiet" to={close} preventScrollReset>
            {t("match.later")}
          </Link>
        ) : (
          <button type="button" className="link-button quiet" onClick={close}>
            {t("match.later")}
          </button>
        )}
      </div>
    </div>
  );
}
