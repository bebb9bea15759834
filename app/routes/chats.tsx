import { useEffect, useRef } from "react";
import { Link, redirect, useFetcher, useFetchers, useRevalidator } from "react-router";
import { ChatEntryLink, useChatName } from "~/components/chat/ChatEntry";
import { fetchChats, removeChat } from "~/lib/api/chat.server";
import type { ChatListEntry } from "../../contract/schemas";
import { formErrorsOf, type FormReply } from "~/lib/forms/reply";
import { formErrors, formReply } from "~/lib/forms/reply.server";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/middleware.server";
import { pageError } from "~/lib/page-errors.server";
import type { Route } from "./+types/chats";

/**
 * /chats (login): the member's conversations, newest first (docs/product.md §2, §3). Removing one takes it
 * off the list at once (with JavaScript), then the server removes it and the list loads again
 * (docs/product.md §4); without JavaScript it is a form post and a redirect. A failure is logged, shown,
 * and the list loaded again (docs/product.md §8).
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
  throw redirect("/chats");
}

export default function Chats({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  // Chats being removed right now are gone from the list already.
  const removing = new Set(
    useFetchers()
      .filter((f) => f.formAction === "/chats" && f.formData)
      .map((f) => Number(f.formData?.get("conversation"))),
  );
  const chats = loaderData.chats.filter((chat) => !removing.has(chat.conversation.id));
  return (
    <>
      <title>{t("chats.title")}</title>
      <h1>{t("chats.heading")}</h1>
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
            <ChatItem key={chat.conversation.id} chat={chat} />
          ))}
        </ul>
      )}
    </>
  );
}

function ChatItem({ chat }: { chat: ChatListEntry }) {
  const { t } = useTranslation();
  const remove = useFetcher<FormReply>();
  const { revalidate } = useRevalidator();
  const failed = remove.state === "idle" && formErrorsOf(remove.data) !== undefined;
  const reported = useRef(false);
  useEffect(() => {
    // docs/product.md §8: a failed removal is shown and the list is loaded again.
    if (failed && !reported.current) {
      reported.current = true;
      void revalidate();
    }
  }, [failed, revalidate]);
  const name = useChatName(chat.profile);
  return (
    <li className={chat.num_unread_messages > 0 ? "chat-entry unread" : "chat-entry"}>
      <ChatEntryLink chat={chat} />
      <remove.Form method="post" action="/chats" className="chat-remove">
        <input type="hidden" name="conversation" value={chat.conversation.id} />
        <button type="submit" className="link-button" disabled={remove.state !== "idle"}>
          {t("chats.remove")}
          <span className="visually-hidden"> ({name})</span>
        </button>
      </remove.Form>
      {failed && (
        <p className="error-list" role="alert">
          {t("chats.removeFailed")}
        </p>
      )}
    </li>
  );
}
