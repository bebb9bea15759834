/**
 * One ban per person across the operator's sites (issue 25, points 9 and 10; docs/decisions/040):
 * a ban on one site refuses a sign-up with the same address (or a spelling of it that reaches the
 * same mailbox) on every site, bans the person's accounts there and ends their sessions, refuses
 * the banned account's photos on any account, and closes the live sockets open before it; an
 * unban (or an appeal reversed) lifts all of it everywhere. And an unconfirmed account writes no
 * message unless the site allows it.
 */
import { PhotonImage } from "@cf-wasm/photon/workerd";
import { env } from "cloudflare:workers";
import { Secret, TOTP } from "otpauth";
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { STAFF_COOKIE } from "../../contract/staff";
import {
  ApiErrorSchema,
  ChatStartSchema,
  CsrfAnswerSchema,
  EmailCheckSchema,
  MessageSentSchema,
  ProfileImageAnswerSchema,
  UserAnswerSchema,
} from "../../contract/schemas";
import { encodeStaffPassword } from "../../workers/api/lib/staff";
import { hashPassword } from "../../workers/api/lib/passwords";
import { call, createMember, ensureSites, loginAs, sessionCookie } from "./helpers";

beforeAll(ensureSites);

const AMORA = "localhost:8787"; // site 1
const VELVET = "velvet.localhost:8787"; // site 3
const PASSWORD = "staff password 1";
let counter = 0;

async function answer<S extends z.ZodType>(response: Response, status: number, schema: S): Promise<z.output<S>> {
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
  return schema.parse(await response.json());
}

async function errorOf(response: Response, status: number, code: string) {
  expect(response.status, `expected ${status} ${code}`).toBe(status);
  const body = ApiErrorSchema.parse(await response.json());
  expect(body.error).toBe(code);
  return body;
}

async function platformModerator() {
  const email = `bans-staff${Date.now()}-${++counter}@example.com`;
  const secret = new Secret({ size: 20 }).base32;
  await env.DB.prepare(
    "INSERT INTO staff (site_id, email, name, role, password_hash, totp_secret, created_at) VALUES (NULL, ?, 'Mod', 'admin', ?, ?, ?)",
  )
    .bind(email, encodeStaffPassword(await hashPassword(PASSWORD)), secret, Date.now())
    .run();
  const cookieOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${STAFF_COOKIE}=`))!
      .split(";")[0]!;
  const half = cookieOf(await call("/api/staff/login.php", { method: "POST", json: { email, password: PASSWORD } }));
  const code = new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate();
  const full = await call("/api/staff/totp.php", { method: "POST", cookie: half, json: { code } });
  if (full.status !== 200) throw new Error(`totp: ${full.status}`);
  return cookieOf(full);
}

async function decide(staff: string, memberId: number, action: "ban" | "unban") {
  const response = await call("/api/staff/decide.php", {
    method: "POST",
    cookie: staff,
    json: { member: memberId, action, category: "scam", reason: "You asked several members for money." },
  });
  if (response.status !== 201) throw new Error(`decide ${action}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { decision: { id: number } }).decision.id;
}

/** Sign-up step 0 as the app sends it: the email check, the csrf token, the post. */
async function signUp(email: string, host: string) {
  const ip = `bans-${crypto.randomUUID()}`;
  const headers = { "x-client-ip": ip };
  const check = await call(`/api/validate_email.php?email=${encodeURIComponent(email)}`, { host, headers });
  const checked = await answer(check, 200, EmailCheckSchema);
  const { csrf } = await answer(await call("/api/csrf.php", { host, headers }), 200, CsrfAnswerSchema);
  return call("/api/user.php?new=1", {
    method: "POST",
    host,
    headers,
    json: { email, name: "Sam", password: "a long sign-up password", country: "NL", language: "en", csrf, token: checked.token },
  });
}

async function memberRow(id: number) {
  return env.DB.prepare(
    "SELECT ban_decision_id, (SELECT COUNT(*) FROM sessions WHERE member_id = ?) AS sessions FROM members WHERE id = ?",
  )
    .bind(id, id)
    .first<{ ban_decision_id: number | null; sessions: number }>();
}

