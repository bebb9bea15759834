import { useEffect, useRef, useState } from "react";
import { lazyOrNothing } from "~/lib/lazy-or-nothing";
import { Link, replace, useFetcher, useFetchers, useSearchParams } from "react-router";
import { ChatEntryLink, FictionalMark, useChatName } from "~/components/chat/ChatEntry";
import { MessageList } from "~/components/chat/MessageList";
import { fetchChats, fetchMessages, markChatRead, sendMessage } from "~/lib/api/chat.server";
import { orUnanswered } from "~/lib/api/client.server";
import { siteSettings } from "~/lib/api/site.server";
import { templateFor } from "~/lib/theme.server";
import type { ChatListEntry, ChatMessage } from "../../contract/schemas";
import { TEMPLATE_FLAGS } from "../../contract/rules/templates";
import { MessageSchema } from "~/lib/forms/chat";
import { apiErrorReply, formReply } from "~/lib/forms/reply.server";
import { useTranslation } from "~/lib/i18n-react";
import { useEscapeClosesMenus } from "~/lib/escape-closes-menus";
import { apiContext } from "~/lib/context";
import { pageError } from "~/lib/page-errors.server";
import { PartFailed } from "~/components/PartFailed";
import { pagePart, type Part } from "~/lib/page-part";
import type { Route } from "./+types/chat";
import { Composer } from "~/components/chat/Composer";
import { useSite } from "~/lib/root-data";
import { useOtherTyping } from "~/lib/client/typing";
import { parseForm } from "~/lib/forms/parse.server";
import { getOptionalUser } from "~/lib/auth.server";
import { updateUser } from "~/lib/api/signup.server";
import { requestLocale } from "~/lib/i18n.server";
import { limitResetsAt } from "~/lib/trust-limits.server";

// Report and block sit in the top bar's "⋯" menu, shown only once opened: their code loads after
// the page (the server's HTML stays until then, so they work without JavaScript too); offline,
// the menu goes without them rather than the page failing.
const SafetyActions = lazyOrNothing(() => import("~/components/safety/SafetyFields").then((m) => m.SafetyActions));

/**
 * /chats/:chatId (login, chat layout): one conversation. The top bar (back, photo, name, the
 * fictional marker, the profile), the history (older messages load as the member scrolls up, or
 * by a link without JavaScript), and the composer with the credits it costs. Opening it marks
 * everything in it seen (docs/product.md §4). New messages arrive live (app/lib/client/live.ts).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = Number(params.chatId);
  if (!Number.isInteger(id) || id <= 0) pageError(404);
  const beforeParam = new URL(request.url).searchParams.get("before");
  const before = beforeParam === null ? undefined : Number(beforeParam);
  if (before !== undefined && (!Number.isInteger(before) || before <= 0)) pageError(404);
  const api = context.get(apiContext);
  const settings = await siteSettings(request, context);
  // The social template keeps the chat list beside the conversation on wide screens (docs/product.md §1.7).
  const withSidebar = TEMPLATE_FLAGS[templateFor(request, settings)].chatSidebar;
  const [result, sidebar] = await Promise.all([
    fetchMessages(api, id, before),
    // The sidebar is one part of the page: when its call fails it says so (lib/page-part.ts).
    withSidebar
      ? fetchChats(api).then(
          (answer) => ({ chats: pagePart(answer, (data) => data.chats) }),
          () => ({ chats: null }),
        )
      : null,
  ]);
  if (!result.ok) pageError(result.status === 422 ? 404 : result.status);
  // Only the newest page counts as opening the chat; an older page changes nothing.
  const newest = result.data.messages.at(-1);
  if (before === undefined && newest && !newest.mine) {
    const read = await markChatRead(api, id);
    if (!read.ok) console.warn("marking a chat read failed", read.status);
  }
  return {
    ...result.data,
    before: before ?? null,
    sidebar,
    // A fresh key for the next message: a resent form (double click, retry) sends it again,
    // and the API charges and posts it once.
    sendKey: crypto.randomUUID(),
  };
}

/** The kinds of contact detail the API names (contract/rules/contact-details.ts; not imported: it stays out of the page's script). */
const REFUSED_KINDS = new Set(["link", "email", "phone", "handle"]);

