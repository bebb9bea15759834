/** One conversation in a list (/chats, home): photo, name, the last message, when, unread count. */
import { Link } from "react-router";
import type { ChatListEntry } from "../../../contract/schemas";
import { useTranslation } from "~/lib/i18n-react";
import { dateTimeFormat, shortWhen } from "~/lib/format";
import { useOptionalUser, useSite } from "~/lib/root-data";

export function useChatName(profile: ChatListEntry["profile"]): string {
  const { t } = useTranslation();
  return profile.deleted ? t("chats.deletedMember") : profile.name;
}

/**
 * The photo, the name (with the small ✦ of an entertainment profile, in words for screen
 * readers), one or two lines of the last message and a short "when" ("5 min", "Tue"; the full
 * date on hover). The "when" depends on the moment it is rendered, so the browser's render may
 * differ from the server's by a minute: that text alone is allowed to differ.
 */
export function ChatEntryLink({ chat }: { chat: ChatListEntry }) {
  const { t, locale } = useTranslation();
  const site = useSite();
  const user = useOptionalUser();
  const { profile, last_message: last } = chat;
  const name = useChatName(profile);
  // The member's own zone, the same on the server and in the browser, so their HTML agrees.
  const timeZone = user?.timeZone ?? "UTC";
  const when = last ? shortWhen(last.created_at, Date.now(), locale, timeZone, t("chats.list.justNow")) : null;
  const full = last
    ? dateTimeFormat(locale, { dateStyle: "full", timeStyle: "short", timeZone }).format(last.created_at)
    : undefined;
  return (
    <Link to={`/chats/${chat.conversation.id}`} className="chat-entry-link">
      {profile.main_image && site ? (
        <img
          className="avatar"
          src={site.cdnPrefix + profile.main_image.thumb_filename}
          alt=""
          width={52}
          height={52}
          loading="lazy"
        />
      ) : (
        <span className="avatar avatar-empty" aria-hidden="true" />
      )}
      <span className="chat-entry-text">
        <span className="chat-entry-top">
          <strong className="chat-entry-name">{name}</strong>
          {profile.fictional && site ? <FictionalMark icon={site.fictionalIcon} /> : null}
          {when && last ? (
            <time dateTime={new Date(last.created_at).toISOString()} title={full} suppressHydrationWarning>
              {when}
            </time>
          ) : null}
        </span>
        <span className="chat-entry-bottom">
          <span className="chat-last">
            {last ? (last.mine ? t("chats.you", { text: last.text }) : last.text) : t("chats.noMessages")}
          </span>
          {chat.num_unread_messages > 0 ? (
            <>
              <span className="badge new" aria-hidden="true">
                {chat.num_unread_messages}
              </span>
              <span className="visually-hidden">{t("chats.unread", { count: chat.num_unread_messages })}</span>
            </>
          ) : null}
        </span>
      </span>
    </Link>
  );
}

/** The small mark of an entertainment (fictional) profile: the site's icon, its words for screen readers and on hover. */
export function FictionalMark({ icon }: { icon: string }) {
  const { t } = useTranslation();
  return (
    <span className="fictional-mark" title={t("card.fictional")}>
      <span aria-hidden="true">{icon}</span>
      <span className="visually-hidden">{t("card.fictional")}</span>
    </span>
  );
}
