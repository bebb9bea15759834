/** Profile cards: the columns search, likes and cards need, in one query with the main photo. */
import { sql } from "kysely";
import type { ProfileCard } from "../../../contract/schemas";
import type { Db } from "./client";
import { notBlocked } from "./blocks";
import { ageOn } from "./member-row";

/**
 * A select of cards; callers add where, order and limit. `viewer` marks the cards they like,
 * and leaves out the members either of them has blocked (db/blocks.ts).
 */
export function selectCards(db: Db, viewer: number | null) {
  const cards = db
    .selectFrom("members as m")
    .leftJoin("images as i", "i.id", "m.main_image_id")
    .leftJoin("likes as l", (join) => join.onRef("l.profile_id", "=", "m.id").on("l.member_id", "=", viewer ?? -1))
    .select([
      "m.id",
      "m.name",
      "m.date_of_birth",
      "m.city",
      "m.country",
      "m.countryregion",
      "m.language",
      "m.gender",
      "m.is_fictional",
      "m.lat",
      "m.lng",
      "i.filename",
      "l.member_id as liked_by_viewer",
      verifiedColumn("m"),
    ])
    .where("m.status", "=", "active");
  return viewer === null ? cards : cards.where(notBlocked(viewer, "m.id"));
}

type CardRow = {
  id: number;
  name: string;
  date_of_birth: string | null;
  city: string | null;
  country: string | null;
  countryregion: number | null;
  language: string;
  gender: "male" | "female" | null;
  is_fictional: number;
  filename: string | null;
  liked_by_viewer: number | null;
  /** 1 when photo verified (verifiedColumn); a query without it reads as not verified. */
  verified?: number | null;
};

/** Photo verified (docs/decisions/059): the verified photo is still the main one. */
export function verifiedColumn(table: string) {
  return sql<number>`(${sql.ref(`${table}.verified_image_id`)} IS NOT NULL AND ${sql.ref(`${table}.verified_image_id`)} = ${sql.ref(`${table}.main_image_id`)})`.as(
    "verified",
  );
}

export function toCard(row: CardRow, now = new Date()): ProfileCard {
  return {
    id: row.id,
    name: row.name,
    age: ageOn(row.date_of_birth, now),
    city: row.city,
    country: row.country,
    countryregion: row.countryregion,
    language: row.language,
    gender: row.gender,
    main_image: row.filename ? { thumb_filename: row.filename } : null,
    fictional: row.is_fictional === 1,
    liked: row.liked_by_viewer !== null,
    verified: Number(row.verified ?? 0) === 1,
  };
}

/**
 * Visibility across sites (docs/product.md "Visibility across sites", docs/decisions/040): this
 * site shows every member except those who chose to be shown on their own site only. `table`:
 * the members table's name or alias in the query. Both columns are in the search's indexes
 * (migration 0026), so the search checks this in the index.
 */
export function shownOnSite(table: string, siteId: number) {
  return sql<boolean>`(${sql.ref(`${table}.only_this_site`)} = 0 OR ${sql.ref(`${table}.site_id`)} = ${siteId})`;
}

/** In an advertisement (landers, the match finder, /signup-matches): entertainment profiles and members who opted in. */
export function advertised(table: string) {
  return sql<boolean>`(${sql.ref(`${table}.is_fictional`)} = 1 OR ${sql.ref(`${table}.promote`)} = 1)`;
}

/** Birth-date bounds (YYYY-MM-DD) of everyone aged min..max today: born after `from`, on or before `to`. */
export function birthDateRange(minAge: number, maxAge: number, now = new Date()) {
  const shift = (years: number) => {
    const date = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()));
    return date.toISOString().slice(0, 10);
  };
  return { from: shift(maxAge + 1), to: shift(minAge) };
}

/** Only photo-verified members (the search's "verified only", docs/decisions/059). */
export function verifiedOnly(table: string) {
  return sql<boolean>`${sql.ref(`${table}.verified_image_id`)} = ${sql.ref(`${table}.main_image_id`)}`;
}
