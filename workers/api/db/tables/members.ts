/** Sites, places and members: the account, its photos, sessions and the one-time links and tokens that belong to it (Kysely's view of ../../migrations; db/schema.ts joins them). */
import type { Generated } from "kysely";

export interface SitesTable {
  id: Generated<number>;
  host: string;
  is_default: number;
  settings: string;
  /** Changes with every write of settings (triggers of migration 0022): lib/site.ts keeps checked settings by it. */
  settings_version: Generated<number>;
}

export interface RegionsTable {
  id: Generated<number>;
  country: string;
  name: string;
}

export interface CitiesTable {
  id: Generated<number>;
  region_id: number;
  country: string;
  name: string;
  lat: number;
  lng: number;
}

export interface MembersTable {
  id: Generated<number>;
  site_id: number;
  email: string | null;
  password_hash: string | null;
  password_salt: string | null;
  password_iterations: number | null;
  name: string;
  gender: "male" | "female" | null;
  /** Whose profiles the member's search starts with (migration 0012); null: not said. */
  interested_in: "male" | "female" | "everyone" | null;
  date_of_birth: string | null;
  country: string | null;
  countryregion: number | null;
  city: string | null;
  language: Generated<string>;
  personal: Generated<string>;
  last_signup_step: Generated<number>;
  is_fictional: Generated<number>;
  status: Generated<"active" | "not_confirmed" | "deleted">;
  mailprovider: Generated<number>;
  paid_user: Generated<number>;
  main_image_id: number | null;
  signup_date: number;
  last_seen: number | null;
  /** The city's coordinates, from `cities` by country and name; NULL while unknown (migration 0040). */
  lat: Generated<number | null>;
  lng: Generated<number | null>;
  /** JSON of the last search's filters (see endpoints/search.ts). */
  search_filters: string | null;
  /** JSON: the profile definition's select fields (migration 0004). */
  fields: Generated<string>;
  /** JSON tracking object at sign-up. */
  trafficsource: string | null;
  timezone: string | null;
  activated_at: number | null;
  push_state: "denied" | null;
  /** The kinds of push the member wants, 1 or 0 (migration 0013). */
  push_messages: Generated<number>;
  push_likes: Generated<number>;
  /** Marketing push: off until the member turns it on (migration 0025). */
  push_news: Generated<number>;
  /** When the member deleted the account (migration 0006); the row is then an empty tombstone. */
  deleted_at: number | null;
  /** The ban in force (migration 0018): a moderation_decisions id, else null. */
  ban_decision_id: number | null;
  /** 1: shown on the member's own site only (migration 0026; docs/product.md "Visibility across sites"). */
  only_this_site: Generated<number>;
  /** 1: the member agreed to appear in advertisements (landers, match finder, /signup-matches). */
  promote: Generated<number>;
  /** The main photo a moderator verified (migration 0039): verified while it is still main_image_id. */
  verified_image_id: number | null;
  /** 1: only verified members may start a conversation with this member (migration 0039). */
  verified_writers_only: Generated<number>;
}

export interface ImagesTable {
  id: Generated<number>;
  member_id: number;
  filename: string;
  position: number;
  created_at: number;
  /** When staff looked at the photo (migration 0019); null: it waits in the staff queue. */
  reviewed_at: number | null;
  /** The pixels' difference hash, hex (migration 0026; images/photo-hash.ts); null before it. */
  hash: string | null;
}

export interface SessionsTable {
  id_hash: string;
  member_id: number;
  site_id: number;
  created_at: number;
  expires_at: number;
}

export interface MailOutboxTable {
  id: Generated<number>;
  site_id: number;
  member_id: number | null;
  kind: string;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  created_at: number;
  delivered_at: number | null;
  failed_at: number | null;
  error: string | null;
}

export interface UsedTokensTable {
  token_hash: string;
  member_id: number | null;
  used_at: number;
}

export interface PasswordResetsTable {
  /** SHA-256 hex of the link's token; the token itself is only in the mail. */
  token_hash: string;
  member_id: number;
  site_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface EmailChangesTable {
  /** SHA-256 hex of the link's token; the token itself is only in the mail. */
  token_hash: string;
  member_id: number;
  site_id: number;
  new_email: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** "This was not me" links (migration 0025; domain/one-time-links.ts). */
export interface AccountRescuesTable {
  /** SHA-256 hex of the link's token; the token itself is only in the mail. */
  token_hash: string;
  member_id: number;
  site_id: number;
  kind: "email_change" | "password_change";
  /** The address an email-change rescue restores; null for a password change. */
  old_email: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface RateLimitsTable {
  key: string;
  window_start: number;
  count: number;
}

export interface SeedRunsTable {
  name: string;
  profiles: number;
  finished_at: number;
}
