/** Requests of the chat calls: chat.php, messages.php (docs/api.md). */
import { z } from "zod";
import { MESSAGE_MAX } from "../limits";
import { withFieldCode } from "./field-code";

/** A conversation's, a profile's or a message's id, in a body or a query string. */
export const IdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The page makes a key for each message it shows a composer for: a retry sends the same key. */
export const SEND_KEY = /^[A-Za-z0-9_-]{8,64}$/;

/** POST /api/messages.php. */
export const SendMessageBodySchema = z.object({
  conversation: IdSchema,
  text: z.string().max(MESSAGE_MAX),
  key: z.string().regex(SEND_KEY),
  /**
   * The member answered "Are you sure?" with "Send anyway" (ADR 057): a message with a word of
   * the site's offensive list goes only with it, and is stored as nudged.
   */
  confirm: z.boolean().optional(),
});
export type SendMessageBody = z.input<typeof SendMessageBodySchema>;
export type SendMessageBodyParsed = z.output<typeof SendMessageBodySchema>;

/** DELETE /api/chat.php and POST /api/messages.php?read=1. */
export const ConversationBodySchema = z.object({ conversation: IdSchema });
export type ConversationBody = z.input<typeof ConversationBodySchema>;
export type ConversationBodyParsed = z.output<typeof ConversationBodySchema>;

/** GET /api/chat.php?profile=: any bad profile answers the field code "invalid". */
export const StartChatQuerySchema = z.object({ profile: withFieldCode(IdSchema, "invalid") });

/** GET /api/messages.php?conversation=&before=: the page before message `before`; bad ids answer "invalid". */
export const MessagesQuerySchema = z.object({
  conversation: withFieldCode(IdSchema, "invalid"),
  before: withFieldCode(IdSchema, "invalid").optional(),
});
