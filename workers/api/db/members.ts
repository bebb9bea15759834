/** Member queries and their conversion to the contract's Profile and User shapes. */
import { isVerifiedMember } from "../../../contract/rules/verification";
import { sql } from "kysely";
import type { Profile, User } from "../../../contract/schemas";
import type { Site } from "../lib/site";
import { unreadMessagesQuery } from "./chat";
import type { Db } from "./client";
import { balanceQuery } from "./credit-balance";
import { findBan } from "./decisions";
import { newLikesQuery } from "./likes";
import { ageOn, type MemberRow } from "./member-row";
import { findMembership, isActive, MEMBERSHIP_COLUMNS, type Membership, premiumState } from "./premium-memberships";

// Their home is db/member-row.ts (so the modules this one folds in need not import it); callers
// elsewhere keep reading them here.
export { ageOn, type MemberRow };

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
  return profileOf(member, images, premium);
}

/** The profile of a member row, its photos (in their order) and its membership. */
function profileOf(member: MemberRow, images: { id: number; filename: string }[], premium: Membership | undefined): Profile {
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
    verified: isVerifiedMember(member),
  };
}

/**
 * Everything the user answer needs beside the member row, in one query (every member page asks
 * for it: docs/decisions/033-member-page-cost.md): the balance (the ledger's sum: it stays the
 * one source of truth), new likes, unread messages, whether a push subscription exists, the
 * photos in their order and the premium membership. Each part is a subquery on its own index.
 */
async function userFacts(db: Db, memberId: number) {
  const row = await db
    .selectNoFrom((eb) => [
      balanceQuery(db, memberId).as("credits"),
      newLikesQuery(db, memberId).as("new_likes"),
      eb.exists(eb.selectFrom("push_subscriptions").select("id").where("member_id", "=", memberId)).as("subscribed"),
      unreadMessagesQuery(db, memberId).as("unread_messages"),
      // Photos in their order: the subquery's order is the aggregate's.
      sql<string>`(select json_group_array(json_array(id, filename)) from (select id, filename from images where member_id = ${memberId} order by position))`.as(
        "images",
      ),
      sql<
        string | null
      >`(select json_object(${sql.raw(MEMBERSHIP_JSON)}) from premium_memberships where member_id = ${memberId})`.as(
        "membership",
      ),
    ])
    .executeTakeFirstOrThrow();
  const images = (JSON.parse(row.images) as [number, string][]).map(([id, filename]) => ({ id, filename }));
  return {
    credits: Number(row.credits),
    new_likes: Number(row.new_likes),
    subscribed: Boolean(row.subscribed),
    unread_messages: Number(row.unread_messages),
    images,
    membership: row.membership === null ? undefined : (JSON.parse(row.membership) as Membership),
  };
}

/** json_object's arguments for every column, so the answer is a whole Membership row. */
const MEMBERSHIP_JSON = MEMBERSHIP_COLUMNS.map((c) => `'${c}', ${c}`).join(", ");

export async function toUser(db: Db, site: Site, member: MemberRow): Promise<User> {
  // The ban's decision is read only for a banned member (findBan answers null at once otherwise).
  const [{ credits, new_likes, subscribed, unread_messages, images, membership }, ban] = await Promise.all([
    userFacts(db, member.id),
    findBan(db, member),
  ]);
  return {
    email: member.email ?? "",
    profile: profileOf(member, images, membership),
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
    visibility: {
      only_this_site: member.only_this_site === 1,
      promote: member.promote === 1,
      verified_writers_only: member.verified_writers_only === 1,
    },
    premium: premiumState(membership),
    // The ban in force, with its statement of reasons and where to appeal (ADR 030).
    ban,
  };
}
