import { Link, NavLink } from "react-router";
import { ProfileGrid } from "~/components/ProfileCard";
import { fetchLikes } from "~/lib/api/discover.server";
import type { LikesAnswer } from "../../contract/schemas";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/context";
import { notFound, pageError } from "~/lib/page-errors.server";
import type { Route } from "./+types/likes";
import { useSite } from "~/lib/root-data";

const TYPES = ["liked", "liked-by"] as const;
type LikesType = (typeof TYPES)[number];

/** /likes (the overview: both lists, as the classic template shows) and /likes/liked, /likes/liked-by. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const type = params.type;
  if (type !== undefined && !TYPES.some((t) => t === type)) return notFound({ request, context });
  const result = await fetchLikes(context.get(apiContext));
  if (!result.ok) pageError(result.status);
  return { type: TYPES.find((t) => t === type) ?? null, likes: result.data };
}

export default function Likes({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const site = useSite();
  const { type, likes } = loaderData;
  const show = (which: LikesType) => type === null || type === which;
  return (
    <>
      <title>{t("likes.title", { site: site?.name ?? "" })}</title>
      <h1>{t("likes.heading")}</h1>
      <nav className="tabs" aria-label={t("likes.heading")}>
        <NavLink to="/likes" end>
          {t("likes.overview")}
        </NavLink>
        <NavLink to="/likes/liked">{t("likes.liked")}</NavLink>
        <NavLink to="/likes/liked-by">
          {t("likes.likedBy")}
          {likes.liked_by.some((p) => p.like_new) ? (
            <span className="badge new"> {t("likes.newCount", { count: likes.liked_by.filter((p) => p.like_new).length })}</span>
          ) : null}
        </NavLink>
      </nav>
      {show("liked-by") ? (
        <LikeList heading={t("likes.likedBy")} empty={t("likes.emptyLikedBy")} profiles={likes.liked_by} />
      ) : null}
      {show("liked") ? <LikeList heading={t("likes.liked")} empty={t("likes.emptyLiked")} profiles={likes.profiles} /> : null}
    </>
  );
}

function LikeList({ heading, empty, profiles }: { heading: string; empty: string; profiles: LikesAnswer["profiles"] }) {
  const { t } = useTranslation();
  return (
    <section className="likes-section">
      <h2>{heading}</h2>
      {profiles.length === 0 ? (
        <p className="empty-state">
          {empty} <Link to="/members">{t("likes.findPeople")}</Link>
        </p>
      ) : (
        <ProfileGrid profiles={profiles} place="likes" headingLevel={3} />
      )}
    </section>
  );
}
