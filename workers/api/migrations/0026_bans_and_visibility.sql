-- One ban per person across the operator's sites, and who sees a member where (issue 25;
-- docs/decisions/040-bans-and-visibility-across-sites.md, docs/product.md "Bans across sites" and
-- "Visibility across sites").

-- What a ban holds against the person, whatever site they come back on: the identity key of the
-- banned account's address (workers/api/lib/email.ts emailIdentity) and the hash of each of its
-- photos (workers/api/images/photo-hash.ts). Written in the ban's batch, deleted when the ban is
-- lifted (an unban, an appeal reversed). A sign-up whose address has the key, or a photo with the
-- hash, is refused on every site of this database.
CREATE TABLE ban_marks (
  kind TEXT NOT NULL,                 -- 'email' | 'photo'
  value TEXT NOT NULL,                -- the address's identity key, or the photo's hash
  member_id INTEGER NOT NULL,         -- the banned account the mark came from
  decision_id INTEGER NOT NULL,       -- the ban
  PRIMARY KEY (kind, value, member_id)
) WITHOUT ROWID;
CREATE INDEX ban_marks_decision ON ban_marks (decision_id);

-- Bans in force before this migration: their address as stored (normalised, not the identity
-- key: an address with dots or a +tag banned before now matches only as written).
INSERT OR IGNORE INTO ban_marks (kind, value, member_id, decision_id)
  SELECT 'email', email, id, ban_decision_id FROM members WHERE ban_decision_id IS NOT NULL AND email IS NOT NULL;

-- A ban covers the person's accounts on the other sites too (the same address): they share the
-- decision id, so the unban finds them all through this (small) index.
CREATE INDEX members_banned ON members (ban_decision_id) WHERE ban_decision_id IS NOT NULL;

-- The hash of a photo's pixels (a 64-bit difference hash of the thumbnail, hex), written at
-- upload; photos uploaded before this migration have none.
ALTER TABLE images ADD COLUMN hash TEXT;

-- Visibility across sites (docs/product.md "Visibility across sites"). only_this_site = 1: the
-- member is shown on their own site only (search, member pages, landers); promote = 1: the member
-- agreed to appear in advertisements (landers, the match finder, /signup-matches). Both are the
-- member's choice on /profile; promotion is off until they turn it on.
ALTER TABLE members ADD COLUMN only_this_site INTEGER NOT NULL DEFAULT 0;
ALTER TABLE members ADD COLUMN promote INTEGER NOT NULL DEFAULT 0;
-- The search's indexes (migration 0021, docs/decisions/031) carry the four columns the two rules
-- read at their end, so a page and its count still read the index alone: the walk checks
-- "(only_this_site = 0 OR site_id = ?)" and, for an advertisement, "(is_fictional = 1 OR
-- promote = 1)" beside gender, birth date and status. (Not generated columns: SQLite's planner
-- does not count an index on a virtual column as covering, so every row would be read.)
DROP INDEX members_browse;
CREATE INDEX members_browse ON members (country, id, gender, date_of_birth, status, only_this_site, site_id, is_fictional, promote);
DROP INDEX members_browse_region;
CREATE INDEX members_browse_region ON members (countryregion, id, gender, date_of_birth, status, country, only_this_site, site_id, is_fictional, promote);
DROP INDEX members_ages;
CREATE INDEX members_ages ON members (country, date_of_birth, status, only_this_site, site_id, is_fictional, promote);
DROP INDEX members_search;
CREATE INDEX members_search ON members (country, gender, date_of_birth, status, only_this_site, site_id, is_fictional, promote);
DROP INDEX members_search_region;
CREATE INDEX members_search_region ON members (countryregion, gender, date_of_birth, status, country, only_this_site, site_id, is_fictional, promote);
