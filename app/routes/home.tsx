import { Link } from "react-router";
import { ProfileGrid } from "~/components/ProfileCard";
import { ChatEntryLink } from "~/components/chat/ChatEntry";
import { fetchChats } from "~/lib/api/chat.server";
import { fetchLikes, search } from "~/lib/api/discover.server";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/context";
import { useSite, useUser } from "~/lib/root-data";
import { InstallOffer } from "~/components/InstallOffer";
import type { Route } from "./+types/home";

const SUGGESTIONS = 8;
const RECENT_CHATS = 3;

/**
 * The member's home: recent conversations, who liked them lately (new ones first) and suggested
 * profiles from their saved search.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const [likes, suggestions, chats] = await Promise.all([
    fetchLikes(api, true),
    search(api, { firstLoad: true, page: 1, perPage: SUGGESTIONS }),
    fetchChats(api),
  ]);
  const likedBy = likes.ok ? likes.data.liked_by : [];
  return {
    chats: chats.ok ? chats.data.chats.slice(0, RECENT_CHATS) : [],
    newLikes: likedBy.filter((p) => p.like_new),
    recentLikes: likedBy.filter((p) => !p.like_new).slice(0, 4),
    suggestions: suggestions.ok ? suggestions.data.profiles.slice(0, SUGGESTIONS) : [],
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const user = useUser();
  const site = useSite();
  const likers = [...loaderData.newLikes, ...loaderData.recentLikes];
  const chats = (
    <section key="chats" className="home-section" aria-labelledby="home-chats">
      <h2 id="home-chats">{t("home.chats")}</h2>
      {loaderData.chats.length === 0 ? (
        <p className="empty-state">{t("home.noChats")}</p>
      ) : (
        <ul className="chat-list">
          {loaderData.chats.map((chat) => (
            <li key={chat.conversation.id} className={chat.num_unread_messages > 0 ? "chat-entry unread" : "chat-entry"}>
              <ChatEntryLink chat={chat} />
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/chats">{t("home.allChats")}</Link>
      </p>
    </section>
  );
  const likes = (
    <section key="likes" className="home-section" aria-labelledby="home-likes">
      <h2 id="home-likes">
        {t("home.likedYou")}
        {loaderData.newLikes.length > 0 ? (
          <span className="badge new"> {t("likes.newCount", { count: loaderData.newLikes.length })}</span>
        ) : null}
      </h2>
      {likers.length === 0 ? (
        <p className="empty-state">{t("home.noLikes")}</p>
      ) : (
        <ProfileGrid profiles={likers} place="home" headingLevel={3} />
      )}
      <p>
        <Link to="/likes">{t("home.allLikes")}</Link>
      </p>
    </section>
  );
  const suggestions = (
    <section key="suggestions" className="home-section" aria-labelledby="home-suggestions">
      <h2 id="home-suggestions">{t("home.suggestions")}</h2>
      {loaderData.suggestions.length === 0 ? (
        <p className="empty-state">{t("search.empty")}</p>
      ) : (
        <ProfileGrid profiles={loaderData.suggestions} place="home" headingLevel={3} eagerCount={2} />
      )}
      <p>
        <Link className="button secondary" to="/members">
          {t("home.searchMore")}
        </Link>
      </p>
    </section>
  );
  // Sections with something in them come first: a new member sees people to meet, not two empty
  // boxes (their hints follow below).
  const sections = [
    { node: chats, empty: loaderData.chats.length === 0 },
    { node: likes, empty: likers.length === 0 },
    { node: suggestions, empty: loaderData.suggestions.length === 0 },
  ];
  return (
    <>
      <title>{t("meta.homeTitle", { site: site?.name ?? "" })}</title>
      <h1>{t("home.greeting", { name: user.name })}</h1>
      <InstallOffer siteName={site?.name ?? ""} />
      {[...sections.filter((s) => !s.empty), ...sections.filter((s) => s.empty)].map((s) => s.node)}
    </>
  );
}
