/**
 * Entertainment profiles as admins manage them (issue 27, ADR 045): members with is_fictional = 1
 * and no login. Retiring one sets status 'deleted' without erasing anything, so it leaves search,
 * cards and new chats (every listing asks for status 'active') while its conversations stay.
 */
import { sql } from "kysely";
import type { Db } from "./client";

export interface EntProfileValues {
  siteId: number;
  name: string;
  gender: "male" | "female";
  dateOfBirth: string;
  country: string;
  city: string;
  language: string;
  personal: { about_me: string; looking_for: string };
  onlyThisSite: boolean;
}

/** The entertainment profiles of a site (null: every site), newest first, with their use so far. */
export function listEntProfiles(db: Db, siteId: number | null, limit: number) {
  let query = db
    .selectFrom("members as m")
    .leftJoin("images as mi", (join) =>
      join.on(
        "mi.id",
        "=",
        sql<number>`coalesce(m.main_image_id, (select first.id from images as first where first.member_id = m.id order by first.position limit 1))`,
      ),
    )
    .select((eb) => [
      "m.id",
      "m.site_id",
      "m.name",
      "m.date_of_birth",
      "m.city",
      "m.language",
      "m.only_this_site",
      "m.status",
      "mi.filename",
      eb
        .selectFrom("conversation_members as cm")
        .select((inner) => inner.fn.countAll<number>().as("n"))
        .whereRef("cm.member_id", "=", "m.id")
        .as("conversations"),
      eb
        .selectFrom("host_queue as q")
        .select((inner) => inner.fn.countAll<number>().as("n"))
        .whereRef("q.profile_id", "=", "m.id")
        .as("waiting"),
      eb
        .selectFrom("host_replies as r")
        .select((inner) => inner.fn.countAll<number>().as("n"))
        .whereRef("r.profile_id", "=", "m.id")
        .as("replies"),
    ])
    .where("m.is_fictional", "=", 1)
    .orderBy("m.id", "desc")
    .limit(limit);
  if (siteId !== null) query = query.where("m.site_id", "=", siteId);
  return query.execute();
}

/** An entertainment profile's row (retired ones too), or undefined for any other id. */
export function findEntProfileRow(db: Db, id: number) {
  return db.selectFrom("members").selectAll().where("id", "=", id).where("is_fictional", "=", 1).executeTakeFirst();
}

function columns(values: EntProfileValues) {
  return {
    site_id: values.siteId,
    name: values.name,
    gender: values.gender,
    date_of_birth: values.dateOfBirth,
    country: values.country,
    city: values.city,
    language: values.language,
    personal: JSON.stringify(values.personal),
    only_this_site: values.onlyThisSite ? 1 : 0,
  };
}

/** A new entertainment profile: active, shown like every profile, no login. Its id. */
export async function insertEntProfile(db: Db, values: EntProfileValues, now: number): Promise<number> {
  const row = await db
    .insertInto("members")
    .values({ ...columns(values), is_fictional: 1, status: "active", last_signup_step: 7, signup_date: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateEntProfile(db: Db, id: number, values: EntProfileValues): Promise<void> {
  await db.updateTable("members").set(columns(values)).where("id", "=", id).where("is_fictional", "=", 1).execute();
}

/** Retires the profile (it leaves every listing and takes no new chats) or brings it back. */
export async function setEntProfileRetired(db: Db, id: number, retired: boolean, now: number): Promise<void> {
  await db
    .updateTable("members")
    .set(retired ? { status: "deleted", deleted_at: now } : { status: "active", deleted_at: null })
    .where("id", "=", id)
    .where("is_fictional", "=", 1)
    .execute();
}

/** The hosts who wrote as the profile: their replies and the last one, most replies first. */
export function hostsWhoWroteAs(db: Db, profileId: number) {
  return db
    .selectFrom("host_replies as r")
    .innerJoin("staff as s", "s.id", "r.staff_id")
    .select((eb) => ["s.name", eb.fn.countAll<number>().as("replies"), eb.fn.max("r.created_at").as("last_at")])
    .where("r.profile_id", "=", profileId)
    .groupBy(["r.staff_id", "s.name"])
    .orderBy("replies", "desc")
    .limit(50)
    .execute();
}
