/**
 * The pieces of the postback console (app/routes/staff/postbacks.tsx; docs/product.md §16.5,
 * ADR 050): the macros a template may use, the counts per status, the delivery log and the
 * result of a test send (the exact request and the network's answer).
 */
import type { PostbackConsoleAnswer, PostbackLogRow, PostbackTestAnswer } from "../../../contract/postback-console";
import type { PostbackStatus } from "../../../contract/rules/postback-statuses";
import type { MessageKey } from "../../../contract/translator";
import { useTranslation } from "~/lib/i18n-react";
import { When } from "./StaffBasics";
import { numberFormat } from "~/lib/format";

/** A message key that may be missing (an older API's new value): null then. */
function useOptional() {
  const { t } = useTranslation();
  return (key: string) => {
    const text = t(key as MessageKey);
    return text === key ? null : text;
  };
}

/** The macros as a list, each with what it is filled with (the list comes from the API: contract/rules/postback-macros.ts). */
export function MacroList({ macros }: { macros: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <dl className="pb-macros">
      {macros.map((name) => (
        <div key={name}>
          <dt>
            <code>{`{${name}}`}</code>
          </dt>
          <dd>{t(`staffPostbacks.macroHelp.${/^sub\d$/.test(name) ? "sub" : name}` as MessageKey, { name })}</dd>
        </div>
      ))}
    </dl>
  );
}

export function StatusBadge({ row, now }: { row: Pick<PostbackLogRow, "status" | "next_attempt_at">; now: number }) {
  const { t } = useTranslation();
  return (
    <>
      <span className={`staff-badge pb-status-${row.status}`}>{t(`staffPostbacks.statuses.${row.status}`)}</span>
      {row.status === "retrying" && row.next_attempt_at !== null ? (
        <span className="pb-next staff-muted">
          {t("staffPostbacks.nextAttempt")} <When at={row.next_attempt_at} now={now} />
        </span>
      ) : null}
    </>
  );
}

/** The statuses in the order an operator reads them: what went, what is on its way, what did not. */
const COUNT_ORDER: readonly PostbackStatus[] = ["sent", "retrying", "queued", "failed", "refused"];

export function StatusCounts({ counts }: { counts: PostbackConsoleAnswer["counts"] }) {
  const { t, locale } = useTranslation();
  return (
    <dl className="pb-counts">
      {COUNT_ORDER.map((status) => (
        <div key={status} className={`pb-count pb-count-${status}`}>
          <dt>{t(`staffPostbacks.statuses.${status}`)}</dt>
          <dd>{numberFormat(locale).format(counts[status])}</dd>
        </div>
      ))}
    </dl>
  );
}

export function DeliveryLog({ log, now }: { log: PostbackLogRow[]; now: number }) {
  const { t } = useTranslation();
  return (
    <div className="staff-scroll">
      <table className="staff-table staff-cards pb-log">
        <caption className="visually-hidden">{t("staffPostbacks.logHeading")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("staffPostbacks.colWhen")}</th>
            <th scope="col">{t("staffPostbacks.colStatus")}</th>
            <th scope="col">{t("staffPostbacks.colEvent")}</th>
            <th scope="col">{t("staffPostbacks.colMember")}</th>
            <th scope="col">{t("staffPostbacks.colUrl")}</th>
            <th scope="col">{t("staffPostbacks.colAttempts")}</th>
            <th scope="col">{t("staffPostbacks.colHttp")}</th>
            <th scope="col">{t("staffPostbacks.colError")}</th>
          </tr>
        </thead>
        <tbody>
          {log.map((row) => (
            <tr key={row.id}>
              <td className="staff-card-what">
                <When at={row.created_at} now={now} />
              </td>
              <td className="staff-card-age">
                <StatusBadge row={row} now={now} />
              </td>
              <td data-label={t("staffPostbacks.colEvent")}>{t(`staffPostbacks.events.${row.event}`)}</td>
              <td data-label={t("staffPostbacks.colMember")}>
                <a href={`/staff/members/${row.member_id}`}>#{row.member_id}</a>
              </td>
              <td data-label={t("staffPostbacks.colUrl")}>
                <code className="pb-url">{row.url}</code>
              </td>
              <td data-label={t("staffPostbacks.colAttempts")}>{row.attempts}</td>
              <td data-label={t("staffPostbacks.colHttp")}>{row.last_status ?? "–"}</td>
              <td data-label={t("staffPostbacks.colError")}>
                <LastError error={row.last_error} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A refusal's code (contract/rules/outbound-urls.ts) in words; a network's own error as it was recorded. */
function LastError({ error }: { error: string | null }) {
  const optional = useOptional();
  if (error === null) return "–";
  const words = /^[a-z_]+$/.test(error) ? optional(`staffPostbacks.problems.${error}`) : null;
  return words ? <span title={error}>{words}</span> : error;
}

function Headers({ headers }: { headers: [string, string][] }) {
  return headers.length === 0 ? null : (
    <pre className="pb-pre">{headers.map(([name, value]) => `${name}: ${value}`).join("\n")}</pre>
  );
}

/** What the test sent and what came back, or why nothing was sent. */
export function TestResult({ test }: { test: PostbackTestAnswer }) {
  const { t, locale } = useTranslation();
  const optional = useOptional();
  const event = t(`staffPostbacks.events.${test.event}`);
  return (
    <section className="staff-panel pb-test" aria-labelledby="pb-test-heading" id="test-result">
      <h2 id="pb-test-heading">{t("staffPostbacks.testHeading", { network: test.network, event })}</h2>
      <p className="staff-muted">{t("staffPostbacks.testNote")}</p>
      <h3>{t("staffPostbacks.request")}</h3>
      <pre className="pb-pre">
        <strong>{test.request.method}</strong> {test.request.url}
      </pre>
      <Headers headers={test.request.headers} />
      <h3>{t("staffPostbacks.answer")}</h3>
      {test.outcome === "refused" ? (
        <p className="staff-error" role="alert">
          {t("staffPostbacks.refused")} {optional(`staffPostbacks.problems.${test.refused}`) ?? test.refused}
        </p>
      ) : test.outcome === "answered" && test.response ? (
        <>
          <p role="status">
            <span className={`staff-badge pb-http pb-verdict-${test.verdict}`}>HTTP {test.response.status}</span>{" "}
            {t("staffPostbacks.duration", { ms: numberFormat(locale).format(test.duration_ms) })}
          </p>
          <Headers headers={test.response.headers} />
          {test.response.body === "" ? (
            <p className="staff-muted">{t("staffPostbacks.emptyBody")}</p>
          ) : (
            <pre className="pb-pre pb-body">{test.response.body}</pre>
          )}
          {test.response.truncated ? <p className="staff-muted">{t("staffPostbacks.truncated")}</p> : null}
        </>
      ) : (
        <p className="staff-error" role="alert">
          {t(`staffPostbacks.outcomes.${test.outcome === "timeout" ? "timeout" : "network_error"}`)}{" "}
          {t("staffPostbacks.duration", { ms: numberFormat(locale).format(test.duration_ms) })}
        </p>
      )}
      {test.verdict ? <p className="pb-verdict">{t(`staffPostbacks.verdicts.${test.verdict}`)}</p> : null}
    </section>
  );
}
