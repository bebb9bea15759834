import { Link } from "react-router";
import type { PricingAnswer } from "../../../contract/schemas";
import { useTranslation } from "~/lib/i18n-react";

type Priced = PricingAnswer["packages"][number];
type Passed = Priced["passed_over"][number];
type Applied = NonNullable<Priced["discount"]>;

/** The discount a package's price has off ("Welcome offer: −20%"), as the API chose it. */
export function useAppliedLabel() {
  const { t } = useTranslation();
  return (applied: Applied) => t(`credits.offer.applied_${applied.kind}`, { code: applied.code, percent: applied.percent });
}

/**
 * Why one of the member's discounts does not count for a package (docs/product.md §10.5): the
 * best one wins, so a typed code never makes a price worse, and the page says so.
 */
export function usePassedOverNote() {
  const { t } = useTranslation();
  return (passed: Passed, applied: Applied | null): string => {
    if (passed.reason === "not_for_package" || applied === null) {
      return passed.min_credits > 0
        ? t("credits.offer.notFor", { code: passed.code, count: passed.min_credits })
        : t("credits.offer.notThis", { code: passed.code });
    }
    if (passed.reason === "same_discount") {
      if (applied.kind === "welcome") return t("credits.offer.sameWelcome", { code: passed.code });
      if (applied.kind === "time_bonus") return t("credits.offer.sameTimeBonus", { code: passed.code });
      return t("credits.offer.sameCode", { code: passed.code, better: applied.code });
    }
    if (applied.kind === "welcome") return t("credits.offer.betterWelcome", { code: passed.code });
    if (applied.kind === "time_bonus") return t("credits.offer.betterTimeBonus", { code: passed.code });
    if (passed.kind === "welcome") return t("credits.offer.betterThanWelcome", { code: applied.code });
    if (passed.kind === "time_bonus") return t("credits.offer.betterThanTimeBonus", { code: applied.code });
    return t("credits.offer.betterCode", { code: passed.code, better: applied.code });
  };
}

/** Under a package: which discount its price has off, and why the member's other one does not count. */
export function OfferNotes({ pkg }: { pkg: Priced }) {
  const { t } = useTranslation();
  const label = useAppliedLabel();
  const note = usePassedOverNote();
  if (!pkg.discount && !pkg.bonus && pkg.passed_over.length === 0) return null;
  return (
    <span className="package-offers">
      {pkg.discount && <span className="package-offer">{label(pkg.discount)}</span>}
      {/* A credits-bonus code: extra credits, the price above unchanged (docs/decisions/054). */}
      {pkg.bonus && (
        <span className="package-offer package-bonus">{t("credits.bonus.card", { count: pkg.bonus.bonus_credits })}</span>
      )}
      {pkg.passed_over.map((passed) => (
        <span key={passed.code} className="package-offer-note">
          {note(passed, pkg.discount)}
        </span>
      ))}
    </span>
  );
}

/**
 * The member's discounts held by an order of theirs that can still be paid (docs/product.md
 * §10.5): not used, reserved for that order, with a link to it. `skip`: a typed code whose
 * refusal the page already shows.
 */
export function ReservedNotes({ reserved, skip }: { reserved: PricingAnswer["reserved"]; skip: string | null }) {
  const { t } = useTranslation();
  const shown = reserved.filter((r) => r.code !== skip?.toUpperCase());
  if (shown.length === 0) return null;
  return (
    <div className="notice-box" role="status">
      {shown.map((r) => (
        <p key={r.code}>
          {r.kind === "welcome"
            ? t("credits.offer.reservedWelcome")
            : r.kind === "time_bonus"
              ? t("credits.offer.reservedTimeBonus")
              : t("credits.offer.reserved", { code: r.code })}{" "}
          <Link to={`/transactions/${r.order_id}`}>{t("credits.offer.openOrder")}</Link>
        </p>
      ))}
    </div>
  );
}
