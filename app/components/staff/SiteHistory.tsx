/**
 * A site's saved versions (issue 28 point 3; ADR 047): who saved each and when, what rolling back
 * to one would change (its readable difference from the current settings), and the rollback, which
 * saves that version again as a new one. Links and forms work without JavaScript.
 */
import { Form, Link } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import type { SiteVersion, SiteVersionAnswer } from "../../../contract/site-admin";
import type { GroupReply } from "./SiteSettingsForm";
import { FormAlert, When } from "./StaffBasics";

export function SiteHistory({
  siteId,
  version,
  versions,
  compare,
  reply,
  busy,
  now,
}: {
  siteId: number;
  version: number;
  versions: SiteVersion[];
  compare: SiteVersionAnswer | null;
  reply: GroupReply | undefined;
  busy: boolean;
  now: number;
}) {
  const { t } = useTranslation();
  return (
    <section id="history" className="staff-panel site-group" aria-labelledby="g-history">
      <h2 id="g-history">{t("staffSites.historyHeading")}</h2>
      <p className="staff-muted">{t("staffSites.historyHelp")}</p>
      {reply?.formError ? <FormAlert error={reply.formError} /> : null}
      {versions.length === 0 ? (
        <p>{t("staffSites.historyEmpty")}</p>
      ) : (
        <ol className="site-versions">
          {versions.map((v) => (
            <li key={v.version}>
              <span>
                <strong>{t("staffSites.versionName", { version: v.version })}</strong>{" "}
                {v.current ? <span className="staff-badge">{t("staffSites.current")}</span> : null}
              </span>
              <span className="staff-muted">
                {v.saved_by ?? t("staffSites.beforeConsole")} · <When at={v.saved_at} now={now} />
              </span>
              {v.current ? null : (
                <Link to={`/staff/sites/${siteId}?compare=${v.version}#history`} preventScrollReset>
                  {t("staffSites.compare")}
                </Link>
              )}
            </li>
          ))}
        </ol>
      )}
      {compare ? (
        <div className="site-compare">
          <h3>{t("staffSites.compareHeading", { version: compare.version })}</h3>
          {compare.changes.length === 0 ? (
            <p>{t("staffSites.compareSame")}</p>
          ) : (
            <div className="site-rows-scroll">
              <table className="staff-table">
                <thead>
                  <tr>
                    <th scope="col">{t("staffSites.colSetting")}</th>
                    <th scope="col">{t("staffSites.colNow")}</th>
                    <th scope="col">{t("staffSites.colAfter")}</th>
                  </tr>
                </thead>
                <tbody>
                  {compare.changes.map((change) => (
                    <tr key={change.path}>
                      <th scope="row">
                        <code>{change.path}</code>
                      </th>
                      <td>{change.before ?? "—"}</td>
                      <td>{change.after ?? "—"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Form method="post">
            <input type="hidden" name="intent" value="rollback" />
            <input type="hidden" name="version" value={version} />
            <input type="hidden" name="to" value={compare.version} />
            <button type="submit" className="staff-button" disabled={busy || compare.changes.length === 0}>
              {t("staffSites.rollBack", { version: compare.version })}
            </button>
          </Form>
        </div>
      ) : null}
    </section>
  );
}
