/**
 * Staff accounts signed in with their password and TOTP code (ADR 029), entertainment profiles and
 * members writing to them, and the hosts' calls (issue 27, ADR 045): what the hosts' API tests share.
 * Sign-ins go through the real login and code calls; only the rows a test needs are written in D1.
 */
import { env } from "cloudflare:workers";
import { Secret, TOTP } from "otpauth";
import { expect } from "vitest";
import type { z } from "zod";
import {
  HostClaimAnswerSchema,
  type HostConversationBody,
  HostConversationAnswerSchema,
  type HostNotesBody,
  HostNotesAnswerSchema,
  HostQueueAnswerSchema,
  HostReleaseAnswerSchema,
  HostReplyAnswerSchema,
  type HostReplyBody,
} from "../../contract/hosts";
import { ApiErrorSchema, ChatStartSchema, MessageSentSchema } from "../../contract/schemas";
import { STAFF_COOKIE, type StaffRole } from "../../contract/staff";
import { hashPassword } from "../../workers/api/lib/passwords";
import { encodeStaffPassword } from "../../workers/api/lib/staff";
import { call, createMember, loginAs } from "./helpers";

export const SITE1 = "localhost:8787";
export const SITE2 = "127.0.0.1";
export const STAFF_PASSWORD = "staff password 1";

// ---------------------------------------------------------------------------------------------
// Answers

export async function errorOf(response: Response, status: number, code?: string) {
  const text = await response.text();
  expect(response.status, `expected ${status} ${code ?? ""}, got ${text}`).toBe(status);
  const body = ApiErrorSchema.parse(JSON.parse(text));
  if (code) expect(body.error).toBe(code);
  return body;
}

export async function answer<S extends z.ZodType>(response: Response, status: number, schema: S): Promise<z.output<S>> {
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
  expect(response.headers.get("content-type")).toContain("application/json");
  return schema.parse(await response.json());
}

export async function count(query: string, ...params: unknown[]): Promise<number> {
  const row = await env.DB.prepare(query)
    .bind(...params)
    .first<{ n: number }>();
  return row!.n;
}

export const newKey = (): string => crypto.randomUUID();

// ---------------------------------------------------------------------------------------------
// Staff

let staffCounter = 0;
// One PBKDF2 hash for every test account (the same password): hashing costs ~100k iterations each.
let storedPassword: Promise<string> | undefined;

export interface StaffAccount {
  id: number;
  email: string;
  name: string;
  secret: string;
}

