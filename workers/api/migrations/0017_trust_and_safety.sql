-- Trust and safety (issue 15; docs/product.md "Trust and safety", ADR 028).

-- A member's blocks: one row per (blocker, blocked). Blocking hides both members from each other
-- (search, likes, chats, member pages) and stops messages both ways; the primary key makes a
-- repeated or concurrent block one row.
CREATE TABLE blocks (
  member_id INTEGER NOT NULL REFERENCES members (id),
  blocked_id INTEGER NOT NULL REFERENCES members (id),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (member_id, blocked_id)
) WITHOUT ROWID;
CREATE INDEX blocks_blocked ON blocks (blocked_id, member_id);

-- The moderation queue: members' reports and DSA art. 16 notices in one table, so the staff
-- console lists them together (kind says which). Each has a reference the reporter or notifier
-- is given. The subject is what it is about: always a member of the site, and where known one
-- of their photos or a conversation they are in.
CREATE TABLE moderation_cases (
  id INTEGER PRIMARY KEY,
  reference TEXT NOT NULL UNIQUE,             -- e.g. "R-7K3M9Q2X" (report) or "N-…" (notice)
  site_id INTEGER NOT NULL REFERENCES sites (id),
  kind TEXT NOT NULL,                         -- 'report' | 'notice'
  state TEXT NOT NULL DEFAULT 'open',         -- 'open'; the staff console adds the rest
  category TEXT NOT NULL,                     -- contract/rules/moderation.ts
  explanation TEXT NOT NULL DEFAULT '',       -- as typed; shown as text, never as HTML
  subject_kind TEXT NOT NULL,                 -- 'profile' | 'photo' | 'message'
  subject_member_id INTEGER NOT NULL REFERENCES members (id),
  subject_image_id INTEGER,                   -- a photo of that member
  subject_conversation_id INTEGER,            -- a conversation the reporter is in
  subject_message_id INTEGER,                 -- a message of that conversation
  subject_url TEXT,                           -- a notice's URL, as given
  reporter_id INTEGER REFERENCES members (id),-- the member who reported (or filed a notice logged in)
  notifier_name TEXT,                         -- a notice's name and address (NULL when anonymous)
  notifier_email TEXT,
  good_faith INTEGER NOT NULL DEFAULT 0,       -- a notice's statement (DSA art. 16(2)(d))
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX moderation_cases_queue ON moderation_cases (site_id, state, created_at);
CREATE INDEX moderation_cases_subject ON moderation_cases (subject_member_id, created_at);
