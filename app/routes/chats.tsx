import { useCallback, useEffect, useRef, useState } from "react";
import { Form, Link, replace, useFetcher, useRevalidator, useSearchParams } from "react-router";
import { ChatEntryLink, useChatName } from "~/components/chat/ChatEntry";
import { fetchChats, removeChat } from "~/lib/api/chat.server";
import { toastCookie } from "~/lib/cookies.server";
import type { ChatListEntry } from "../../contract/schemas";
import { formErrorsOf, type FormReply } from "~/lib/forms/reply";
import { formErrors, formReply } from "~/lib/forms/reply.server";
import { useTranslation } from "~/lib/i18n-react";
import { useEscapeClosesMenus } from "~/lib/escape-closes-menus";
import { apiContext } from "~/lib/context";
import { TOAST_DURATION_MS } from "~/lib/toast";
import { pageError } from "~/lib/page-errors.server";
import type { Route } from "./+types/chats";

/**
 * /chats (login): the member's conversations, newest first (docs/product.md §2, §3): photo, name,
 * one or two lines of the last message, a short "when", and a menu per row. Removing one from the
 * menu: with JavaScript it leaves the list at once with "Undo", and is posted when the undo time
 * is over (issue 29 point 6); without JavaScript it asks first (/chats?remove=<id>), and the answer
 * is a form post and a redirect. A failure is logged, shown, and the list loaded again
 * (docs/product.md §8).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const result = await fetchChats(context.get(apiContext));
  if (!result.ok) pageError(result.status);
  return { chats: result.data.chats };
}

export async function action({ request, context }: Route.ActionArgs) {
  let conversation = Number.NaN;
  try {
    conversation = Number((await request.formData()).get("conversation"));
  } catch {
    // Not a form: nothing to remove.
  }
  const result =
    Number.isInteger(conversation) && conversation > 0 ? await removeChat(context.get(apiContext), conversation) : null;
  if (!result?.ok) {
    console.warn("removing a chat failed", conversation, result?.status);
    return formReply(formErrors("chats.removeFailed"), result?.status ?? 400);
  }
  // replace(): with JavaScript the fetcher follows it in place (no second /chats in the history),
  // and the list loads again (docs/product.md §4); without, post/redirect/get.
  throw replace("/chats", { headers: { "Set-Cookie": toastCookie(request, { key: "chatRemoved" }) } });
}

/** `/chats?remove=12`: the confirmation step of removing conversation 12 without JavaScript. */
function confirmingId(search: URLSearchParams): number | null {
  const id = Number(search.get("remove"));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** How long "Undo" stands before a removal is sent (the toasts' own time, docs/product.md §4). */
const UNDO_MS = TOAST_DURATION_MS;

export default function Chats({ loaderData, actionData }: Route.ComponentProps) {
  useEscapeClosesMenus();
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const asked = confirmingId(search);
  const heading = useRef<HTMLHeadingElement>(null);
  const { chats } = loaderData;
  const removal = useUndoableRemoval();
  return (
    <>
      <title>{t("chats.title")}</title>
      <h1 ref={heading} tabIndex={-1}>
        {t("chats.heading")}
      </h1>
      {removal.pending ? (
        <div className="undo-toast" role="status">
          <p>{t("chats.list.removed", { name: removal.pending.name })}</p>
          <button type="button" className="button small secondary" onClick={removal.undo}>
            {t("chats.list.undo")}
          </button>
        </div>
      ) : null}
      {/* Without JavaScript the removal was a page post; with it, the failure shows here too. */}
      {(formErrorsOf(actionData) !== undefined || removal.failed) && (
        <p className="error-list" role="alert">
          {t("chats.removeFailed")}
        </p>
      )}
      {chats.length === 0 ? (
        <p className="empty-state">
          {t("chats.empty")} <Link to="/members">{t("chats.findSomeone")}</Link>
        </p>
      ) : (
        <ul className="chat-list">
          {chats.map((chat) => (
            <ChatItem
              key={chat.conversation.id}
              chat={chat}
              asked={asked === chat.conversation.id}
              gone={removal.hides(chat.conversation.id)}
              onRemove={(name) => {
                removal.start(chat.conversation.id, name);
                heading.current?.focus();
              }}
            />
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * Removing with JavaScript (issue 29 point 6): the conversation leaves the list at once and
 * "Undo" stands for a few seconds; only then is the removal posted (a fetcher of the page, so
 * its redirect is followed and the list loads again). Leaving the page or closing it before
 * then sends it at once (keepalive), so a removal is never lost. A failure shows and the list
 * loads again (docs/product.md §8).
 */
function useUndoableRemoval() {
  const remover = useFetcher<FormReply>();
  const { revalidate } = useRevalidator();
  const [pending, setPending] = useState<{ id: number; name: string } | null>(null);
  const pendingRef = useRef(pending);
  pendingRef.current = pending;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const failed = remover.state === "idle" && formErrorsOf(remover.data) !== undefined;
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (failed && reported.current !== remover.data) {
      reported.current = remover.data;
      void revalidate();
    }
  }, [failed, remover.data, revalidate]);

  const send = useCallback(
    (id: number) => {
      clearTimeout(timer.current);
      setPending(null);
      void remover.submit({ conversation: String(id) }, { method: "post", action: "/chats" });
    },
    [remover.submit],
  );
  // Leaving the page (or closing it) during the undo time: the removal goes now.
  useEffect(() => {
    const flush = () => {
      const left = pendingRef.current;
      if (!left) return;
      pendingRef.current = null;
      clearTimeout(timer.current);
      void fetch("/chats", { method: "POST", body: new URLSearchParams({ conversation: String(left.id) }), keepalive: true });
    };
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      flush();
    };
  }, []);

  const inFlight = remover.formData ? Number(remover.formData.get("conversation")) : null;
  return {
    pending,
    failed,
    hides: (id: number) => pending?.id === id || inFlight === id,
    start(id: number, name: string) {
      const previous = pendingRef.current;
      if (previous) send(previous.id);
      setPending({ id, name });
      timer.current = setTimeout(() => send(id), UNDO_MS);
    },
    undo() {
      const was = pendingRef.current;
      clearTimeout(timer.current);
      setPending(null);
      // Focus back on the conversation that came back.
      if (was) requestAnimationFrame(() => document.querySelector<HTMLElement>(`#chat-${was.id} .chat-entry-link`)?.focus());
    },
  };
}

/**
 * One conversation, with its menu (a <details>, so it works without JavaScript) holding
 * "Remove conversation". Without JavaScript "Remove" is a GET to /chats?remove=<id>, which
 * shows the question in place, and "Yes, remove" posts; with JavaScript the conversation
 * leaves at once, with "Undo" (useUndoableRemoval).
 */
function ChatItem({
  chat,
  asked,
  gone,
  onRemove,
}: {
  chat: ChatListEntry;
  asked: boolean;
  gone: boolean;
  onRemove: (name: string) => void;
}) {
  const { t } = useTranslation();
  const id = chat.conversation.id;
  const name = useChatName(chat.profile);
  const questionId = `chat-remove-question-${id}`;
  const menu = useRef<HTMLDetailsElement>(null);
  return (
    <li
      id={`chat-${id}`}
      className={chat.num_unread_messages > 0 ? "chat-entry unread" : "chat-entry"}
      // Gone from sight (and from assistive technology) the moment it is removed.
      hidden={gone}
      style={gone ? { display: "none" } : undefined}
    >
      <ChatEntryLink chat={chat} />
      {asked ? (
        // The confirmation step without JavaScript.
        <Form method="post" action="/chats" className="chat-remove" role="group" aria-labelledby={questionId}>
          <input type="hidden" name="conversation" value={id} />
          <span id={questionId}>{t("chats.confirmRemove", { name })}</span>{" "}
          <button type="submit" className="link-button">
            {t("chats.confirmYes")}
          </button>{" "}
          <Link to={`/chats#chat-${id}`} className="link-button">
            {t("chats.cancel")}
          </Link>
        </Form>
      ) : (
        <details className="row-menu" ref={menu}>
          <summary>
            <span aria-hidden="true">⋯</span>
            <span className="visually-hidden">{t("chats.list.options", { name })}</span>
          </summary>
          <div className="row-menu-panel">
            {/* A GET form: without JavaScript it opens the question as a page of its own. */}
            <form
              method="get"
              action={`/chats#chat-${id}`}
              onSubmit={(event) => {
                event.preventDefault();
                if (menu.current) menu.current.open = false;
                onRemove(name);
              }}
            >
              <input type="hidden" name="remove" value={id} />
              <button type="submit" className="menu-item danger">
                {t("chats.list.removeConversation")}
              </button>
            </form>
          </div>
        </details>
      )}
    </li>
  );
}
