/**
 * What the chat tests share (chat-*.test.ts): calls to chats.php, chat.php and messages.php as the
 * app makes them, two members with a conversation, and counts of the rows a send writes.
 */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { z } from "zod";
import {
  AccountDeletedSchema,
  ApiErrorSchema,
  ChatStartSchema,
  ChatsAnswerSchema,
  CsrfAnswerSchema,
  EmailCheckSchema,
  MessageSentSchema,
  MessagesAnswerSchema,
  UserAnswerSchema,
} from "../../contract/schemas";
import { call, createMember, loginAs, sessionCookie } from "./helpers";

const SITE1 = "localhost:8787";

export const SITE2 = "127.0.0.1";

type Member = Awaited<ReturnType<typeof createMember>>;

export async function errorOf(response: Response, status: number, code?: string) {
  expect(response.status, `expected ${status} ${code ?? ""}`).toBe(status);
  expect(response.headers.get("content-type")).toContain("application/json");
  const body = ApiErrorSchema.parse(await response.json());
  if (code) expect(body.error).toBe(code);
  return body;
}

export async function answer<S extends z.ZodType>(response: Response, status: number, schema: S): Promise<z.output<S>> {
  if (response.status !== status) {
    throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
  }
  expect(response.headers.get("content-type")).toContain("application/json");
  return schema.parse(await response.json());
}

export async function count(sql: string, ...params: unknown[]): Promise<number> {
  const row = await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>();
  return row!.n;
}

export const messageRows = (conversation: number) =>
  count("SELECT COUNT(*) AS n FROM messages WHERE conversation_id = ?", conversation);

export const charges = (memberId: number) =>
  count("SELECT COUNT(*) AS n FROM credit_ledger WHERE member_id = ? AND reason = 'message'", memberId);

export const balanceOf = (memberId: number) =>
  count("SELECT COALESCE(SUM(amount), 0) AS n FROM credit_ledger WHERE member_id = ?", memberId);

let creditCounter = 0;

export async function addCredits(memberId: number, amount: number) {
  await env.DB.prepare(
    "INSERT INTO credit_ledger (member_id, amount, reason, idempotency_key, created_at) VALUES (?, ?, 'test', ?, ?)",
  )
    .bind(memberId, amount, `chat-test:${memberId}:${++creditCounter}`, Date.now())
    .run();
}

export async function setCountry(memberId: number, country: string) {
  await env.DB.prepare("UPDATE members SET country = ? WHERE id = ?").bind(country, memberId).run();
}

export const newKey = (): string => crypto.randomUUID();

export const startChat = (cookie: string | undefined, profile: unknown, host?: string) =>
  call(`/api/chat.php?profile=${encodeURIComponent(String(profile))}`, { cookie, host });

export async function chatId(cookie: string, profile: number, host?: string): Promise<number> {
  return (await answer(await startChat(cookie, profile, host), 200, ChatStartSchema)).id;
}

export const send = (cookie: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
  call("/api/messages.php", { method: "POST", json: body, cookie, headers });

export async function sendOk(cookie: string, conversation: number, text: string, key: string = newKey()) {
  return answer(await send(cookie, { conversation, text, key }), 201, MessageSentSchema);
}

export const markRead = (cookie: string | undefined, body: unknown) =>
  call("/api/messages.php?read=1", { method: "POST", json: body, cookie });

export async function chats(cookie: string) {
  const response = await call("/api/chats.php", { cookie });
  const body = await answer(response, 200, ChatsAnswerSchema);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return body.chats;
}

export async function history(cookie: string, conversation: number, before?: number) {
  const query = before === undefined ? "" : `&before=${before}`;
  const response = await call(`/api/messages.php?conversation=${conversation}${query}`, { cookie });
  const body = await answer(response, 200, MessagesAnswerSchema);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return body;
}

export async function user(cookie: string) {
  return (await answer(await call("/api/user.php", { cookie }), 200, UserAnswerSchema)).user;
}

/** Two logged-in members (site 1, NL unless told) and their conversation, started by A. */
export async function pair(options: { aCredits?: number; bCredits?: number } = {}) {
  const a = await createMember({ credits: options.aCredits ?? 200 });
  const b = await createMember({ credits: options.bCredits ?? 200 });
  const aCookie = await loginAs(a);
  const bCookie = await loginAs(b);
  const conversation = await chatId(aCookie, b.id);
  return { a, b, aCookie, bCookie, conversation };
}

/** A sign-up as the app does it, so the member gets the site's starting credits. */
export async function signUp(country: string, host = SITE1) {
  const ip = `chat-${crypto.randomUUID()}`;
  const email = `chat${Date.now()}x${++creditCounter}@example.com`;
  const check = await call(`/api/validate_email.php?email=${encodeURIComponent(email)}`, {
    host,
    headers: { "x-client-ip": ip },
  });
  const checked = await answer(check, 200, EmailCheckSchema);
  expect(checked.status).toBe("new");
  const { csrf } = await answer(await call("/api/csrf.php", { host, headers: { "x-client-ip": ip } }), 200, CsrfAnswerSchema);
  const response = await call("/api/user.php?new=1", {
    method: "POST",
    host,
    headers: { "x-client-ip": ip },
    json: {
      email,
      name: "Sam",
      password: "a chat password",
      country,
      language: "en",
      timezone: "America/New_York",
      csrf,
      token: checked.token,
    },
  });
  const body = await answer(response, 201, UserAnswerSchema);
  // The member confirms the address: writing waits for it (docs/decisions/040; bans.test.ts tests the refusal).
  await env.DB.prepare("UPDATE members SET status = 'active', activated_at = ? WHERE id = ?")
    .bind(Date.now(), body.user.profile.id)
    .run();
  return { user: body.user, cookie: sessionCookie(response) };
}

export async function deleteAccount(member: Member, cookie: string) {
  const response = await call("/api/user.php", { method: "DELETE", json: { password: member.password }, cookie });
  await answer(response, 200, AccountDeletedSchema);
}
