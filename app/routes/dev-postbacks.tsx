import { Link } from "react-router";
import { routePath } from "~/lib/route-path";
import type { PostbackLogAnswer } from "../../contract/schemas";
import { POSTBACK_STATUSES } from "../../contract/rules/postback-statuses";
import { POSTBACK_PAGE, postbackLog } from "~/lib/api/postbacks.server";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/context";
import { notFound, pageError } from "~/lib/page-errors.server";
import { useSite } from "~/lib/root-data";
import type { Route } from "./+types/dev-postbacks";
import { dateTimeFormat } from "~/lib/format";

type Postback = PostbackLogAnswer["postbacks"][number];

/**
 * /_dev/postbacks (developer only, read-only): this site's conversion postbacks, newest first
 * (docs/product.md §11.5, docs/decisions/025): what was sent to which network, the answer and the
 * attempts. Filters and paging are plain links. The API answers 404 unless it runs with
 * DEV_TOOLS="1" on a loopback host; then this page is a 404 too. On a public host operators read
 * the same log with the API's operator token (docs/api.md).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const asked = url.searchParams.get("status") ?? "";
  const status = POSTBACK_STATUSES.find((s) => s === asked);
  const before = Number(url.searchParams.get("before"));
  const result = await postbackLog(context.get(apiContext), {
    status,
    before: Number.isInteger(before) && before > 0 ? before : undefined,
  });
  if (!result.ok) {
    if (result.status === 404) return notFound({ request, context });
    pageError(result.status);
  }
  const { postbacks } = result.data;
  const last = postbacks.at(-1);
  return { postbacks, status: status ?? null, older: postbacks.length === POSTBACK_PAGE && last ? last.id : null };
}

export default function DevPostbacks({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const site = useSite()?.name ?? "";
  const { postbacks, status, older } = loaderData;
  const path = routePath("/_dev/postbacks");
  const filterLink = (value: string | null) => (value ? `${path}?status=${value}` : path);
  return (
    <>
      <title>{t("devPostbacks.title", { site })}</title>
      <meta name="robots" content="noindex" />
      <h1>{t("devPostbacks.heading")}</h1>
      <p className="lead">{t("devPostbacks.lead")}</p>
      <nav aria-label={t("devPostbacks.filter")}>
        <ul className="chip-list postback-filter">
          {[null, ...POSTBACK_STATUSES].map((value) => (
            <li key={value ?? "all"}>
              <Link to={filterLink(value)} aria-current={value === status ? "page" : undefined}>
                {value ? t(`devPostbacks.statuses.${value}`) : t("devPostbacks.all")}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {postbacks.length === 0 ? (
        <p className="empty-state">{t("devPostbacks.empty")}</p>
      ) : (
        <ol className="postback-log stack">
          {postbacks.map((postback) => (
            <PostbackItem key={postback.id} postback={postback} />
          ))}
        </ol>
      )}
      {older !== null && (
        <p>
          <Link to={`${path}?${new URLSearchParams({ ...(status ? { status } : {}), before: String(older) })}`}>
            {t("devPostbacks.older")}
          </Link>
        </p>
      )}
    </>
  );
}

function PostbackItem({ postback }: { postback: Postback }) {
  const { t, locale } = useTranslation();
  // UTC on both sides, so the server's HTML and the browser's render agree.
  const format = dateTimeFormat(locale, { dateStyle: "short", timeStyle: "long", timeZone: "UTC" });
  const headingId = `postback-${postback.id}`;
  return (
    <li>
      <article className="notice-box postback" aria-labelledby={headingId}>
        <h2 id={headingId}>
          {t(`devPostbacks.events.${postback.event}`)} · {postback.network}{" "}
          <span className="badge postback-status" data-status={postback.status}>
            {t(`devPostbacks.statuses.${postback.status}`)}
          </span>
        </h2>
        <dl className="member-fields">
          <div>
            <dt>{t("devPostbacks.member")}</dt>
            <dd>{postback.member_id}</dd>
          </div>
          <div>
            <dt>{t("devPostbacks.attempts")}</dt>
            <dd>{postback.attempts}</dd>
          </div>
          <div>
            <dt>{t("devPostbacks.answer")}</dt>
            <dd>{postback.last_status ?? t("devPostbacks.noAnswer")}</dd>
          </div>
          <div>
            <dt>{t("devPostbacks.created")}</dt>
            <dd>
              <time dateTime={new Date(postback.created_at).toISOString()}>{format.format(postback.created_at)}</time>
            </dd>
          </div>
        </dl>
        {postback.last_error && (
          <p className="postback-error">
            {t("devPostbacks.error")} <code>{postback.last_error}</code>
          </p>
        )}
        <p className="postback-url">
          <code>{postback.url}</code>
        </p>
      </article>
    </li>
  );
}
