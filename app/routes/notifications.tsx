import { Link } from "react-router";
import { RESCUE_LINK_TTL_MS } from "../../contract/limits";
import { fetchDecisions } from "~/lib/api/appeals.server";
import { fetchNotifications, markNotificationsRead } from "~/lib/api/discover.server";
import type { Decision, Notification } from "../../contract/schemas";
import { useTranslation } from "~/lib/i18n-react";
import { statementOf } from "~/lib/trusted-reporters";
import { apiContext } from "~/lib/context";
import { pageError } from "~/lib/page-errors.server";
import { PartFailed } from "~/components/PartFailed";
import { pagePart } from "~/lib/page-part";
import type { Route } from "./+types/notifications";
import { useSite } from "~/lib/root-data";
import { dateTimeFormat } from "~/lib/format";

/**
 * /notifications (login): likes, messages and account notices, newest first. Seeing them marks
 * likes and notices read (the list still shows which were new this time); a message stays new
 * until it is read in its chat. #email-change-incorrect (what to do if the member did not make
 * the change) shows only after a recent email change; the mail to the old address carries a
 * one-time "This was not me" link of its own (/account-rescue). Above them, the decisions against the member
 * (warnings, photos removed): each statement of reasons, and a link to appeal it (ADR 030).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const [result, decided] = await Promise.all([fetchNotifications(api), fetchDecisions(api)]);
  if (!result.ok) pageError(result.status);
  // Marking read covers likes and notices; a message counts as read once seen in its chat, so an
  // unread message alone is no reason for a write on every visit.
  if (result.data.notifications.some((n) => !n.read && n.type !== "message")) {
    const read = await markNotificationsRead(api);
    if (!read.ok) console.warn("marking notifications read failed", read.status);
  }
  const notifications = result.data.notifications;
  // What to do if the member did not change the address: only after a recent change (while the
  // mail's rescue link works), not as an alarm for everyone (issue 29 point 20).
  const since = Date.now() - RESCUE_LINK_TTL_MS;
  const emailChangedRecently = notifications.some(
    (n) => n.type === "account" && n.kind === "email_changed" && n.created_at > since,
  );
  // An API without decisions.php (another version, 404) has none; any other failure says so (lib/page-part.ts).
  const decisions = !decided.ok && decided.status === 404 ? [] : pagePart(decided, (data) => data.decisions);
  return { notifications, emailChangedRecently, decisions };
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const site = useSite();
  return (
    <>
      <title>{t("notifications.title", { site: site?.name ?? "" })}</title>
      <h1>{t("notifications.heading")}</h1>
      {loaderData.emailChangedRecently ? (
        <section id="email-change-incorrect" className="notice-box" aria-labelledby="email-change-incorrect-heading">
          <h2 id="email-change-incorrect-heading">{t("notifications.emailChangeHeading")}</h2>
          <p>{t("notifications.emailChangeText")}</p>
          {site ? (
            <p>
              <a href={`mailto:${site.supportEmail}?subject=${encodeURIComponent(t("notifications.emailChangeSubject"))}`}>
                {t("notifications.emailChangeContact", { email: site.supportEmail })}
              </a>
            </p>
          ) : null}
        </section>
      ) : null}
      {loaderData.decisions === null ? <PartFailed /> : null}
      {loaderData.decisions?.length ? <Decisions decisions={loaderData.decisions} /> : null}
      {loaderData.notifications.length === 0 ? (
        <p className="empty-state">{t("notifications.empty")}</p>
      ) : (
        <ul className="notification-list">
          {loaderData.notifications.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} cdnPrefix={site?.cdnPrefix ?? ""} />
          ))}
        </ul>
      )}
    </>
  );
}

/** The decisions against the member: what, when, why (as text), and the way to appeal. */
function Decisions({ decisions }: { decisions: Decision[] }) {
  const { t, locale } = useTranslation();
  const when = (ms: number) => dateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(ms);
  return (
    <section className="notice-box decisions" aria-labelledby="decisions-heading">
      <h2 id="decisions-heading">{t("appeals.heading")}</h2>
      <p>{t("appeals.intro")}</p>
      <ul className="decision-list">
        {decisions.map((decision) => (
          <li key={decision.id} className="decision">
            <p>
              <strong>{t(`appeals.actions.${decision.action}`)}</strong> ·{" "}
              <time dateTime={new Date(decision.decided_at).toISOString()}>{when(decision.decided_at)}</time> ·{" "}
              {t(`appeals.categories.${decision.category}`)}
            </p>
            <p className="ban-reason">{statementOf(t, decision)}</p>
            <p>
              {decision.appeal ? (
                <>
                  {t(`appeals.${decision.appeal.state === "open" ? "received" : decision.appeal.state}`, {
                    reference: decision.appeal.reference,
                  })}{" "}
                </>
              ) : null}
              <Link to={`/appeals/${decision.id}`}>{decision.appealable ? t("appeals.readAndAppeal") : t("appeals.read")}</Link>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The other member's photo beside a notification, or an empty circle. */
function Avatar({ thumb, cdnPrefix }: { thumb: string | undefined; cdnPrefix: string }) {
  if (!thumb) return <span className="avatar avatar-empty" aria-hidden="true" />;
  return <img className="avatar" src={cdnPrefix + thumb} alt="" width={40} height={40} />;
}

function NotificationItem({ notification, cdnPrefix }: { notification: Notification; cdnPrefix: string }) {
  const { t, locale } = useTranslation();
  // UTC on both sides, so the server's HTML and the browser's render agree.
  const when = dateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(notification.created_at);
  return (
    <li className={notification.read ? "notification" : "notification unread"}>
      {notification.type === "like" ? (
        <>
          <Avatar thumb={notification.profile.main_image?.thumb_filename} cdnPrefix={cdnPrefix} />
          <p>
            <Link to={`/likes/m/${notification.profile.id}`}>{notification.profile.name}</Link> {t("notifications.likesYou")}
          </p>
        </>
      ) : notification.type === "message" ? (
        <>
          <Avatar thumb={notification.profile.main_image?.thumb_filename} cdnPrefix={cdnPrefix} />
          <p>
            <Link to={`/chats/${notification.conversation}`}>{notification.profile.name || t("chats.deletedMember")}</Link>{" "}
            {t("notifications.sentMessage")}
          </p>
        </>
      ) : (
        <>
          <span className="avatar avatar-empty" aria-hidden="true" />
          {notification.kind === "verification_approved" || notification.kind === "verification_refused" ? (
            // Photo verification's answer (ADR 059): the reason and the way to ask again are on its page.
            <p>
              <Link to="/profile/verification">{t(`verification.notices.${notification.kind}`)}</Link>
            </p>
          ) : (
            <p>{t(`notifications.kinds.${notification.kind}`)}</p>
          )}
        </>
      )}
      <time dateTime={new Date(notification.created_at).toISOString()}>{when}</time>
      {notification.read ? null : <span className="badge new">{t("likes.new")}</span>}
    </li>
  );
}
