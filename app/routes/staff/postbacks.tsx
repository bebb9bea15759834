import { data, Form, Link, redirect, useNavigation } from "react-router";
import { DeliveryLog, MacroList, StatusCounts, TestResult } from "~/components/staff/PostbackParts";
import { FormAlert, PageHeading } from "~/components/staff/StaffBasics";
import { postbackConsole, postbackTest } from "~/lib/api/postback-console.server";
import { apiContext } from "~/lib/context";
import { useTranslation } from "~/lib/i18n-react";
import { pageError } from "~/lib/page-errors.server";
import { consoleHref, consoleQuery } from "~/lib/postback-console";
import { formText, readStaffPost, requireStaffPage, STAFF_HEADERS } from "~/lib/staff.server";
import type { PostbackTestAnswer } from "../../../contract/postback-console";
import { POSTBACK_CONSOLE_DAYS } from "../../../contract/rules/postback-console";
import { isPostbackEvent, POSTBACK_EVENTS } from "../../../contract/rules/postback-macros";
import { POSTBACK_STATUSES } from "../../../contract/rules/postback-statuses";
import postbacksCss from "~/staff-postbacks.css?url";
import type { Route } from "./+types/postbacks";

/** The console's postbacks page has styles of its own, a file only it loads. */
export function links() {
  return [{ rel: "stylesheet", href: postbacksCss }];
}

/**
 * /staff/postbacks: per network of a site its templates with the macros, a test send that shows
 * the exact request and the network's answer, the counts per status over a period and the
 * delivery log, newest first, a page at a time (docs/product.md §16.5, ADR 050). Admins only; a
 * site outside their scope, or a network the site does not know, is the 404 page. The filters
 * are a GET form and the test a POST form: both work without JavaScript.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const staff = await requireStaffPage(context);
  if (staff.role !== "admin") throw redirect(staff.role === "host" ? "/staff/hosts" : "/staff", { headers: STAFF_HEADERS });
  const query = consoleQuery(new URL(request.url).searchParams);
  const result = await postbackConsole(context.get(apiContext), query);
  if (!result.ok) pageError(result.status);
  return {
    ...result.data,
    filter: { status: query.status ?? "", event: query.event ?? "" },
    paged: query.before !== undefined,
    now: Date.now(),
  };
}

type TestReply = { test: PostbackTestAnswer | null; error?: string };

/** The API's refusals of a test as the page's messages. */
const TEST_ERRORS: Record<string, string> = {
  rate_limited: "staffPostbacks.errors.rate_limited",
  postback_no_template: "errors.postback_no_template",
  not_found: "staffPostbacks.errors.not_found",
  invalid_input: "staffPostbacks.errors.invalid",
};

/** "Send a test": one test of the network's template for the event; the page shows the request and the answer. */
export async function action(args: Route.ActionArgs) {
  const { form, api } = await readStaffPost(args);
  const site = Number(formText(form, "site"));
  const network = formText(form, "net");
  const event = formText(form, "event");
  const reply = (body: TestReply, status = 200) => data<TestReply>(body, { status, headers: STAFF_HEADERS });
  if (!Number.isSafeInteger(site) || site <= 0 || !isPostbackEvent(event) || network === "") {
    return reply({ test: null, error: TEST_ERRORS.invalid_input }, 400);
  }
  const result = await postbackTest(api, { site, network, event });
  if (!result.ok) return reply({ test: null, error: TEST_ERRORS[result.error.error] ?? "staff.errors.generic" }, result.status);
  return reply({ test: result.data });
}