/** A photo with structure (a gradient and a square somewhere), as a PNG; `seed` moves the square. */
function photo(seed: number): Uint8Array {
  const width = 64;
  const height = 48;
  const pixels = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const square = Math.abs(x - ((seed * 13) % 50) - 7) < 7 && Math.abs(y - 24) < 9;
      const v = square ? 10 : ((x + y) * 255) / (width + height);
      pixels.set([v, 255 - v, (seed * 40) % 255, 255], (y * width + x) * 4);
    }
  }
  const image = new PhotonImage(pixels, width, height);
  try {
    return image.get_bytes();
  } finally {
    image.free();
  }
}

function upload(cookie: string, bytes: Uint8Array, host = AMORA) {
  const form = new FormData();
  form.set("file", new File([bytes.slice()], "me.png", { type: "image/png" }));
  return call("/api/profileimage.php", { method: "POST", body: form, cookie, host });
}

const uniqueEmail = (local: string, domain = "example.com") => `${local}${Date.now()}x${++counter}@${domain}`;

describe("a ban holds for the person on every site of the operator", () => {
  let staff: string;
  beforeAll(async () => {
    staff = await platformModerator();
  });

  it("a sign-up with the banned address is refused on every site, in any spelling of it; an unban lifts it everywhere", async () => {
    const banned = await createMember({ siteId: 1 });
    await env.DB.prepare("UPDATE members SET email = ? WHERE id = ?").bind(uniqueEmail("ban.ned", "gmail.com"), banned.id).run();
    const { email } = (await env.DB.prepare("SELECT email FROM members WHERE id = ?")
      .bind(banned.id)
      .first<{ email: string }>())!;
    const [local, domain] = email.split("@") as [string, string];
    const banId = await decide(staff, banned.id, "ban");

    // The same minute, on another site: the address, without its dots, with a +tag, in capitals.
    for (const variant of [
      email,
      `${local.replaceAll(".", "")}@${domain}`,
      `${local}+velvet@googlemail.com`,
      email.toUpperCase(),
    ]) {
      const body = await errorOf(await signUp(variant, VELVET), 403, "address_banned");
      expect(body.fields).toEqual({ email: "address_banned" });
    }
    // And on its own site (where the address itself has its account: a spelling of it); eight
    // at once, none gets through.
    const parallel = await Promise.all(Array.from({ length: 8 }, () => signUp(`${local}+again@${domain}`, AMORA)));
    expect(parallel.map((r) => r.status)).toEqual(Array(8).fill(403));
    const made = await env.DB.prepare("SELECT COUNT(*) AS n FROM members WHERE email = ?")
      .bind(`${local}+again@${domain}`)
      .first<{ n: number }>();
    expect(made?.n).toBe(0);
    // Another address is not affected.
    expect((await signUp(uniqueEmail("someone.else", "gmail.com"), VELVET)).status).toBe(201);

    await decide(staff, banned.id, "unban");
    expect(
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM ban_marks WHERE decision_id = ?").bind(banId).first<{ n: number }>())?.n,
    ).toBe(0);
    const after = await signUp(`${local}+velvet@${domain}`, VELVET);
    expect(after.status).toBe(201);
  });

  it("the person's account on another site with the same address is banned too, logged out, and freed by the unban", async () => {
    const amora = await createMember({ siteId: 1 });
    const velvet = await createMember({ siteId: 3 });
    await env.DB.prepare("UPDATE members SET email = ? WHERE id = ?").bind(amora.email, velvet.id).run();
    const velvetCookie = await loginAs(amora, VELVET);
    const bystander = await createMember({ siteId: 3 });
    await loginAs(bystander, VELVET);

    const banId = await decide(staff, amora.id, "ban");
    expect(await memberRow(velvet.id)).toEqual({ ban_decision_id: banId, sessions: 0 });
    expect(await memberRow(amora.id)).toEqual({ ban_decision_id: banId, sessions: 0 });
    expect((await memberRow(bystander.id))?.ban_decision_id).toBeNull();
    expect((await memberRow(bystander.id))?.sessions).toBe(1);
    // The old session is gone; a new login reaches only the ban.
    await errorOf(await call("/api/likes.php", { cookie: velvetCookie, host: VELVET }), 403, "not_logged_in");
    const again = await loginAs(amora, VELVET);
    await errorOf(await call("/api/likes.php", { cookie: again, host: VELVET }), 403, "account_banned");

    // An appeal reversed on Amora lifts the ban on both accounts.
    const appeal = await env.DB.prepare(
      "INSERT INTO appeals (reference, site_id, decision_id, member_id, text, created_at) VALUES (?, 1, ?, ?, 'Not me', ?) RETURNING id",
    )
      .bind(`A-${crypto.randomUUID().slice(0, 8)}`, banId, amora.id, Date.now())
      .first<{ id: number }>();
    const reversed = await call("/api/staff/appeal.php", {
      method: "POST",
      cookie: staff,
      json: { appeal: appeal!.id, outcome: "reversed", reason: "The payments were the member's own." },
    });
    expect(reversed.status).toBe(200);
    expect((await memberRow(velvet.id))?.ban_decision_id).toBeNull();
    expect((await memberRow(amora.id))?.ban_decision_id).toBeNull();
    expect((await call("/api/likes.php", { cookie: await loginAs(amora, VELVET), host: VELVET })).status).toBe(200);
  });

  it("an account under another spelling of the banned address joins the ban at its next login; the unban frees it too", async () => {
    const banned = await createMember({ siteId: 1 });
    const address = uniqueEmail("ann.a", "gmail.com");
    await env.DB.prepare("UPDATE members SET email = ? WHERE id = ?").bind(address, banned.id).run();
    const variant = await createMember({ siteId: 3 });
    const [local, domain] = address.split("@") as [string, string];
    await env.DB.prepare("UPDATE members SET email = ? WHERE id = ?")
      .bind(`${local.replaceAll(".", "")}+velvet@${domain}`, variant.id)
      .run();
    const oldSession = await loginAs(
      { email: `${local.replaceAll(".", "")}+velvet@${domain}`, password: variant.password },
      VELVET,
    );
    const banId = await decide(staff, banned.id, "ban");
    // Not found at ban time (no index on every member's identity key)…
    expect((await memberRow(variant.id))?.ban_decision_id).toBeNull();
    // …but its login joins the ban: the answer carries it, the old session is gone.
    const login = await call("/api/login.php", {
      method: "POST",
      host: VELVET,
      json: { email: `${local.replaceAll(".", "")}+velvet@${domain}`, password: variant.password },
    });
    const user = (await answer(login, 200, UserAnswerSchema)).user;
    expect(user.ban).not.toBeNull();
    expect((await memberRow(variant.id))?.ban_decision_id).toBe(banId);
    await errorOf(await call("/api/likes.php", { cookie: oldSession, host: VELVET }), 403, "not_logged_in");
    await errorOf(await call("/api/likes.php", { cookie: sessionCookie(login), host: VELVET }), 403, "account_banned");

    await decide(staff, banned.id, "unban");
    expect((await memberRow(variant.id))?.ban_decision_id).toBeNull();
  });

  it("the banned account's photos are refused on any account and site, until the ban is lifted", async () => {
    const banned = await createMember({ siteId: 1 });
    const bannedCookie = await loginAs(banned);
    const mine = photo(1);
    await answer(await upload(bannedCookie, mine), 201, ProfileImageAnswerSchema);
    const banId = await decide(staff, banned.id, "ban");

    const other = await createMember({ siteId: 3 });
    const otherCookie = await loginAs(other, VELVET);
    const refused = await errorOf(await upload(otherCookie, mine, VELVET), 403, "photo_banned");
    expect(refused.fields).toEqual({ file: "photo_banned" });
    // The same picture re-encoded as a JPEG is the same photo.
    const jpeg = PhotonImage.new_from_byteslice(mine);
    const asJpeg = jpeg.get_bytes_jpeg(80);
    jpeg.free();
    await errorOf(await upload(otherCookie, asJpeg, VELVET), 403, "photo_banned");
    const none = await env.DB.prepare("SELECT COUNT(*) AS n FROM images WHERE member_id = ?")
      .bind(other.id)
      .first<{ n: number }>();
    expect(none?.n).toBe(0);
    // Another photo is fine.
    await answer(await upload(otherCookie, photo(3), VELVET), 201, ProfileImageAnswerSchema);

    await decide(staff, banned.id, "unban");
    await answer(await upload(otherCookie, mine, VELVET), 201, ProfileImageAnswerSchema);
    expect(
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM ban_marks WHERE decision_id = ?").bind(banId).first<{ n: number }>())?.n,
    ).toBe(0);
  });

  it("an address change to a banned address is refused (step 7's correction)", async () => {
    const banned = await createMember({ siteId: 1 });
    await decide(staff, banned.id, "ban");
    const signed = await signUp(uniqueEmail("fresh"), VELVET);
    const cookie = sessionCookie(signed);
    await errorOf(
      await call("/api/user.php", { method: "PUT", cookie, host: VELVET, json: { email: banned.email } }),
      403,
      "address_banned",
    );
  });

  it("a ban of another site's decision is lifted only by that site's staff (or the platform's)", async () => {
    const amora = await createMember({ siteId: 1 });
    const velvet = await createMember({ siteId: 3 });
    await env.DB.prepare("UPDATE members SET email = ? WHERE id = ?").bind(amora.email, velvet.id).run();
    await decide(staff, amora.id, "ban");
    const email = `velvet-staff${Date.now()}-${++counter}@example.com`;
    const secret = new Secret({ size: 20 }).base32;
    await env.DB.prepare(
      "INSERT INTO staff (site_id, email, name, role, password_hash, totp_secret, created_at) VALUES (3, ?, 'V', 'moderator', ?, ?, ?)",
    )
      .bind(email, encodeStaffPassword(await hashPassword(PASSWORD)), secret, Date.now())
      .run();
    const cookieOf = (r: Response) =>
      r.headers
        .getSetCookie()
        .find((c) => c.startsWith(`${STAFF_COOKIE}=`))!
        .split(";")[0]!;
    const half = cookieOf(await call("/api/staff/login.php", { method: "POST", json: { email, password: PASSWORD } }));
    const code = new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate();
    const velvetStaff = cookieOf(await call("/api/staff/totp.php", { method: "POST", cookie: half, json: { code } }));
    const refused = await call("/api/staff/decide.php", {
      method: "POST",
      cookie: velvetStaff,
      json: { member: velvet.id, action: "unban", category: "scam", reason: "Try to lift it here." },
    });
    await errorOf(refused, 403, "other_site_member");
    expect((await memberRow(velvet.id))?.ban_decision_id).not.toBeNull();
  });
});

