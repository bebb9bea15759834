/**
 * A conversation's history: the member's own messages on one side, the other's on the other,
 * each as plain text with its line breaks (never HTML), with its time. It opens at the newest
 * message; older ones come by the link at the top, which the script follows by itself when the
 * member scrolls up to it.
 */
import { useEffect, useLayoutEffect, useRef } from "react";
import { Link } from "react-router";
import type { ChatMessage } from "../../../contract/schemas";
import { useTranslation } from "~/lib/i18n-react";
import { useOptionalUser } from "~/lib/root-data";
import { BotherLine } from "~/components/chat/Nudges";
import { dateTimeFormat } from "~/lib/format";

// useLayoutEffect warns on the server; the effect only matters in the browser.
const useBrowserLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

export function MessageList({
  messages,
  olderLink,
  onOlder,
  loadingOlder,
  pending = [],
  seenUpTo = 0,
  reportFrom,
}: {
  /** The other member and the conversation: a received nudged message asks "Does this bother you?" (ADR 057). */
  reportFrom?: { memberId: number; conversation: number } | undefined;
  messages: ChatMessage[];
  /** The other member has seen the conversation up to this message id: "Seen" under the member's last message. */
  seenUpTo?: number;
  olderLink: { href: string; label: string } | null;
  /** With the script: load older messages in place (else the link is a page). */
  onOlder?: (() => void) | undefined;
  loadingOlder: boolean;
  /** Texts being sent right now, shown after the history until the answer comes. */
  pending?: string[];
}) {
  const { t, locale } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLAnchorElement>(null);
  const newestId = messages.at(-1)?.id;
  const oldestId = messages[0]?.id;
  const lastHeight = useRef(0);
  const lastOldest = useRef<number | undefined>(undefined);
  // "Seen" goes under the member's own newest message once the other has read it (and nothing newer of theirs came after).
  const lastMine = messages.at(-1)?.mine ? messages.at(-1)?.id : undefined;

  useBrowserLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    if (lastOldest.current !== undefined && oldestId !== undefined && oldestId < lastOldest.current) {
      // Older messages went in above: keep what the member was reading in place.
      element.scrollTop += element.scrollHeight - lastHeight.current;
    } else {
      element.scrollTop = element.scrollHeight;
    }
    lastHeight.current = element.scrollHeight;
    lastOldest.current = oldestId;
  }, [newestId, oldestId, pending.length]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: observe again once older messages arrive (oldestId), since the top link then moves.
  useEffect(() => {
    const link = top.current;
    if (!onOlder || !link || !("IntersectionObserver" in window)) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onOlder();
      },
      { root: list.current },
    );
    observer.observe(link);
    return () => observer.disconnect();
  }, [onOlder, oldestId]);

  // The member's own zone, the same on the server and in the browser, so their HTML agrees.
  const timeZone = useOptionalUser()?.timeZone ?? "UTC";
  const format = dateTimeFormat(locale, { dateStyle: "short", timeStyle: "short", timeZone });
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the history scrolls on its own, and a keyboard can only scroll what it can focus.
    <div className="chat-history" ref={list} tabIndex={0} role="log" aria-label={t("chat.history")}>
      {olderLink && (
        <p className="chat-older">
          <Link
            ref={top}
            to={olderLink.href}
            onClick={(event) => {
              if (!onOlder) return;
              event.preventDefault();
              onOlder();
            }}
          >
            {loadingOlder ? t("chat.loadingOlder") : olderLink.label}
          </Link>
        </p>
      )}
      {messages.length === 0 && pending.length === 0 ? (
        <p className="empty-state">{t("chat.noMessages")}</p>
      ) : (
        <ol className="messages">
          {messages.map((message) => (
            <li key={message.id} className={message.mine ? "message mine" : "message theirs"}>
              <span className="visually-hidden">{message.mine ? t("chat.youSaid") : t("chat.theySaid")}</span>
              <p className="message-text">{message.text}</p>
              <time dateTime={new Date(message.created_at).toISOString()}>{format.format(message.created_at)}</time>
              {message.nudged && !message.mine && reportFrom ? (
                <BotherLine message={message.id} memberId={reportFrom.memberId} conversation={reportFrom.conversation} />
              ) : null}
              {message.id === lastMine && lastMine <= seenUpTo && pending.length === 0 ? (
                <span className="message-status message-seen">{t("chat.seen")}</span>
              ) : null}
            </li>
          ))}
          {pending.map((text, i) => (
            <li key={`pending-${i}`} className="message mine pending">
              <span className="visually-hidden">{t("chat.youSaid")}</span>
              <p className="message-text">{text}</p>
              <span className="message-status">{t("chat.sending")}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