export default function StaffPostbacks({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const { sites, site, networks, network, macros, counts, days, log, next_before, filter, paged, now } = loaderData;
  const current = networks.find((n) => n.name === network) ?? null;
  const here = { site: site.id, net: network, status: filter.status, event: filter.event, days: days === 7 ? null : days };
  const settingsHref = `/staff/sites/${site.id}#postbacks`;
  return (
    <>
      <PageHeading heading={t("staffPostbacks.heading")} />
      <p className="staff-muted pb-lead">{t("staffPostbacks.lead")}</p>
      {sites.length > 1 ? (
        <Form method="get" className="staff-form pb-site">
          <label>
            {t("staffPostbacks.site")}
            <select name="site" defaultValue={site.id}>
              {sites.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="staff-button secondary">
            {t("staffPostbacks.showSite")}
          </button>
        </Form>
      ) : null}
      {current === null ? (
        <section className="staff-panel">
          <p>{t("staffPostbacks.noNetworks", { site: site.name })}</p>
          <p>
            <Link to={settingsHref}>{t("staffPostbacks.edit", { site: site.name })}</Link>
          </p>
          <h2>{t("staffPostbacks.macrosHeading")}</h2>
          <MacroList macros={macros} />
        </section>
      ) : (
        <>
          <nav className="pb-networks" aria-label={t("staffPostbacks.networks")}>
            {networks.map((n) => (
              <Link
                key={n.name}
                to={consoleHref({ site: site.id, net: n.name })}
                aria-current={n.name === network ? "page" : undefined}
              >
                {n.name}
              </Link>
            ))}
          </nav>
          <section className="staff-panel" aria-labelledby="pb-templates">
            <h2 id="pb-templates">{t("staffPostbacks.templatesHeading", { network: current.name })}</h2>
            {current.configured ? null : <p className="staff-muted">{t("staffPostbacks.removed")}</p>}
            <FormAlert error={actionData?.error} />
            <table className="staff-table staff-cards pb-templates">
              <thead>
                <tr>
                  <th scope="col">{t("staffPostbacks.colEvent")}</th>
                  <th scope="col">{t("staffPostbacks.colTemplate")}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t("staffPostbacks.sendTest")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {POSTBACK_EVENTS.map((event) => {
                  const template = current.templates[event];
                  return (
                    <tr key={event}>
                      <th scope="row" className="staff-card-what">
                        {t(`staffPostbacks.events.${event}`)}
                      </th>
                      <td>
                        {template ? (
                          <code className="pb-url">{template}</code>
                        ) : (
                          <span className="staff-muted">{t("staffPostbacks.noTemplate")}</span>
                        )}
                      </td>
                      <td className="pb-test-cell">
                        {template ? (
                          <Form method="post">
                            <input type="hidden" name="site" value={site.id} />
                            <input type="hidden" name="net" value={current.name} />
                            <input type="hidden" name="event" value={event} />
                            <button
                              type="submit"
                              className="staff-button secondary"
                              disabled={busy}
                              aria-label={t("staffPostbacks.sendTestOf", { event: t(`staffPostbacks.events.${event}`) })}
                            >
                              {t("staffPostbacks.sendTest")}
                            </button>
                          </Form>
                        ) : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <p className="staff-muted pb-test-help">{t("staffPostbacks.testHelp")}</p>
            <p>
              <Link to={settingsHref}>{t("staffPostbacks.edit", { site: site.name })}</Link>
            </p>
            <h3>{t("staffPostbacks.macrosHeading")}</h3>
            <MacroList macros={macros} />
          </section>
          {actionData?.test ? <TestResult test={actionData.test} /> : null}
          <section className="staff-panel" aria-labelledby="pb-log">
            <h2 id="pb-log">{t("staffPostbacks.logHeading")}</h2>
            <Form method="get" className="staff-form pb-filters">
              <input type="hidden" name="site" value={site.id} />
              <input type="hidden" name="net" value={current.name} />
              <label>
                {t("staffPostbacks.filterStatus")}
                <select name="status" defaultValue={filter.status}>
                  <option value="">{t("staffPostbacks.all")}</option>
                  {POSTBACK_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {t(`staffPostbacks.statuses.${status}`)}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                {t("staffPostbacks.filterEvent")}
                <select name="event" defaultValue={filter.event}>
                  <option value="">{t("staffPostbacks.all")}</option>
                  {POSTBACK_EVENTS.map((event) => (
                    <option key={event} value={event}>
                      {t(`staffPostbacks.events.${event}`)}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                {t("staffPostbacks.filterDays")}
                <select name="days" defaultValue={days}>
                  {POSTBACK_CONSOLE_DAYS.map((n) => (
                    <option key={n} value={n}>
                      {n === 1 ? t("staffPostbacks.lastDay") : t("staffPostbacks.lastDays", { days: n })}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit">{t("staffPostbacks.show")}</button>
            </Form>
            <h3 className="pb-counts-heading">
              {days === 1 ? t("staffPostbacks.countsDay") : t("staffPostbacks.countsDays", { days })}
            </h3>
            <StatusCounts counts={counts} />
            {log.length === 0 ? (
              <p className="pb-empty">{t(paged ? "staffPostbacks.noMore" : "staffPostbacks.emptyLog")}</p>
            ) : (
              <DeliveryLog log={log} now={now} />
            )}
            <p className="pb-pager">
              {paged ? <Link to={consoleHref({ ...here, before: null })}>{t("staffPostbacks.newest")}</Link> : null}
              {next_before !== null ? (
                <Link to={consoleHref({ ...here, before: next_before })}>{t("staffPostbacks.older")}</Link>
              ) : null}
            </p>
          </section>
        </>
      )}
    </>
  );
}