describe("a ban closes the member's live sockets (point 10)", () => {
  it("a socket opened before the ban is closed by it and hears nothing after; a new one is refused", {
    timeout: 15_000,
  }, async () => {
    const staff = await platformModerator();
    const member = await createMember({ siteId: 1, credits: 100 });
    const other = await createMember({ siteId: 1, credits: 100 });
    const cookie = await loginAs(member);
    const otherCookie = await loginAs(other);
    const response = await call("/api/live.php", { cookie, headers: { upgrade: "websocket", origin: "http://localhost:8787" } });
    expect(response.status).toBe(101);
    const socket = response.webSocket!;
    socket.accept();
    const events: unknown[] = [];
    const closed = new Promise<number>((resolve) => socket.addEventListener("close", (event) => resolve(event.code)));
    socket.addEventListener("message", (event) => events.push(event.data));

    // Live before: a message arrives.
    const conversation = (
      await answer(await call(`/api/chat.php?profile=${member.id}`, { cookie: otherCookie }), 200, ChatStartSchema)
    ).id;
    const arrived = new Promise<void>((resolve) => socket.addEventListener("message", () => resolve(), { once: true }));
    await answer(
      await call("/api/messages.php", {
        method: "POST",
        cookie: otherCookie,
        json: { conversation, text: "hi", key: crypto.randomUUID() },
      }),
      201,
      MessageSentSchema,
    );
    await arrived;
    expect(events).toHaveLength(1);

    await decide(staff, member.id, "ban");
    const code = await Promise.race([closed, new Promise<string>((resolve) => setTimeout(() => resolve("still open"), 3000))]);
    expect(code).toBe(1008);
    await answer(
      await call("/api/messages.php", {
        method: "POST",
        cookie: otherCookie,
        json: { conversation, text: "after", key: crypto.randomUUID() },
      }),
      201,
      MessageSentSchema,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(events).toHaveLength(1);
    // The banned member's sessions are gone; a new login cannot open the socket either.
    const again = await loginAs(member);
    await errorOf(
      await call("/api/live.php", { cookie: again, headers: { upgrade: "websocket", origin: "http://localhost:8787" } }),
      403,
      "account_banned",
    );
  });
});

describe("an unconfirmed account writes no message unless the site allows it", () => {
  async function chatWithNewMember(host = AMORA) {
    const signed = await signUp(uniqueEmail("unconfirmed"), host);
    expect(signed.status).toBe(201);
    const cookie = sessionCookie(signed);
    const id = (await answer(await call("/api/user.php", { cookie, host }), 200, UserAnswerSchema)).user.profile.id;
    const other = await createMember({ siteId: host === AMORA ? 1 : 3 });
    const conversation = (await answer(await call(`/api/chat.php?profile=${other.id}`, { cookie, host }), 200, ChatStartSchema))
      .id;
    const send = (text: string) =>
      call("/api/messages.php", { method: "POST", cookie, host, json: { conversation, text, key: crypto.randomUUID() } });
    return { id, cookie, send };
  }

  it("by default: 403 email_not_confirmed, nothing stored or charged; once confirmed it sends", async () => {
    const { id, send } = await chatWithNewMember();
    const before = await env.DB.prepare("SELECT COALESCE(SUM(amount), 0) AS n FROM credit_ledger WHERE member_id = ?")
      .bind(id)
      .first<{ n: number }>();
    // Twice, and in parallel: never a 500, never a message.
    const answers = await Promise.all([send("hello"), send("hello"), send("hello")]);
    for (const a of answers) await errorOf(a, 403, "email_not_confirmed");
    const sent = await env.DB.prepare("SELECT COUNT(*) AS n FROM messages WHERE sender_id = ?").bind(id).first<{ n: number }>();
    expect(sent?.n).toBe(0);
    const after = await env.DB.prepare("SELECT COALESCE(SUM(amount), 0) AS n FROM credit_ledger WHERE member_id = ?")
      .bind(id)
      .first<{ n: number }>();
    expect(after?.n).toBe(before?.n);

    await env.DB.prepare("UPDATE members SET status = 'active', activated_at = ? WHERE id = ?").bind(Date.now(), id).run();
    await answer(await send("hello"), 201, MessageSentSchema);
  });

  it("a site that allows it (unconfirmed_may_message) lets them write", async () => {
    const row = await env.DB.prepare("SELECT settings FROM sites WHERE id = 3").first<{ settings: string }>();
    const settings = JSON.parse(row!.settings) as Record<string, unknown>;
    await env.DB.prepare("UPDATE sites SET settings = ? WHERE id = 3")
      .bind(JSON.stringify({ ...settings, unconfirmed_may_message: true }))
      .run();
    try {
      const { send } = await chatWithNewMember(VELVET);
      await answer(await send("hello"), 201, MessageSentSchema);
    } finally {
      await env.DB.prepare("UPDATE sites SET settings = ? WHERE id = 3").bind(row!.settings).run();
    }
  });

  it("the same address sent again resends the activation link (the chat's link), limited like a change", async () => {
    const signed = await signUp(uniqueEmail("resend"), AMORA);
    const cookie = sessionCookie(signed);
    const user = (await answer(await call("/api/user.php", { cookie }), 200, UserAnswerSchema)).user;
    const mails = () =>
      env.DB.prepare("SELECT COUNT(*) AS n FROM mail_outbox WHERE to_address = ? AND kind = 'activation'")
        .bind(user.email)
        .first<{ n: number }>()
        .then((r) => r?.n ?? 0);
    const first = await mails();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await call("/api/user.php", { method: "PUT", cookie, json: { email: user.email } })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await mails()).toBe(first + 3);
  });
});
