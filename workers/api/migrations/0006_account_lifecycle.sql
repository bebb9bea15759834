-- Account lifecycle (issue 4): email change links, and deletion by the member.

-- A requested change of address. Like password_resets, only the SHA-256 of the link's token is
-- stored; a link works once, for 24 hours, on its own site. new_email is the address the link
-- was mailed to, applied only if it is still free when the link is used.
CREATE TABLE email_changes (
  token_hash TEXT PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members (id),
  site_id INTEGER NOT NULL REFERENCES sites (id),
  new_email TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX email_changes_member ON email_changes (member_id);

-- When the member deleted the account. The row stays as an empty tombstone (status 'deleted',
-- email NULL, so the address can sign up again) that the anonymised ledger still points at.
ALTER TABLE members ADD COLUMN deleted_at INTEGER;
