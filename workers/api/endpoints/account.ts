/**
 * The member's own account (designed, issue 4):
 *
 * - DELETE /api/user.php { password }: deletes the account. The password is asked again (a
 *   borrowed session must not be able to delete it); wrong ones count against the
 *   password-change limit. Personal data is erased in one batch (db/erase.ts), the photos are
 *   removed from R2, the session ends. A second call finds no session: 403 not_logged_in.
 * - DELETE /api/user.php?push=1: push notifications off (every subscription of the member
 *   removed, and not offered again: push_state 'denied').
 * - GET /api/user_export.php: everything stored about the member as one JSON document (the
 *   GDPR right of access), as a download.
 *
 * A banned member keeps all three (the GDPR rights of access and erasure hold whatever a ban
 * says, and push off only stops messages to them; ADR 030).
 */
import { Hono, type Context } from "hono";
import { deleteCookie } from "hono/cookie";
import { AccountDeleteBodySchema } from "../../../contract/requests/user";
import { APPEAL_STATES } from "../../../contract/rules/appeals";
import { AccountDeletedSchema, DataExportSchema, PushOffSchema } from "../../../contract/schemas/account";
import type { ApiContext } from "../context";
import { turnPushOff } from "../db/accounts";
import {
  appealsOf,
  likesGivenBy,
  likesReceivedBy,
  messagesSentBy,
  noticesOf,
  photosOf,
  pushSubscriptionsOf,
  sessionsOf,
} from "../db/data-export";
import { eraseMember, photoFilenamesOf } from "../db/erase";
import { balance as creditBalance, history as creditHistory } from "../domain/ledger";
import { listDecisionsAgainst } from "../db/decisions";
import { toProfile } from "../db/members";
import { answer } from "../lib/answer";
import { requireCurrentPassword } from "../lib/current-password";
import { readBody } from "../lib/request";
import { requireMemberEvenIfBanned } from "../lib/member";
import { SESSION_COOKIE } from "../lib/sessions";
import { publicOrigin } from "../mail/common";
import { largeKeyOf } from "../storage/photos";

async function deleteAccount(c: Context<ApiContext>): Promise<Response> {
  const member = requireMemberEvenIfBanned(c);
  const body = await readBody(c, AccountDeleteBodySchema);
  const { db } = c.var;
  await requireCurrentPassword(db, member, body.password, "password");

  const filenames = await photoFilenamesOf(db, member.id);
  await eraseMember(c.env.DB, db, member);
  // After the rows: a failure here leaves unreachable files, never a visible profile.
  const keys = filenames.flatMap((filename) => [filename, largeKeyOf(filename)]);
  if (keys.length > 0) {
    await c.env.PHOTOS.delete(keys).catch((error: unknown) =>
      console.error(`photos of deleted member ${member.id} not removed:`, error),
    );
  }
  deleteCookie(c, SESSION_COOKIE, { path: "/" });
  c.header("cache-control", "no-store");
  return answer(c, AccountDeletedSchema, { deleted: true });
}

async function pushOff(c: Context<ApiContext>): Promise<Response> {
  const member = requireMemberEvenIfBanned(c);
  const { db } = c.var;
  await turnPushOff(c.env.DB, db, member.id);
  return answer(c, PushOffSchema, { push: "denied" });
}

/** A string of JSON the member stored, as data (never throws on a bad row). */
function jsonOf(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function exportData(c: Context<ApiContext>): Promise<Response> {
  const member = requireMemberEvenIfBanned(c);
  const { db, site } = c.var;
  const origin = publicOrigin(c);
  const url = (key: string) => new URL(site.settings.cdn_prefix + key, origin).href;
  const [profile, balance, images, liked, likedBy, ledger, notices, pushSubscriptions, sessions, sent, decisions, appeals] =
    await Promise.all([
      toProfile(db, member),
      creditBalance(db, member.id),
      photosOf(db, member.id),
      likesGivenBy(db, member.id),
      likesReceivedBy(db, member.id),
      creditHistory(db, member.id),
      noticesOf(db, member.id),
      pushSubscriptionsOf(db, member.id),
      sessionsOf(db, member.id),
      messagesSentBy(db, member.id),
      listDecisionsAgainst(db, member),
      appealsOf(db, member.id),
    ]);
  const now = Date.now();
  // Not annotated with DataExport: answer() checks it, extra fields included (ADR 044).
  const document = {
    exported_at: new Date(now).toISOString(),
    site: site.settings.name,
    account: {
      id: member.id,
      email: member.email ?? "",
      status: member.status,
      language: member.language,
      timezone: member.timezone,
      signup_date: member.signup_date,
      activated_at: member.activated_at,
      paid_user: member.paid_user === 1,
      mailprovider: member.mailprovider,
      trafficsource: jsonOf(member.trafficsource),
      last_signup_step: member.last_signup_step,
      push_state: member.push_state,
      push_kinds: { messages: member.push_messages === 1, likes: member.push_likes === 1, news: member.push_news === 1 },
      last_search: jsonOf(member.search_filters),
    },
    profile: {
      name: profile.name,
      gender: profile.gender,
      interested_in: profile.interested_in,
      date_of_birth: profile.date_of_birth,
      country: profile.country,
      countryregion: profile.countryregion,
      city: profile.city,
      personal: profile.personal,
      fields: profile.fields,
    },
    photos: images.map((image) => ({
      id: image.id,
      main: image.filename === profile.main_image?.thumb_filename,
      thumbnail_url: url(image.filename),
      large_url: url(largeKeyOf(image.filename)),
      uploaded_at: image.created_at,
    })),
    likes: { given: liked, received: likedBy },
    messages_sent: sent,
    credits: { balance, ledger },
    notices,
    push_subscriptions: pushSubscriptions.map((s) => ({ service: new URL(s.endpoint).host, created_at: s.created_at })),
    sessions,
    decisions,
    appeals: appeals.map((appeal) => ({
      ...appeal,
      state: APPEAL_STATES.find((state) => state === appeal.state) ?? "open",
    })),
  };
  const day = new Date(now).toISOString().slice(0, 10);
  c.header("cache-control", "no-store");
  c.header("content-disposition", `attachment; filename="my-data-${day}.json"`);
  return answer(c, DataExportSchema, document);
}

export const account = new Hono<ApiContext>()
  .delete("/user.php", (c) => (c.req.query("push") !== undefined ? pushOff(c) : deleteAccount(c)))
  .get("/user_export.php", exportData);
