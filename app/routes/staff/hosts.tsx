import { useEffect } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { FormAlert, PageHeading, When } from "~/components/staff/StaffParts";
import { useLiveQueue } from "~/components/staff/HostQueueLive";
import { hostClaim, hostQueue } from "~/lib/api/hosts.server";
import { apiContext } from "~/lib/context";
import { useDisplayNames } from "~/lib/display-names";
import { parseForm } from "~/lib/forms/parse.server";
import { useTranslation } from "~/lib/i18n-react";
import { pageError } from "~/lib/page-errors.server";
import { hostApiMessage } from "~/lib/staff-forms.server";
import { readStaffPost, requireStaffPage, STAFF_HEADERS } from "~/lib/staff.server";
import * as v from "valibot";
import type { Route } from "./+types/hosts";

/** How often the open queue reloads itself without a live socket: by the page, or without JavaScript by the browser. */
export const QUEUE_REFRESH_SECONDS = 15;
/** Set by the page's script: a browser that runs it gets no Refresh header (the page updates itself). */
const SCRIPT_COOKIE = "staff_js";

/**
 * /staff/hosts: the hosts' queue (docs/product.md §15, ADR 045): conversations whose member waits
 * for an entertainment profile's answer, oldest first. With JavaScript the page listens to the
 * hosts' desk and loads its data again when the queue changes; without it the browser reloads the
 * page every 15 s (the Refresh header, sent until the page's script has said it runs).
 */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const refresh = loaderHeaders.get("Refresh");
  return refresh ? { ...STAFF_HEADERS, Refresh: refresh } : STAFF_HEADERS;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(context);
  if (staff.role === "moderator") throw redirect("/staff", { headers: STAFF_HEADERS });
  const result = await hostQueue(context.get(apiContext));
  if (!result.ok) pageError(result.status);
  const scripted = (request.headers.get("Cookie") ?? "").split(/;\s*/).includes(`${SCRIPT_COOKIE}=1`);
  return data(
    { ...result.data, sent: new URL(request.url).searchParams.has("sent") },
    { headers: scripted ? {} : { Refresh: String(QUEUE_REFRESH_SECONDS) } },
  );
}

const ClaimSchema = v.object({ conversation: v.pipe(v.string(), v.regex(/^\d{1,15}$/)) });

/** Opening a conversation claims it (a lease), then shows it; someone else's, or too many held: said here. */
export async function action(args: Route.ActionArgs) {
  const { form, api } = await readStaffPost(args);
  const submission = parseForm(form, ClaimSchema);
  if (submission.status !== "success") return { error: "staff.errors.generic" };
  const conversation = Number(submission.value.conversation);
  const result = await hostClaim(api, conversation);
  if (!result.ok) return { error: hostApiMessage(result.error) };
  throw redirect(`/staff/hosts/${conversation}`, { headers: STAFF_HEADERS });
}

export default function HostQueue({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const names = useDisplayNames();
  const busy = useNavigation().state !== "idle";
  const { items, waiting, held, max_held: maxHeld, now, sent } = loaderData;
  useLiveQueue(QUEUE_REFRESH_SECONDS * 1000);
  useEffect(() => {
    // This browser runs the page's script: its next load needs no Refresh header.
    // biome-ignore lint/suspicious/noDocumentCookie: one fixed flag; the Cookie Store API is not in every browser hosts use
    document.cookie = `${SCRIPT_COOKIE}=1; path=/staff; max-age=31536000; SameSite=Strict`;
  }, []);
  return (
    <>
      <PageHeading heading={t("hosts.queueHeading")} />
      {sent ? (
        <p className="staff-status" role="status">
          {t("hosts.sent")}
        </p>
      ) : null}
      <FormAlert error={actionData?.error} />
      <p className="host-summary" aria-live="polite">
        <span>{t("hosts.waiting", { count: waiting })}</span>
        <span>{t("hosts.held", { held, max: maxHeld })}</span>
      </p>
      {items.length === 0 ? (
        <p className="staff-panel">{t("hosts.queueEmpty")}</p>
      ) : (
        <ol className="host-queue">
          {items.map((item) => (
            <li key={item.conversation} className={item.lease && !item.lease.mine ? "host-taken" : undefined}>
              <Form method="post" className="host-queue-row">
                <input type="hidden" name="conversation" value={item.conversation} />
                {item.profile.thumb_filename ? (
                  <img className="staff-thumb" src={`/api/images/${item.profile.thumb_filename}`} alt="" loading="lazy" />
                ) : (
                  <span className="staff-thumb" aria-hidden="true" />
                )}
                <span className="host-queue-who">
                  <strong>{t("hosts.memberToProfile", { member: item.member.first_name, profile: item.profile.name })}</strong>
                  <span className="staff-muted">
                    {names.language(item.member.language) ?? item.member.language}
                    {" · "}
                    {item.site_name}
                    {item.member.paid ? (
                      <>
                        {" · "}
                        <span className="staff-badge host-paid">{t("hosts.paid")}</span>
                      </>
                    ) : null}
                  </span>
                  {item.lease ? (
                    <span className="host-lease">
                      {item.lease.mine ? t("hosts.yours") : t("hosts.openBy", { name: item.lease.staff_name })}
                    </span>
                  ) : null}
                </span>
                <span className="host-queue-wait">
                  {t("hosts.waitingSince")} <When at={item.waiting_since} now={now} />
                </span>
                <button type="submit" className="staff-button" disabled={busy || Boolean(item.lease && !item.lease.mine)}>
                  {item.lease?.mine ? t("hosts.continue") : t("hosts.answer")}
                  <span className="visually-hidden">{` – ${item.member.first_name}, ${item.profile.name}`}</span>
                </button>
              </Form>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
