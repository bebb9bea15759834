/**
 * Parts of the discount code pages (app/routes/staff/discount-code*.tsx; ADR 049): a code's
 * state, its uses and revenue, its time, and the site's automatic offers shown read-only.
 */
import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import type { CodeSite, StaffDiscountCode } from "../../../contract/discount-codes";
import type { CodeState } from "../../../contract/rules/discount-codes";
import { formatMoney } from "../../../contract/money";
import type { MessageKey } from "../../../contract/translator";
import { dateTimeFormat } from "~/lib/format";

export function StateBadge({ state }: { state: CodeState }) {
  const { t } = useTranslation();
  return <span className={`staff-badge code-${state}`}>{t(`staffCodes.states.${state}` as MessageKey)}</span>;
}

/** What the code gives: "30% off" or "+50 bonus credits" (docs/decisions/054). */
export function CodeGives({ code }: { code: Pick<StaffDiscountCode, "kind" | "percent" | "bonus_credits"> }) {
  const { t } = useTranslation();
  return (
    <span className={`code-gives code-gives-${code.kind}`}>
      {code.kind === "bonus"
        ? t("staffCodes.bonusCredits", { count: code.bonus_credits ?? 0 })
        : t("staffCodes.percentOff", { percent: code.percent ?? 0 })}
    </span>
  );
}

/** A moment in UTC, as the form takes it. */
export function useUtc() {
  const { locale } = useTranslation();
  const format = dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  return (ms: number) => `${format.format(ms)} UTC`;
}

/** From when until when the code holds. */
export function CodeTime({ code }: { code: Pick<StaffDiscountCode, "valid_from" | "valid_until"> }) {
  const { t } = useTranslation();
  const utc = useUtc();
  return (
    <>
      {/* A start of 0 (the demo's codes) is no start worth reading. */}
      {code.valid_from > 0 ? (
        <>
          {t("staffCodes.from", { when: utc(code.valid_from) })}
          <br />
        </>
      ) : null}
      {code.valid_until === null ? t("staffCodes.noEnd") : t("staffCodes.until", { when: utc(code.valid_until) })}
    </>
  );
}

/** Revenue per currency ("–" without paid orders). */
export function Revenue({ revenue }: { revenue: StaffDiscountCode["revenue"] }) {
  const { locale } = useTranslation();
  if (revenue.length === 0) return <>–</>;
  return <>{revenue.map((r) => formatMoney(locale, r.cents, r.currency)).join(" · ")}</>;
}

/** "12 of 100 (3 reserved)": uses held by paid and payable orders, against the cap. */
export function Uses({ code }: { code: Pick<StaffDiscountCode, "uses" | "max_uses" | "reserved"> }) {
  const { t } = useTranslation();
  const total =
    code.max_uses === null
      ? t("staffCodes.usesNoCap", { uses: code.uses })
      : t("staffCodes.usesOf", { uses: code.uses, max: code.max_uses });
  return (
    <>
      {total}
      {code.reserved > 0 ? (
        <>
          <br />
          <span className="staff-muted">{t("staffCodes.reserved", { count: code.reserved })}</span>
        </>
      ) : null}
    </>
  );
}

/** What the code is for: its packages (all, or a list) and its smallest package. */
export function CodePackages({ code }: { code: Pick<StaffDiscountCode, "package_ids" | "min_credits"> }) {
  const { t } = useTranslation();
  const which = code.package_ids === null ? t("staffCodes.allPackages") : code.package_ids.join(", ");
  return (
    <>
      {which}
      {code.min_credits > 0 ? (
        <span className="staff-muted"> · {t("staffCodes.minCreditsShort", { credits: code.min_credits })}</span>
      ) : null}
    </>
  );
}

/**
 * The site's automatic offers (welcome, retention): site settings, changed in the site's
 * settings page (/staff/sites/:siteId), only shown here so the codes can be weighed against them.
 */
export function AutomaticOffers({ sites }: { sites: CodeSite[] }) {
  const { t } = useTranslation();
  return (
    <section className="staff-panel codes-offers-panel" aria-labelledby="codes-offers">
      <h2 id="codes-offers">{t("staffCodes.offersHeading")}</h2>
      <p className="staff-muted">{t("staffCodes.offersLead")}</p>
      <dl className="codes-offers">
        {sites.map((site) => (
          <div key={site.id}>
            <dt>{site.name}</dt>
            <dd>
              {site.welcome
                ? t("staffCodes.welcomeOffer", { percent: site.welcome.percent, hours: site.welcome.hours })
                : t("staffCodes.noWelcomeOffer")}
            </dd>
            <dd>
              {site.retention_percent > 0
                ? t("staffCodes.retentionOffer", { percent: site.retention_percent })
                : t("staffCodes.noRetentionOffer")}
            </dd>
            <dd>
              <Link to={`/staff/sites/${site.id}`}>{t("staffCodes.changeOffers", { site: site.name })}</Link>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
