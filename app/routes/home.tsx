import { Link } from "react-router";
import { ProfileGrid } from "~/components/ProfileCard";
import { ChatEntryLink } from "~/components/chat/ChatEntry";
import { fetchChats } from "~/lib/api/chat.server";
import { fetchLikes, search } from "~/lib/api/discover.server";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/context";
import { useSite, useUser } from "~/lib/root-data";
import { InstallOffer } from "~/components/InstallOffer";
import { PartFailed } from "~/components/PartFailed";
import { pagePart } from "~/lib/page-part";
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
  // Each list is its own part: one that fails says so, the others still show (lib/page-part.ts).
  return {
    chats: pagePart(chats, (data) => data.chats.slice(0, RECENT_CHATS)),
    likes: pagePart(likes, (data) => ({
      fresh: data.liked_by.filter((p) => p.like_new),
      recent: data.liked_by.filter((p) => !p.like_new).slice(0, 4),
    })),
    suggestions: pagePart(suggestions, (data) => data.profiles.slice(0, SUGGESTIONS)),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const user = useUser();
  const site = useSite();
  const { chats: chatList, likes: likeLists, suggestions: suggested } = loaderData;
  const newLikes = likeLists?.fresh ?? [];
  const likers = likeLists ? [...likeLists.fresh, ...likeLists.recent] : null;
  const chats = (
    <section key="chats" className="home-section" aria-labelledby="home-chats">
      <h2 id="home-chats">{t("home.chats")}</h2>
      {chatList === null ? (
        <PartFailed />
      ) : chatList.length === 0 ? (
        <p className="empty-state">{t("home.noChats")}</p>
      ) : (
        <ul className="chat-list">
          {chatList.map((chat) => (
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
        {newLikes.length > 0 ? <span className="badge new"> {t("likes.newCount", { count: newLikes.length })}</span> : null}
      </h2>
      {likers === null ? (
        <PartFailed />
      ) : likers.length === 0 ? (
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
      {suggested === null ? (
        <PartFailed />
      ) : suggested.length === 0 ? (
        <p className="empty-state">{t("search.empty")}</p>
      ) : (
        <ProfileGrid profiles={suggested} place="home" headingLevel={3} eagerCount={2} />
      )}
      <p>
        <Link className="button secondary" to="/members">
          {t("home.searchMore")}
        </Link>
      </p>
    </section>
  );
  // Sections with something in them come first: a new member sees people to meet, not two empty
  // boxes (their hints follow below); a part that failed goes last.
  const sections = [
    { node: chats, empty: !chatList?.length },
    { node: likes, empty: !likers?.length },
    { node: suggestions, empty: !suggested?.length },
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
