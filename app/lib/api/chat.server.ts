/** Chat calls (docs/product.md §7 and designed ones, docs/api.md): the list, starting, removing, messages. */
import type { ConversationBody, SendMessageBody } from "../../../contract/requests/chat";
import type { DevCreditsBody } from "../../../contract/requests/dev";
import type { ApiClient } from "./client.server";
import {
  ChatDeletedSchema,
  ChatsAnswerSchema,
  ChatStartSchema,
  CreditsSetSchema,
  DevToolsSchema,
  MessageSentSchema,
  MessagesAnswerSchema,
  MessagesReadSchema,
  TypingAnswerSchema,
} from "../../../contract/schemas";

export function fetchChats(api: ApiClient) {
  return api.call(ChatsAnswerSchema, "/api/chats.php");
}

export function startChat(api: ApiClient, profileId: number) {
  return api.call(ChatStartSchema, "/api/chat.php", { query: { profile: String(profileId) } });
}

export function removeChat(api: ApiClient, conversation: number) {
  const body: ConversationBody = { conversation };
  return api.call(ChatDeletedSchema, "/api/chat.php", { method: "DELETE", body });
}

export function fetchMessages(api: ApiClient, conversation: number, before?: number) {
  const query: Record<string, string> = { conversation: String(conversation) };
  if (before !== undefined) query.before = String(before);
  return api.call(MessagesAnswerSchema, "/api/messages.php", { query });
}

/** `confirm`: the member answered "Are you sure?" with "Send anyway" (ADR 057). */
export function sendMessage(api: ApiClient, conversation: number, text: string, key: string, confirm = false) {
  const body: SendMessageBody = { conversation, text, key, ...(confirm ? { confirm } : {}) };
  return api.call(MessageSentSchema, "/api/messages.php", { method: "POST", body });
}

/** The member types in the conversation: the other side's open pages show it (POST /api/typing.php). */
export function sendTyping(api: ApiClient, conversation: number) {
  const body: ConversationBody = { conversation };
  return api.call(TypingAnswerSchema, "/api/typing.php", { method: "POST", body });
}

export function markChatRead(api: ApiClient, conversation: number) {
  const body: ConversationBody = { conversation };
  return api.call(MessagesReadSchema, "/api/messages.php", { method: "POST", query: { read: "1" }, body });
}

/** Developer only (DEV_TOOLS on a loopback host): sets the member's credits. */
export function setDevCredits(api: ApiClient, credits: number) {
  const body: DevCreditsBody = { credits };
  return api.call(CreditsSetSchema, "/api/dev/credits.php", { method: "POST", body });
}

/** Developer only: answers 404 unless the development tools run here. */
export function devTools(api: ApiClient) {
  return api.call(DevToolsSchema, "/api/dev/tools.php");
}
