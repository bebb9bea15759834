-- Likes (docs/product.md §3): who liked whom; is_new marks a like the liked member has not opened yet
-- (the "like_new" of liked_by). Searches remember their filters per member.

CREATE TABLE likes (
  member_id INTEGER NOT NULL REFERENCES members (id),
  profile_id INTEGER NOT NULL REFERENCES members (id),
  is_new INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (member_id, profile_id)
);
CREATE INDEX likes_profile ON likes (profile_id, created_at);

ALTER TABLE members ADD COLUMN search_filters TEXT;

-- Search walks (country, gender, birth date) ranges and orders by id: this index answers both
-- the page and the count without touching the table for the count.
DROP INDEX members_search;
CREATE INDEX members_search ON members (country, gender, date_of_birth, status);
CREATE INDEX members_search_region ON members (countryregion, gender, date_of_birth, status);
