import { Blocks, InlineText, Sections, UpdatedOn } from "~/components/ContentText";
import { trackingContext } from "~/lib/context";
import { loadContent } from "~/lib/content.server";
import { useTranslation } from "~/lib/i18n-react";
import { durationParts, STORAGE_INVENTORY, type StoredItem } from "../../contract/storage-inventory";
import { InfoPage } from "~/components/InfoPage";
import type { Route } from "./+types/pages.cookies";
import { numberFormat } from "~/lib/format";

/**
 * /pages/cookies (public): every cookie and storage key the product sets, generated from the one
 * list in code (lib/storage-inventory.ts); purposes are content (cookies.strings["purpose.<name>"]).
 * Whether all are strictly necessary is read from the list, not written by hand.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { content } = await loadContent(request, context, "cookies");
  return { content, consent: context.get(trackingContext).consent };
}

export default function Cookies({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { content, consent } = loaderData;
  const strings = content.strings ?? {};
  const notNecessary = STORAGE_INVENTORY.filter((item) => !item.necessary);
  const kinds = ["cookie", "localStorage", "sessionStorage"] as const;
  return (
    <InfoPage content={content} className="legal info-page cookies-page">
      <div className="legal-text">
        <UpdatedOn date={content.updated} />
        <Blocks blocks={content.intro} />
        <p className="notice-box">
          <InlineText
            text={
              notNecessary.length === 0
                ? (strings.allNecessary ?? "")
                : (strings.someNotNecessary ?? "").replace(
                    "{{names}}",
                    [...new Set(notNecessary.map((item) => item.name))].join(", "),
                  )
            }
          />
        </p>
      </div>
      {kinds.map((kind) => (
        <section key={kind} aria-labelledby={`storage-${kind}`} className="storage-section">
          <h2 id={`storage-${kind}`}>{strings[`heading.${kind}`]}</h2>
          <div className="table-scroll">
            <table className="storage-table" data-kind={kind}>
              <thead>
                <tr>
                  <th scope="col">{t("cookies.name")}</th>
                  <th scope="col">{t("cookies.purpose")}</th>
                  <th scope="col">{t("cookies.duration")}</th>
                  <th scope="col">{t("cookies.necessary")}</th>
                </tr>
              </thead>
              <tbody>
                {STORAGE_INVENTORY.filter((item) => item.kind === kind).map((item) => (
                  <tr key={`${item.kind}-${item.name}`} data-name={item.name}>
                    <th scope="row">
                      <code>{item.name}</code>
                    </th>
                    <td>
                      {strings[`purpose.${item.kind}.${item.name}`] ?? strings[`purpose.${item.name}`]}
                      {item.developerOnly ? <span className="muted"> {t("cookies.developerOnly")}</span> : null}
                    </td>
                    <td data-label={t("cookies.duration")}>
                      <Duration item={item} />
                    </td>
                    <td data-label={t("cookies.necessary")}>{item.necessary ? t("cookies.yes") : t("cookies.no")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
      <section id="choice" aria-labelledby="choice-heading" className="legal-text consent-choice">
        <h2 id="choice-heading">{strings["choice.heading"]}</h2>
        <p>{strings[`choice.${consent ?? "unset"}`]}</p>
        {/* Withdrawing is as easy as agreeing (GDPR art. 7(3)): the same form as the question's (routes/consent.ts). */}
        <form method="post" action="/consent" className="consent-actions">
          <input type="hidden" name="returnTo" value="/pages/cookies#choice" />
          <button type="submit" name="choice" value="partners" className="button" disabled={consent === "partners"}>
            {t("consent.allow")}
          </button>
          <button type="submit" name="choice" value="none" className="button" disabled={consent === "none"}>
            {t("consent.refuse")}
          </button>
        </form>
      </section>
      <div className="legal-text">
        <Sections sections={content.sections} />
      </div>
    </InfoPage>
  );
}

function Duration({ item }: { item: StoredItem }) {
  const { t, locale } = useTranslation();
  if (item.duration === "tab") return <>{t("cookies.untilTabCloses")}</>;
  if (item.duration === "kept") return <>{t("cookies.untilRemoved")}</>;
  const { value, unit } = durationParts(item.duration);
  return <>{numberFormat(locale, { style: "unit", unit, unitDisplay: "long" }).format(value)}</>;
}
