import { mailbox } from "~/lib/api/activation.server";
import type { MailboxMail } from "../../contract/schemas";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/context";
import { notFound, pageError } from "~/lib/page-errors.server";
import type { Route } from "./+types/dev-mailbox";
import { useSite } from "~/lib/root-data";
import { dateTimeFormat } from "~/lib/format";

/** Shown without the site-entry warning in front (root.tsx): the notice links here, or a developer needs it. */
export const handle = { entryWarning: false };

/**
 * /_dev/mailbox (developer only): the mails this site has "sent" on this machine (the outbox
 * adapter keeps them in D1), newest first, with working links, so a newcomer can activate an
 * account without a mail server. The API answers 404 unless it runs with DEV_TOOLS="1" on a
 * loopback host; then this page is a 404 too.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const result = await mailbox(context.get(apiContext));
  if (!result.ok) {
    // Only where the development tools run: everywhere else the 404 page.
    if (result.status === 404) return notFound({ request, context });
    pageError(result.status);
  }
  return { mails: result.data.mails };
}

export default function DevMailbox({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const site = useSite()?.name ?? "";
  return (
    <>
      <title>{t("devMailbox.title", { site })}</title>
      <meta name="robots" content="noindex" />
      <h1>{t("devMailbox.heading")}</h1>
      <p className="lead">{t("devMailbox.lead")}</p>
      {loaderData.mails.length === 0 ? (
        <p className="empty-state">{t("devMailbox.empty")}</p>
      ) : (
        <ol className="mailbox stack" reversed>
          {loaderData.mails.map((mail) => (
            <MailItem key={mail.id} mail={mail} />
          ))}
        </ol>
      )}
    </>
  );
}

const URL_IN_TEXT = /(https?:\/\/[^\s<>"']+)/g;

function MailItem({ mail }: { mail: MailboxMail }) {
  const { t, locale } = useTranslation();
  // UTC on both sides, so the server's HTML and the browser's render agree.
  const format = dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "long", timeZone: "UTC" });
  const headingId = `mail-${mail.id}`;
  return (
    <li>
      <article className="notice-box" aria-labelledby={headingId}>
        <h2 id={headingId}>{mail.subject}</h2>
        <dl className="member-fields">
          <dt>{t("devMailbox.to")}</dt>
          <dd>{mail.to}</dd>
          <dt>{t("devMailbox.sent")}</dt>
          <dd>
            <time dateTime={new Date(mail.created_at).toISOString()}>{format.format(mail.created_at)}</time>
          </dd>
          <dt>{t("devMailbox.delivered")}</dt>
          <dd>
            {mail.delivered_at === null ? (
              t("devMailbox.notDelivered")
            ) : (
              <time dateTime={new Date(mail.delivered_at).toISOString()}>{format.format(mail.delivered_at)}</time>
            )}
          </dd>
        </dl>
        <pre className="mail-text">
          {/* split() with a capturing group puts the URLs at the odd indexes */}
          {mail.text.split(URL_IN_TEXT).map((part, i) =>
            i % 2 === 1 ? (
              <a key={i} href={part}>
                {part}
              </a>
            ) : (
              part
            ),
          )}
        </pre>
        <details>
          <summary>{t("devMailbox.htmlSource")}</summary>
          <pre className="mail-html">
            <code>{mail.html}</code>
          </pre>
        </details>
      </article>
    </li>
  );
}
