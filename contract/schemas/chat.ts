/** Chat (issue 6; docs/product.md §3, §7; designed calls in docs/api.md). */
import { z } from "zod";
import { ProfileCardSchema } from "./members";

// --- Chat (issue 6; docs/product.md §3, §7; designed calls in docs/api.md) -------------------------------

/** The other member of a conversation: a card, or a deleted member (no name, no photo). */
export const ChatProfileSchema = ProfileCardSchema.extend({ deleted: z.boolean() });
export type ChatProfile = z.infer<typeof ChatProfileSchema>;

export const ChatMessageSchema = z.object({
  id: z.number().int(),
  conversation: z.number().int(),
  /** Sent by the member asking. */
  mine: z.boolean(),
  /** Plain text; shown as text, never as HTML. */
  text: z.string(),
  created_at: z.number().int(),
  /**
   * Designed (issue 30 point 4, ADR 057): the sender confirmed "Are you sure?" for it (a word of
   * the site's offensive list). The receiver's chat asks "Does this bother you?" under it.
   */
  nudged: z.boolean().default(false),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** GET /api/chats.php (docs/product.md §3 "Chat list entry", plus the last message). */
export const ChatListEntrySchema = z.object({
  conversation: z.object({ id: z.number().int() }),
  profile: ChatProfileSchema,
  num_unread_messages: z.number().int(),
  last_message: z.object({ text: z.string(), created_at: z.number().int(), mine: z.boolean() }).nullable(),
});
export type ChatListEntry = z.infer<typeof ChatListEntrySchema>;
export const ChatsAnswerSchema = z.object({ chats: z.array(ChatListEntrySchema) });

/** GET /api/chat.php?profile= (docs/product.md §7: the answer's id leads to /chats/:chatId). */
export const ChatStartSchema = z.object({ id: z.number().int() });
/** DELETE /api/chat.php (designed answer). */
export const ChatDeletedSchema = z.object({ deleted: z.literal(true) });

/** GET /api/messages.php?conversation=&before= (designed): a page of messages, oldest first. */
export const MessagesAnswerSchema = z.object({
  conversation: z.object({ id: z.number().int(), profile: ChatProfileSchema }),
  messages: z.array(ChatMessageSchema),
  /** Older messages exist before the first one here. */
  has_more: z.boolean(),
  /** The member's credits, and what one message costs them. */
  balance: z.number().int(),
  cost: z.number().int(),
  /** Designed (trust and safety): one of the two has blocked the other; no message can be sent. */
  blocked: z.boolean().default(false),
  /**
   * Designed (issue 29 point 8): the other member has seen the conversation up to this message id
   * (0: nothing yet). Not a premium feature: every member sees it (docs/product.md §4.7).
   */
  seen_up_to: z.number().int().default(0),
  /**
   * Designed (issue 30, ADR 053): contact details are refused in this conversation now (the other
   * side has not written yet, or it is an entertainment profile). The page shows the safety notice.
   */
  first_messages: z.boolean().default(false),
  /**
   * Designed (issue 30 point 4, ADR 057): the site's offensive words for the member's language
   * and the site's. A message with one is sent only with `confirm` (422 message_needs_confirm);
   * the page asks "Are you sure?" with them before sending.
   */
  nudge_words: z.array(z.string()).default([]),
});
export type MessagesAnswer = z.infer<typeof MessagesAnswerSchema>;

/** POST /api/messages.php (designed): the message (a new one, or the one this key sent before). */
export const MessageSentSchema = z.object({ message: ChatMessageSchema, balance: z.number().int(), cost: z.number().int() });
/** POST /api/messages.php?read=1 (designed). */
export const MessagesReadSchema = z.object({ unread: z.literal(0) });
/** POST /api/dev/credits.php (designed, developer only): the member's balance is now `credits`. */
export const CreditsSetSchema = z.object({ credits: z.number().int() });
/** GET /api/dev/tools.php (designed, developer only). */
export const DevToolsSchema = z.object({ tools: z.array(z.string()) });

/** POST /api/typing.php (designed, issue 27): the other side's pages were told. */
export const TypingAnswerSchema = z.object({ typing: z.literal(true) });
