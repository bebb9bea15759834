/**
 * The customer-service form's rule (POST /api/support.php, /pages/service; issue 15), pure and
 * without Zod, so the browser's bundle can share it: topics, limits, and the check the API applies.
 */
import { EMAIL_MAX, NAME_MAX } from "../limits";
import { hasInvisibleCharacters, INVISIBLE_CHARACTERS } from "./identity";

/** What a message is about; the mail's subject names it, so support can sort. */
export const SUPPORT_TOPICS = ["account", "payments", "safety", "technical", "other"] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];

export const SUPPORT_MESSAGE_MIN = 10;
export const SUPPORT_MESSAGE_MAX = 5000;
/** Messages one address (IP) may send an hour: enough for a person, too few to relay spam. */
export const SUPPORT_PER_HOUR = 5;

export interface SupportBody {
  name: string;
  email: string;
  topic: SupportTopic;
  message: string;
}

export type SupportFieldCode =
  | "required"
  | "too_big"
  | "too_small"
  | "invalid_type"
  | "not_allowed"
  | "invalid_email"
  | typeof INVISIBLE_CHARACTERS;

const isTopic = (value: unknown): value is SupportTopic => (SUPPORT_TOPICS as readonly unknown[]).includes(value);

/**
 * A support message in NFC and trimmed, or the field codes of what is wrong with it (the address's deliverability is the
 * API's own check on top). Name and address are one line of visible text (rules/identity.ts).
 */
export function parseSupport(
  body: Record<string, unknown>,
): { ok: true; value: SupportBody } | { ok: false; fields: Partial<Record<keyof SupportBody, SupportFieldCode>> } {
  const problems: Partial<Record<keyof SupportBody, SupportFieldCode>> = {};
  const text = (value: unknown) => (typeof value === "string" ? value.normalize("NFC").trim() : value);
  const name = text(body.name);
  const email = text(body.email);
  const message = text(body.message);
  if (typeof name !== "string") problems.name = name === undefined ? "required" : "invalid_type";
  else if (name === "") problems.name = "required";
  else if (name.length > NAME_MAX) problems.name = "too_big";
  else if (hasInvisibleCharacters(name)) problems.name = INVISIBLE_CHARACTERS;
  if (typeof email !== "string") problems.email = email === undefined ? "required" : "invalid_type";
  else if (email === "") problems.email = "required";
  else if (email.length > EMAIL_MAX) problems.email = "too_big";
  else if (hasInvisibleCharacters(email)) problems.email = INVISIBLE_CHARACTERS;
  if (body.topic === undefined || body.topic === "") problems.topic = "required";
  else if (!isTopic(body.topic)) problems.topic = "not_allowed";
  if (typeof message !== "string") problems.message = message === undefined ? "required" : "invalid_type";
  else if (message === "") problems.message = "required";
  else if (message.length < SUPPORT_MESSAGE_MIN) problems.message = "too_small";
  else if (message.length > SUPPORT_MESSAGE_MAX) problems.message = "too_big";
  if (typeof name === "string" && typeof email === "string" && isTopic(body.topic) && typeof message === "string") {
    if (Object.keys(problems).length === 0) return { ok: true, value: { name, email, topic: body.topic, message } };
  }
  return { ok: false, fields: problems };
}