export async function action({ params, request, context }: Route.ActionArgs) {
  const id = Number(params.chatId);
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw replace(`/chats/${id}`);
  }
  const submission = parseForm(formData, MessageSchema);
  if (formData.get("intent") === "resend-activation") return resendActivation(context, submission);
  if (submission.status !== "success") return formReply(submission.reply(), 400);
  const { key } = submission.value;
  // "Edit" after "Are you sure?" without JavaScript: back to the composer with the text (ADR 057).
  if (formData.get("intent") === "edit") return formReply(submission.reply(), 200, { sendKey: key });
  const confirm = submission.value.confirm === "1";
  const result = await orUnanswered(sendMessage(context.get(apiContext), id, submission.value.text, key, confirm));
  if (result === null) {
    // No answer, or a broken one: the message may or may not have gone. The form comes back with
    // the text and the same key, so sending again posts and charges it at most once.
    return formReply(submission.reply({ formErrors: ["errors.send_unconfirmed"] }), 503, { sendKey: key });
  }
  if (!result.ok) {
    const { error } = result;
    if (result.status === 404) pageError(404);
    if (error.error === "contact_details_refused") {
      // What was found, in the member's language, beside the composer (the safety note above it says
      // why); the text and its key stay (ADR 053).
      const kind = error.fields?.text ?? "";
      const reason = REFUSED_KINDS.has(kind) ? `errors.contact_details_${kind}` : "errors.contact_details_refused";
      return formReply(submission.reply({ fieldErrors: { text: [reason] } }), 422, {
        sendKey: key,
      });
    }
    if (error.error === "new_conversations_limit") {
      // The day's new conversations are used up (ADR 056): when new ones may start, in the member's
      // language and time zone, beside the composer; the text and its key stay for later.
      const user = await getOptionalUser(context);
      const when = limitResetsAt(error.retry_after, requestLocale(context), user?.timezone);
      const message = `errors.new_conversations_limit|${JSON.stringify({ limit: error.limit ?? 1, when })}`;
      return formReply(submission.reply({ fieldErrors: { text: [message] } }), 429, { sendKey: key });
    }
    if (error.error === "verified_writers_only") {
      // The other member takes first messages from verified members only (ADR 059): why, beside the composer.
      return formReply(submission.reply({ fieldErrors: { text: ["errors.verified_writers_only"] } }), 403, { sendKey: key });
    }
    if (error.error === "new_conversations_paused") {
      // Paused after trusted reports (ADR 058): why, beside the composer; the text and its key stay.
      return formReply(submission.reply({ fieldErrors: { text: ["errors.new_conversations_paused"] } }), 403, {
        sendKey: key,
      });
    }
    if (error.error === "message_needs_confirm") {
      // "Are you sure?" with Edit and Send anyway, the text kept; nothing was charged (ADR 057).
      return formReply(submission.reply(), 422, { sendKey: key, nudge: true });
    }
    if (error.error === "insufficient_credits") {
      const credits = { balance: error.balance ?? 0, cost: error.cost ?? 0 };
      return formReply(submission.reply({ formErrors: ["errors.insufficient_credits"] }), 402, { credits });
    }
    return apiErrorReply(submission, result, {
      own: ["rate_limited", "recipient_gone", "blocked", "email_not_confirmed"],
      // The typed text stays, with the same key: sent once confirmed, it is sent and charged once.
      flags: { sendKey: key },
    });
  }
  // Post/redirect/get; a fetcher's send replaces the entry instead of adding one.
  throw replace(`/chats/${id}`);
}

/**
 * The composer's "send the confirmation link again" (a member whose address is not confirmed may
 * not write: docs/decisions/040): the link again to the member's address (PUT user.php with the
 * same address), the typed text kept on the form.
 */
async function resendActivation(context: Route.ActionArgs["context"], submission: ReturnType<typeof parseForm>) {
  const user = await getOptionalUser(context);
  if (!user) throw replace("/login");
  const result = await updateUser(context.get(apiContext), { email: user.email });
  if (!result.ok) return apiErrorReply(submission, result, { own: ["rate_limited"] });
  return formReply(submission.reply(), 200, { resentTo: user.email });
}

