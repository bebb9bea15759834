import { Link } from "react-router";
import type { Discount } from "../../../contract/schemas";
import { useTranslation } from "~/lib/i18n-react";
import { useOptionalUser } from "~/lib/root-data";
import { Countdown } from "./Countdown";
import { dateTimeFormat } from "~/lib/format";

/**
 * The discount the prices below include: a time bonus (with its countdown), the welcome offer,
 * the retention offer or a typed code, and the packages it is for. `removeTo` is the same page
 * without the typed code.
 */
export function DiscountBanner({ discount, removeTo }: { discount: Discount; removeTo: string | null }) {
  const { t, locale } = useTranslation();
  const timeZone = useOptionalUser()?.timeZone ?? "UTC";
  const until = discount.valid_until;
  // A credits-bonus code adds credits and leaves the price as it is (docs/decisions/054).
  const bonus = discount.bonus_credits;
  return (
    <section className="discount-banner" aria-labelledby="discount-heading">
      <p className="discount-percent" aria-hidden="true">
        {bonus ? `+${bonus}` : `−${discount.percent}%`}
      </p>
      <div>
        <h2 id="discount-heading">
          {bonus
            ? t("credits.bonus.banner", { code: discount.code, count: bonus })
            : t(`credits.discount.${discount.kind}`, { percent: discount.percent })}
        </h2>
        <p>
          {bonus ? `${t("credits.bonus.bannerText")} ` : null}
          {discount.min_credits > 0 && `${t("credits.discount.minimum", { count: discount.min_credits })} `}
          {until !== null &&
            (discount.kind === "time_bonus" ? (
              <Countdown until={until} />
            ) : (
              t("credits.discount.until", {
                time: dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone }).format(until),
              })
            ))}
        </p>
        {removeTo && (
          <p>
            <Link to={removeTo}>{t("credits.discount.remove", { code: discount.code })}</Link>
          </p>
        )}
      </div>
    </section>
  );
}
