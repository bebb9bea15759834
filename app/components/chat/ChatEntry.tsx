/** One conversation in a list (/chats, home): photo, name, the last message, when, unread count. */
import { Link } from "react-router";
import type { ChatListEntry } from "../../../contract/schemas";
import { useTranslation } from "~/lib/i18n-react";
import { useOptionalUser, useSite } from "~/lib/root-data";

export function useChatName(profile: ChatListEntry["profile"]): string {
  const { t } = useTranslation();
  return profile.deleted ? t("chats.deletedMember") : profile.name;
}

export function ChatEntryLink({ chat }: { chat: ChatListEntry }) {
  const { t, locale } = useTranslation();
  const site = useSite();
  const user = useOptionalUser();
  const { profile, last_message: last } = chat;
  const name = useChatName(profile);
  // The member's own zone, the same on the server and in the browser, so their HTML agrees.
  const timeZone = user?.timeZone ?? "UTC";
  const when = last
    ? new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short", timeZone }).format(last.created_at)
    : null;
  return (
    <Link to={`/chats/${chat.conversation.id}`} className="chat-entry-link">
      {profile.main_image && site ? (
        <img
          className="avatar"
          src={site.cdnPrefix + profile.main_image.thumb_filename}
          alt=""
          width={48}
          height={48}
          loading="lazy"
        />
      ) : (
        <span className="avatar avatar-empty" aria-hidden="true" />
      )}
      <span className="chat-entry-text">
        <strong>{name}</strong>
        {profile.fictional && site ? <span className="badge fictional">{site.fictionalIcon}</span> : null}
        <span className="chat-last">
          {last ? (last.mine ? t("chats.you", { text: last.text }) : last.text) : t("chats.noMessages")}
        </span>
      </span>
      {when && last ? <time dateTime={new Date(last.created_at).toISOString()}>{when}</time> : null}
      {chat.num_unread_messages > 0 ? (
        <>
          <span className="badge new" aria-hidden="true">
            {chat.num_unread_messages}
          </span>
          <span className="visually-hidden">{t("chats.unread", { count: chat.num_unread_messages })}</span>
        </>
      ) : null}
    </Link>
  );
}