export default function Chat(props: Route.ComponentProps) {
  useEscapeClosesMenus();
  // Another conversation is another page: nothing (older pages, the composer) carries over.
  const view = <ChatView key={props.loaderData.conversation.id} {...props} />;
  const { sidebar, conversation } = props.loaderData;
  if (!sidebar) return view;
  return (
    <div className="chat-with-sidebar">
      <ChatSidebar chats={sidebar.chats} current={conversation.id} />
      {view}
    </div>
  );
}

/** The member's conversations beside the open one, on wide screens (the `chatSidebar` flag). */
function ChatSidebar({ chats, current }: { chats: Part<ChatListEntry[]>; current: number }) {
  const { t } = useTranslation();
  if (chats === null) {
    return (
      <nav className="chat-sidebar" aria-label={t("nav.chats")}>
        <PartFailed />
      </nav>
    );
  }
  return (
    <nav className="chat-sidebar" aria-label={t("nav.chats")}>
      <ul className="chat-list">
        {chats.map((chat) => (
          <li
            key={chat.conversation.id}
            className={`chat-entry${chat.num_unread_messages > 0 ? " unread" : ""}${chat.conversation.id === current ? " current" : ""}`}
          >
            <ChatEntryLink chat={chat} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ChatView({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const site = useSite();
  const { conversation, messages, has_more: hasMore, balance, cost } = loaderData;
  const profile = conversation.profile;
  const name = useChatName(profile);
  const write = useSearchParams()[0].has("write");
  // On an older page (?before=, without JavaScript) the page shows just that page.
  const older = useOlderMessages(messages, hasMore, loaderData.before === null);
  // A message on its way shows at once, marked as sending (slow networks).
  const pending = useFetchers()
    .filter(
      (f) =>
        f.formMethod === "POST" &&
        f.formAction === `/chats/${conversation.id}` &&
        f.formData &&
        f.formData.get("intent") !== "resend-activation" &&
        // A refused send (its reply carries the error) is not on its way: the composer keeps the
        // text and shows why, so no "Sending…" bubble while the page reloads its data.
        !(f.data && typeof f.data === "object" && "result" in f.data),
    )
    .map((f) => String(f.formData?.get("text") ?? "").trim())
    .filter((text) => text !== "" && !messages.some((m) => m.mine && m.text === text && m.id === messages.at(-1)?.id));
  const shown = older.messages;

  return (
    <div className="chat">
      <title>{t("chat.title", { name })}</title>
      <header className="chat-top">
        <Link to="/chats" className="chat-back" aria-label={t("chat.back")}>
          ←
        </Link>
        {profile.main_image && site ? (
          <img className="avatar" src={site.cdnPrefix + profile.main_image.thumb_filename} alt="" width={40} height={40} />
        ) : (
          <span className="avatar avatar-empty" aria-hidden="true" />
        )}
        <h1 className="chat-name">
          {profile.deleted || loaderData.blocked ? (
            <span className="chat-name-text">{name}</span>
          ) : (
            // The name opens the profile, as in messengers; "View profile" is in the menu too.
            <Link to={`/members/${profile.id}`} className="chat-name-text">
              {name}
            </Link>
          )}
          {profile.fictional && site ? <FictionalMark icon={site.fictionalIcon} /> : null}
        </h1>
        {profile.deleted ? null : (
          // One line on a phone (issue 29 point 7): "View profile", report and block sit in this
          // menu, a disclosure, so it works without JavaScript.
          <details className="chat-safety">
            <summary>
              <span className="visually-hidden">{t("chat.menu")}</span>
              <span aria-hidden="true">⋯</span>
            </summary>
            <div className="chat-safety-menu">
              {loaderData.blocked ? null : (
                <Link to={`/members/${profile.id}`} className="menu-item">
                  {t("chat.viewProfile")}
                </Link>
              )}
              <SafetyActions memberId={profile.id} name={name} conversation={conversation.id} />
              <Link to="/pages/safety" className="menu-item">
                {t("safety2.menuLink")}
              </Link>
            </div>
          </details>
        )}
      </header>
      <MessageList
        messages={shown}
        olderLink={
          loaderData.before !== null
            ? { href: `/chats/${conversation.id}`, label: t("chat.newest") }
            : older.hasMore
              ? { href: `/chats/${conversation.id}?before=${older.oldestId}`, label: t("chat.older") }
              : null
        }
        onOlder={loaderData.before === null ? older.load : undefined}
        loadingOlder={older.loading}
        pending={pending}
        seenUpTo={loaderData.seen_up_to}
        // "Does this bother you?" under a received nudged message (ADR 057); not across a block.
        reportFrom={profile.deleted || loaderData.blocked ? undefined : { memberId: profile.id, conversation: conversation.id }}
      />
      <TypingNote conversation={conversation.id} lastMessageId={messages.at(-1)?.id} name={name} />
      {profile.deleted ? (
        <p className="chat-gone">{t("chat.memberGone")}</p>
      ) : loaderData.blocked ? (
        <p className="chat-gone">{t("safety.chat.blocked")}</p>
      ) : (
        <>
          {loaderData.first_messages ? <FirstMessagesNote name={name} entertainment={profile.fictional} /> : null}
          <Composer
            key={conversation.id}
            conversation={conversation.id}
            balance={balance}
            cost={cost}
            sendKey={loaderData.sendKey}
            actionData={actionData}
            name={name}
            nudgeWords={loaderData.nudge_words}
            focusOnArrival={write}
          />
        </>
      )}
    </div>
  );
}

/**
 * The safety note of a conversation's first messages (issue 30 point 6; ADR 053): never send
 * money, meet in public, contact details wait for an answer (never, with an entertainment
 * profile); the safety page one tap away.
 */
function FirstMessagesNote({ name, entertainment }: { name: string; entertainment: boolean }) {
  const { t } = useTranslation();
  return (
    <p className="chat-safety-note">
      {t(entertainment ? "safety2.chatNoteEntertainment" : "safety2.chatNote", { name })}{" "}
      <Link to="/pages/safety">{t("safety2.tipsLink")}</Link>
    </p>
  );
}

/** "… is typing" while the other side types (issue 27); a live region, so it is heard too. */
function TypingNote({
  conversation,
  lastMessageId,
  name,
}: {
  conversation: number;
  lastMessageId: number | undefined;
  name: string;
}) {
  const { t } = useTranslation();
  const typing = useOtherTyping(conversation, lastMessageId);
  return (
    <p className="chat-typing" aria-live="polite">
      {typing ? t("chat.typing", { name }) : ""}
    </p>
  );
}

/**
 * With JavaScript, older pages are fetched and put above the history instead of a page change.
 * When new messages push the oldest of the newest page out of it, they are kept here too, so
 * the history shown never has a gap.
 */
function useOlderMessages(newest: ChatMessage[], hasMore: boolean, active: boolean) {
  const fetcher = useFetcher<typeof loader>();
  const [pages, setPages] = useState<ChatMessage[]>([]);
  const [more, setMore] = useState(hasMore);
  const previous = useRef(newest);
  useEffect(() => {
    const before = previous.current;
    previous.current = newest;
    const first = newest[0]?.id;
    if (first === undefined) return;
    const pushedOut = before.filter((m) => m.id < first);
    if (pushedOut.length > 0) setPages((shown) => mergeMessages(shown, pushedOut));
  }, [newest]);
  useEffect(() => {
    const page = fetcher.data;
    if (fetcher.state !== "idle" || !page) return;
    setPages((shown) => mergeMessages(page.messages, shown));
    setMore(page.has_more);
  }, [fetcher.state, fetcher.data]);
  const oldestId = pages[0]?.id ?? newest[0]?.id;
  return {
    messages: active ? mergeMessages(pages, newest) : newest,
    hasMore: pages.length > 0 ? more : hasMore,
    oldestId,
    loading: fetcher.state !== "idle",
    load: () => {
      if (fetcher.state === "idle" && oldestId !== undefined) fetcher.load(`${window.location.pathname}?before=${oldestId}`);
    },
  };
}

/** Messages of both lists, each once, oldest first. */
function mergeMessages(a: ChatMessage[], b: ChatMessage[]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const message of [...a, ...b]) byId.set(message.id, message);
  return [...byId.values()].sort((x, y) => x.id - y.id);
}
