/** Member queries and their conversion to the contract's Profile and User shapes. */
import type { Selectable } from "kysely";
import type { Profile, User } from "../../../contract/schemas";
import * as ledger from "../domain/ledger";
import { findMembership, isActive, type Membership, premiumState } from "../domain/premium";
import type { Site } from "../lib/site";
import { unreadMessages } from "./chat";
import { findBan } from "./decisions";
import type { Db } from "./client";
import type { MembersTable } from "./schema";

/** A members row as stored: real or fictional, any status. */
export type MemberRow = Selectable<MembersTable>;

/** Whole years between a YYYY-MM-DD birth date and now. */
export function ageOn(dateOfBirth: string | null, now = new Date()): number | null {
  if (!dateOfBirth) return null;
  const [y, m, d] = dateOfBirth.split("-").map(Number);
  if (!y || !m || !d) return null;
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age--;
  return age;
}

export async function findMember(db: Db, siteId: number, memberId: number) {
  return db
    .selectFrom("members")
    .selectAll()
    .where("id", "=", memberId)
    .where("site_id", "=", siteId)
    .where("status", "!=", "deleted")
    .executeTakeFirst();
}

export async function findMemberByEmail(db: Db, siteId: number, email: string) {
  return db
    .selectFrom("members")
    .selectAll()
    .where("site_id", "=", siteId)
    .where("email", "=", email.trim().toLowerCase())
    .where("status", "!=", "deleted")
    .executeTakeFirst();
}

/** The member as a profile; `membership`: the caller's lookup of it when it needs it too (the user answer). */
export async function toProfile(
  db: Db,
  member: MemberRow,
  membership: Promise<Membership | undefined> = findMembership(db, member.id),
): Promise<Profile> {
  const [images, premium] = await Promise.all([
    db.selectFrom("images").select(["id", "filename"]).where("member_id", "=", member.id).orderBy("position").execute(),
    membership,
  ]);
  const main = images.find((i) => i.id === member.main_image_id) ?? images[0];
  return {
    id: member.id,
    name: member.name,
    age: ageOn(member.date_of_birth),
    city: member.city,
    country: member.country,
    countryregion: member.countryregion,
    language: member.language,
    gender: member.gender,
    interested_in: member.interested_in,
    date_of_birth: member.date_of_birth,
    main_image: main ? { thumb_filename: main.filename } : null,
    images: images.map((i) => ({ id: i.id, thumb_filename: i.filename })),
    personal: JSON.parse(member.personal) as Record<string, string>,
    lastSignupStep: member.last_signup_step,
    fictional: member.is_fictional === 1,
    fields: JSON.parse(member.fields) as Record<string, string>,
    premium: isActive(premium),
  };
}

async function newLikes(db: Db, memberId: number): Promise<number> {
  const row = await db
    .selectFrom("likes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("profile_id", "=", memberId)
    .where("is_new", "=", 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function hasPushSubscription(db: Db, memberId: number): Promise<boolean> {
  const row = await db.selectFrom("push_subscriptions").select("id").where("member_id", "=", memberId).executeTakeFirst();
  return row !== undefined;
}

export async function toUser(db: Db, site: Site, member: MemberRow): Promise<User> {
  // One lookup of the membership serves the profile's badge and the user's premium state.
  const membershipLookup = findMembership(db, member.id);
  const [profile, credits, new_likes, subscribed, unread_messages, membership, ban] = await Promise.all([
    toProfile(db, member, membershipLookup),
    ledger.balance(db, member.id),
    newLikes(db, member.id),
    hasPushSubscription(db, member.id),
    unreadMessages(db, member.id),
    membershipLookup,
    findBan(db, member),
  ]);
  return {
    email: member.email ?? "",
    profile,
    fictional_icon: site.settings.fictional_icon,
    mailprovider: member.mailprovider,
    paid_user: member.paid_user === 1,
    signup_date: member.signup_date,
    credits,
    new_likes,
    unread_messages,
    status: member.status === "not_confirmed" ? "not_confirmed" : "active",
    push: member.push_state === "denied" ? "denied" : subscribed ? "subscribed" : null,
    timezone: member.timezone,
    premium: premiumState(membership),
    // The ban in force, with its statement of reasons and where to appeal (ADR 030).
    ban,
  };
}
