-- Moderation: staff accounts, their sessions and second factor, decisions (the statement of
-- reasons, DSA art. 17), appeals (art. 20) and the audit log (issue 15; ADR 029).
-- Staff are not members (their own table, sessions and cookie): a member account can never
-- reach a staff endpoint, and a staff account can never appear in search.

-- A staff account. site_id NULL = staff of the platform (every site); otherwise staff of one site
-- see and act on that site's members and cases only. role: 'moderator' | 'admin' (an admin may
-- also read the audit log of everyone on their scope).
CREATE TABLE staff (
  id INTEGER PRIMARY KEY,
  site_id INTEGER REFERENCES sites (id),
  email TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  role TEXT NOT NULL DEFAULT 'moderator',
  password_hash TEXT NOT NULL,               -- the same PBKDF2 format as members (ADR 002)
  totp_secret TEXT NOT NULL,                 -- base32 (RFC 6238, SHA-1, 6 digits, 30 s)
  totp_last_step INTEGER NOT NULL DEFAULT 0, -- the last time step accepted: a code works once
  disabled_at INTEGER,
  created_at INTEGER NOT NULL
);

-- A staff session. It starts after the password with totp_ok = 0 (it can only send the code) and
-- becomes usable when the TOTP code is right. Short-lived: expires_at is hours, not weeks.
CREATE TABLE staff_sessions (
  id_hash TEXT PRIMARY KEY,
  staff_id INTEGER NOT NULL REFERENCES staff (id),
  totp_ok INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);

-- A decision about a member (or their photo), with the statement of reasons they are owed.
-- action: 'dismiss' (a case, no effect on the member) | 'remove_photo' | 'warn' | 'ban' | 'unban'.
-- category: one of BAN_CATEGORIES (contract/schemas.ts); reason: the statement, written for the
-- member, shown as text. appeal_until: the last moment an appeal is taken (decided + 6 months)
-- for decisions against the member; NULL for dismiss and unban.
CREATE TABLE moderation_decisions (
  id INTEGER PRIMARY KEY,
  site_id INTEGER NOT NULL REFERENCES sites (id),
  member_id INTEGER NOT NULL REFERENCES members (id),
  case_id INTEGER REFERENCES moderation_cases (id),
  appeal_id INTEGER,                          -- the appeal this decision answers, if any
  action TEXT NOT NULL,
  category TEXT NOT NULL,
  reason TEXT NOT NULL,
  image_id INTEGER,                           -- remove_photo: the photo
  staff_id INTEGER NOT NULL REFERENCES staff (id),
  appeal_until INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX moderation_decisions_member ON moderation_decisions (member_id, created_at);
CREATE INDEX moderation_decisions_case ON moderation_decisions (case_id);

-- The ban in force, if any: set by a 'ban' decision, cleared by 'unban'. A banned member's
-- sessions are deleted when the ban is decided; a later login gets a session that reaches only
-- user.php, logout.php and the appeal, and every member page sends them to /pages/ban.
-- No REFERENCES: decisions already refer to members, and a cycle would leave no order in which
-- the seed (scripts/seed-tables.ts) could empty the two tables.
ALTER TABLE members ADD COLUMN ban_decision_id INTEGER;

-- A member's appeal against one decision (art. 20), one per decision, within appeal_until.
-- state: 'open' | 'upheld' (the decision stands) | 'reversed' (undone: an unban, a photo back).
CREATE TABLE appeals (
  id INTEGER PRIMARY KEY,
  reference TEXT NOT NULL UNIQUE,             -- "A-" and 8 characters, like cases' references
  site_id INTEGER NOT NULL REFERENCES sites (id),
  decision_id INTEGER NOT NULL UNIQUE REFERENCES moderation_decisions (id),
  member_id INTEGER NOT NULL REFERENCES members (id),
  text TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'open',
  decided_by INTEGER REFERENCES staff (id),
  decided_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX appeals_queue ON appeals (site_id, state, created_at);

-- Who did what, append-only: every staff login (with or without the second factor), every
-- decision and appeal outcome. action: 'login' | 'login_failed' | 'totp_failed' | 'decision' |
-- 'appeal_decided' | 'case_viewed'; detail: a short JSON object.
CREATE TABLE staff_audit (
  id INTEGER PRIMARY KEY,
  site_id INTEGER REFERENCES sites (id),
  staff_id INTEGER REFERENCES staff (id),
  action TEXT NOT NULL,
  member_id INTEGER,
  case_id INTEGER,
  decision_id INTEGER,
  detail TEXT NOT NULL DEFAULT '{}',
  created_at INTEGER NOT NULL
);
CREATE INDEX staff_audit_site ON staff_audit (site_id, created_at);
