-- Password reset links (issue 4): only the SHA-256 of a link's token is stored. A token works
-- once (used_at is set when it is used, or when another of the member's links is used) and
-- until expires_at, one hour after it was made, and only on the site that made it.
CREATE TABLE password_resets (
  token_hash TEXT PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members (id),
  site_id INTEGER NOT NULL REFERENCES sites (id),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX password_resets_member ON password_resets (member_id);
