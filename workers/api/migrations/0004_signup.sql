-- Sign-up (issue 3): what the flow stores on the member, the mail outbox (activation state),
-- push subscriptions, and single-use tokens (signup csrf, activation links).

-- Select fields of the profile definition (GET /api/profile_fields.php), as JSON; about-me
-- texts stay in `personal`.
ALTER TABLE members ADD COLUMN fields TEXT NOT NULL DEFAULT '{}';
-- The tracking object at sign-up (network, ref, sub1..sub3), as JSON.
ALTER TABLE members ADD COLUMN trafficsource TEXT;
ALTER TABLE members ADD COLUMN timezone TEXT;
-- NULL until the activation link is opened.
ALTER TABLE members ADD COLUMN activated_at INTEGER;
-- 'denied' when the member refused notifications; NULL when never asked.
ALTER TABLE members ADD COLUMN push_state TEXT;

-- Every mail the platform sends, whatever adapter delivers it: GET /api/activate.php reads
-- delivered_at, and the development mailbox lists the rows.
CREATE TABLE mail_outbox (
  id INTEGER PRIMARY KEY,
  site_id INTEGER NOT NULL REFERENCES sites (id),
  member_id INTEGER REFERENCES members (id),
  kind TEXT NOT NULL,              -- 'activation', later 'password_reset', 'mail_change', ...
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  html TEXT NOT NULL,
  text TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  delivered_at INTEGER,
  failed_at INTEGER,
  error TEXT
);
CREATE INDEX mail_outbox_member ON mail_outbox (member_id, kind, created_at);
CREATE INDEX mail_outbox_site ON mail_outbox (site_id, created_at);

CREATE TABLE push_subscriptions (
  id INTEGER PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members (id),
  endpoint TEXT NOT NULL UNIQUE,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX push_subscriptions_member ON push_subscriptions (member_id);

-- A token that may be used once (the signup csrf token): its SHA-256 and what it made, so a
-- replayed form finds the account it already created instead of making a second one.
CREATE TABLE used_tokens (
  token_hash TEXT PRIMARY KEY,
  member_id INTEGER REFERENCES members (id),
  used_at INTEGER NOT NULL
);
