import { useEffect, useRef, useState } from "react";
import { Link, replace, useFetcher, useRevalidator, useSearchParams } from "react-router";
import { ChatEntryLink, useChatName } from "~/components/chat/ChatEntry";
import { fetchChats, removeChat } from "~/lib/api/chat.server";
import { toastCookie } from "~/lib/cookies.server";
import type { ChatListEntry } from "../../contract/schemas";
import { formErrorsOf, type FormReply } from "~/lib/forms/reply";
import { formErrors, formReply } from "~/lib/forms/reply.server";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/middleware.server";
import { pageError } from "~/lib/page-errors.server";
import type { Route } from "./+types/chats";

/**
 * /chats (login): the member's conversations, newest first (docs/product.md §2, §3). Removing one asks
 * first ("Remove the conversation with …? Yes, remove / Cancel"); then, with JavaScript, it leaves
 * the list at once, the server removes it and the list loads again (docs/product.md §4); without
 * JavaScript the question is a page of its own (/chats?remove=<id>) and the answer a form post and
 * a redirect. A failure is logged, shown, and the list loaded again (docs/product.md §8).
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

export default function Chats({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const asked = confirmingId(search);
  const heading = useRef<HTMLHeadingElement>(null);
  const { chats } = loaderData;
  return (
    <>
      <title>{t("chats.title")}</title>
      <h1 ref={heading} tabIndex={-1}>
        {t("chats.heading")}
      </h1>
      {/* Without JavaScript the removal was a page post; with it, the entry shows its own error. */}
      {formErrorsOf(actionData) !== undefined && (
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
              onRemoving={() => heading.current?.focus()}
            />
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * One conversation with its remove button. Removing asks first: without JavaScript "Remove" is a
 * GET to /chats?remove=<id>, which shows the question in place; with JavaScript the question
 * shows at once. "Yes, remove" posts; with JavaScript the entry hides at once and stays mounted
 * (and hidden) until the list has loaded again without it: its fetcher must outlive the post,
 * since React Router drops the redirect of a fetcher whose component is gone, and the list would
 * then never load again (issue 16, defect 1).
 */
function ChatItem({ chat, asked, onRemoving }: { chat: ChatListEntry; asked: boolean; onRemoving: () => void }) {
  const { t } = useTranslation();
  const remove = useFetcher<FormReply>();
  const { revalidate } = useRevalidator();
  const id = chat.conversation.id;
  const [confirming, setConfirming] = useState(asked);
  const removing = remove.formData !== undefined;
  const failed = remove.state === "idle" && formErrorsOf(remove.data) !== undefined;
  const reported = useRef(false);
  useEffect(() => {
    // docs/product.md §8: a failed removal is shown and the list is loaded again.
    if (failed && !reported.current) {
      reported.current = true;
      void revalidate();
    }
  }, [failed, revalidate]);
  // Focus follows the question: to its safe answer when it opens, back to "Remove" when cancelled.
  const cancelLink = useRef<HTMLAnchorElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (!opened.current) {
      opened.current = true;
      return;
    }
    (confirming ? cancelLink : removeButton).current?.focus();
  }, [confirming]);
  const name = useChatName(chat.profile);
  const questionId = `chat-remove-question-${id}`;
  const cancel = () => setConfirming(false);
  return (
    <li
      id={`chat-${id}`}
      className={chat.num_unread_messages > 0 ? "chat-entry unread" : "chat-entry"}
      // Gone from sight (and from assistive technology) the moment "Yes" is pressed.
      hidden={removing}
      style={removing ? { display: "none" } : undefined}
    >
      <ChatEntryLink chat={chat} />
      {confirming ? (
        <remove.Form
          method="post"
          action="/chats"
          className="chat-remove"
          role="group"
          aria-labelledby={questionId}
          preventScrollReset
          onSubmit={() => {
            setConfirming(false);
            onRemoving();
          }}
          onKeyDown={(event) => {
            if (event.key === "Escape") cancel();
          }}
        >
          <input type="hidden" name="conversation" value={id} />
          <span id={questionId}>{t("chats.confirmRemove", { name })}</span>{" "}
          <button type="submit" className="link-button">
            {t("chats.confirmYes")}
          </button>{" "}
          <Link
            ref={cancelLink}
            to={`/chats#chat-${id}`}
            className="link-button"
            preventScrollReset
            onClick={(event) => {
              event.preventDefault();
              cancel();
            }}
          >
            {t("chats.cancel")}
          </Link>
        </remove.Form>
      ) : (
        // A GET form: without JavaScript it opens the question as a page of its own.
        <form
          method="get"
          action={`/chats#chat-${id}`}
          className="chat-remove"
          onSubmit={(event) => {
            event.preventDefault();
            setConfirming(true);
          }}
        >
          <input type="hidden" name="remove" value={id} />
          <button ref={removeButton} type="submit" className="link-button" disabled={removing}>
            {t("chats.remove")}
            <span className="visually-hidden"> ({name})</span>
          </button>
        </form>
      )}
      {failed && (
        <p className="error-list" role="alert">
          {t("chats.removeFailed")}
        </p>
      )}
    </li>
  );
}
