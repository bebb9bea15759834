-- Issue 25, points 8, 11 and 12 (docs/decisions/039-account-rescue-links.md).

-- "This was not me" links (point 8): mailed to the old address after an email change, and to the
-- address after a password change. Only the SHA-256 of a token is stored; it works once, until
-- expires_at, on the site that mailed it. `old_email` is the address an email-change rescue
-- restores (NULL for a password change).
CREATE TABLE account_rescues (
  token_hash TEXT PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members (id),
  site_id INTEGER NOT NULL REFERENCES sites (id),
  kind TEXT NOT NULL CHECK (kind IN ('email_change', 'password_change')),
  old_email TEXT,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX account_rescues_member ON account_rescues (member_id, created_at);

-- Cancelling premium without logging in (point 11): the form mails a confirmation link to the
-- account's address; only that link stops the renewal. Same rules as the other one-time links.
CREATE TABLE premium_cancels (
  token_hash TEXT PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members (id),
  site_id INTEGER NOT NULL REFERENCES sites (id),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX premium_cancels_member ON premium_cancels (member_id);

-- Marketing push ("News and offers from us", point 12) is off until the member turns it on. The
-- column was on by default, and nobody could have agreed to it with a box that came ticked, so
-- every member starts from off again, and new members get off.
ALTER TABLE members DROP COLUMN push_news;
ALTER TABLE members ADD COLUMN push_news INTEGER NOT NULL DEFAULT 0;