export async function createStaff(
  options: { siteId: number | null; role?: StaffRole; languages?: string | null; name?: string } = { siteId: 1 },
): Promise<StaffAccount> {
  storedPassword ??= hashPassword(STAFF_PASSWORD).then(encodeStaffPassword);
  const n = ++staffCounter;
  const email = `host${Date.now()}-${n}@example.com`;
  const name = options.name ?? `Host ${n}`;
  const secret = new Secret({ size: 20 }).base32;
  const row = await env.DB.prepare(
    `INSERT INTO staff (site_id, email, name, role, languages, password_hash, totp_secret, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(
      options.siteId,
      email,
      name,
      options.role ?? "host",
      options.languages ?? null,
      await storedPassword,
      secret,
      Date.now(),
    )
    .first<{ id: number }>();
  return { id: row!.id, email, name, secret };
}

function staffCookieOf(response: Response): string {
  const header = response.headers.getSetCookie().find((c) => c.startsWith(`${STAFF_COOKIE}=`));
  if (!header) throw new Error("no staff cookie was set");
  return header.split(";")[0]!;
}

/** Password, then the authenticator's code: the staff cookie of a full session. */
export async function signInStaff(staff: StaffAccount): Promise<string> {
  // Each sign-in from its own address: the login's per-address limit is not under test here.
  const headers = { "x-client-ip": `host-test-${crypto.randomUUID()}` };
  const login = await call("/api/staff/login.php", {
    method: "POST",
    headers,
    json: { email: staff.email, password: STAFF_PASSWORD },
  });
  if (login.status !== 200) throw new Error(`staff login: ${login.status} ${await login.text()}`);
  const code = new TOTP({ secret: Secret.fromBase32(staff.secret), algorithm: "SHA1", digits: 6, period: 30 }).generate();
  const totp = await call("/api/staff/totp.php", { method: "POST", headers, cookie: staffCookieOf(login), json: { code } });
  if (totp.status !== 200) throw new Error(`staff code: ${totp.status} ${await totp.text()}`);
  return staffCookieOf(totp);
}

export type SignedInStaff = StaffAccount & { cookie: string };

/** A staff account (a host unless told) with a signed-in session. */
export async function createHost(options: Parameters<typeof createStaff>[0] = { siteId: 1 }): Promise<SignedInStaff> {
  const staff = await createStaff(options);
  return { ...staff, cookie: await signInStaff(staff) };
}

// ---------------------------------------------------------------------------------------------
// Entertainment profiles and the members who write to them

let profileCounter = 0;

/** An entertainment profile (members.is_fictional = 1) on a site. */
export async function createProfile(options: { siteId?: number; language?: string; name?: string } = {}) {
  const name = options.name ?? `Lotte ${++profileCounter}`;
  const row = await env.DB.prepare(
    `INSERT INTO members (site_id, name, gender, date_of_birth, country, countryregion, city, language, is_fictional, signup_date)
     VALUES (?, ?, 'female', '1995-03-10', 'NL', 1, 'Utrecht', ?, 1, ?) RETURNING id`,
  )
    .bind(options.siteId ?? 1, name, options.language ?? "nl", Date.now())
    .first<{ id: number }>();
  return { id: row!.id, name };
}

/** A real member (site 1 unless told) who writes in `language`, with credits, signed in. */
export async function createChatter(options: { siteId?: number; language?: string; credits?: number } = {}) {
  const member = await createMember({ siteId: options.siteId, credits: options.credits ?? 500 });
  await env.DB.prepare("UPDATE members SET language = ? WHERE id = ?")
    .bind(options.language ?? "nl", member.id)
    .run();
  const host = options.siteId === 2 ? SITE2 : SITE1;
  return { ...member, host, cookie: await loginAs(member, host) };
}

export type Chatter = Awaited<ReturnType<typeof createChatter>>;

/** The member opens the conversation with a profile (chat.php), as the app does. */
export async function openChat(member: Chatter, profileId: number): Promise<number> {
  const response = await call(`/api/chat.php?profile=${profileId}`, { cookie: member.cookie, host: member.host });
  return (await answer(response, 200, ChatStartSchema)).id;
}

export function sendAs(member: Chatter, conversation: number, text: string, key = newKey()) {
  return call("/api/messages.php", {
    method: "POST",
    cookie: member.cookie,
    host: member.host,
    json: { conversation, text, key },
  });
}

/** The member's paid message (201), through messages.php. */
export async function sendOk(member: Chatter, conversation: number, text: string, key = newKey()) {
  return answer(await sendAs(member, conversation, text, key), 201, MessageSentSchema);
}

/** A member (their options) writes to a new profile (or the one given): the conversation waits for a host. */
export async function waitingConversation(
  options: { siteId?: number; language?: string; profile?: { id: number; name: string }; text?: string } = {},
) {
  const member = await createChatter(options);
  const profile = options.profile ?? (await createProfile({ siteId: options.siteId, language: options.language }));
  const conversation = await openChat(member, profile.id);
  const sent = await sendOk(member, conversation, options.text ?? "Hi! How are you?");
  return { member, profile, conversation, sent };
}

let quickCounter = 0;

/**
 * `n` conversations waiting for a host, written straight into D1 where the member's send path is
 * not under test (a drain of hundreds): members (no password), their conversation with one of the
 * given profiles, the member's message and the queue row, as the send's batch writes them.
 */
export async function insertWaiting(options: { n: number; profiles: { id: number }[]; siteId?: number; language?: string }) {
  const siteId = options.siteId ?? 1;
  const language = options.language ?? "nl";
  const base = Date.now() - 60_000;
  const tag = `${Date.now()}-${++quickCounter}`;
  const inserted = await env.DB.batch(
    Array.from({ length: options.n }, (_, i) =>
      env.DB.prepare(
        `INSERT INTO members (site_id, email, name, gender, date_of_birth, country, countryregion, city, language, signup_date)
         VALUES (?, ?, 'Quinn Waiting', 'male', '1988-01-01', 'NL', 1, 'Utrecht', ?, ?) RETURNING id`,
      ).bind(siteId, `quick-${tag}-${i}@example.com`, language, base),
    ),
  );
  const memberIds = inserted.map((result) => (result.results[0] as { id: number }).id);
  const pairs = memberIds.map((memberId, i) => ({ memberId, profileId: options.profiles[i % options.profiles.length]!.id, i }));
  const conversations = await env.DB.batch(
    pairs.map(({ memberId, profileId }) =>
      env.DB.prepare("INSERT INTO conversations (member_low, member_high, created_at) VALUES (?, ?, ?) RETURNING id").bind(
        Math.min(memberId, profileId),
        Math.max(memberId, profileId),
        base,
      ),
    ),
  );
  const rows = pairs.map((pair, i) => ({ ...pair, conversation: (conversations[i]!.results[0] as { id: number }).id }));
  await env.DB.batch(
    rows.flatMap(({ memberId, profileId, conversation, i }) => [
      env.DB.prepare("INSERT INTO conversation_members (member_id, conversation_id, other_id) VALUES (?, ?, ?), (?, ?, ?)").bind(
        memberId,
        conversation,
        profileId,
        profileId,
        conversation,
        memberId,
      ),
      env.DB.prepare(
        "INSERT INTO messages (conversation_id, sender_id, body, created_at, send_key) VALUES (?, ?, 'Hello?', ?, ?)",
      ).bind(conversation, memberId, base + i, `quick-${tag}-${i}`),
      env.DB.prepare(
        "UPDATE conversations SET last_message_id = (SELECT MAX(id) FROM messages WHERE conversation_id = ?) WHERE id = ?",
      ).bind(conversation, conversation),
      env.DB.prepare(
        "INSERT INTO host_queue (conversation_id, site_id, language, member_id, profile_id, waiting_since) VALUES (?, ?, ?, ?, ?, ?)",
      ).bind(conversation, siteId, language, memberId, profileId, base + i),
    ]),
  );
  return rows;
}

// ---------------------------------------------------------------------------------------------
// The hosts' calls

const post = (path: string, cookie: string | undefined, json: unknown) => call(path, { method: "POST", cookie, json });

export const hostCalls = {
  queue: (cookie?: string) => call("/api/staff/host_queue.php", { cookie }),
  conversation: (cookie: string | undefined, id: unknown) =>
    call(`/api/staff/host_conversation.php?id=${String(id)}`, { cookie }),
  claim: (cookie: string | undefined, body: HostConversationBody | unknown) => post("/api/staff/host_claim.php", cookie, body),
  typing: (cookie: string | undefined, body: HostConversationBody | unknown) => post("/api/staff/host_typing.php", cookie, body),
  release: (cookie: string | undefined, body: HostConversationBody | unknown) =>
    post("/api/staff/host_release.php", cookie, body),
  reply: (cookie: string | undefined, body: Partial<HostReplyBody> | unknown) => post("/api/staff/host_reply.php", cookie, body),
  notes: (cookie: string | undefined, body: Partial<HostNotesBody> | unknown) => post("/api/staff/host_notes.php", cookie, body),
};

export async function queueOf(cookie: string) {
  const response = await hostCalls.queue(cookie);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return answer(response, 200, HostQueueAnswerSchema);
}

export async function viewOf(cookie: string, conversation: number) {
  return answer(await hostCalls.conversation(cookie, conversation), 200, HostConversationAnswerSchema);
}

export async function claimOk(cookie: string, conversation: number) {
  return (await answer(await hostCalls.claim(cookie, { conversation }), 200, HostClaimAnswerSchema)).lease;
}

export async function releaseOk(cookie: string, conversation: number) {
  return (await answer(await hostCalls.release(cookie, { conversation }), 200, HostReleaseAnswerSchema)).released;
}

export async function replyOk(cookie: string, conversation: number, text: string, key = newKey()) {
  return (await answer(await hostCalls.reply(cookie, { conversation, text, key }), 201, HostReplyAnswerSchema)).message;
}

export async function notesOk(cookie: string, body: HostNotesBody) {
  return (await answer(await hostCalls.notes(cookie, body), 200, HostNotesAnswerSchema)).notes;
}

/** The host calls, each with a body that would be valid for `conversation`. */
export function everyHostCall(conversation: number): { method: "GET" | "POST"; path: string; json?: unknown }[] {
  return [
    { method: "GET", path: "/api/staff/host_queue.php" },
    { method: "GET", path: `/api/staff/host_conversation.php?id=${conversation}` },
    { method: "POST", path: "/api/staff/host_claim.php", json: { conversation } },
    { method: "POST", path: "/api/staff/host_typing.php", json: { conversation } },
    { method: "POST", path: "/api/staff/host_release.php", json: { conversation } },
    { method: "POST", path: "/api/staff/host_reply.php", json: { conversation, text: "Hello there", key: newKey() } },
    {
      method: "POST",
      path: "/api/staff/host_notes.php",
      json: { conversation, about: "profile", text: "Works as a nurse.", version: 0 },
    },
  ];
}

/** Rows the reply path writes: the profile's messages in a conversation, and host_replies. */
export const profileMessages = (conversation: number, profileId: number) =>
  count("SELECT COUNT(*) AS n FROM messages WHERE conversation_id = ? AND sender_id = ?", conversation, profileId);
export const hostReplies = (conversation: number) =>
  count("SELECT COUNT(*) AS n FROM host_replies WHERE conversation_id = ?", conversation);
export const queued = (conversation: number) =>
  count("SELECT COUNT(*) AS n FROM host_queue WHERE conversation_id = ?", conversation);
