-- Chat hosts (issue 27; docs/decisions/045-chat-hosts.md): the operator's staff who answer
-- members' messages to the entertainment profiles, as those profiles.

-- A host answers in these languages (comma-separated codes, 'nl,de'); NULL: every language.
-- role gains 'host' (a host sees only the hosts' area: lib/staff.ts).
ALTER TABLE staff ADD COLUMN languages TEXT;

-- What waits for a host: one row per conversation whose newest message is a member's message to
-- an entertainment profile. The member's send writes it in the batch that writes the message
-- (domain/messages.ts); the host's reply deletes it in the batch that writes the reply
-- (domain/host-replies.ts). site_id and language are the member's: the site they pay on and the
-- language a host must write in. waiting_since: the member's first message not answered yet.
-- leased_by / lease_expires_at: the host who opened it, until then (a lease: ADR 045). A lease
-- that ran out is free to claim again; its holder may still send until someone else claims it.
CREATE TABLE host_queue (
  conversation_id INTEGER PRIMARY KEY REFERENCES conversations (id),
  site_id INTEGER NOT NULL REFERENCES sites (id),
  language TEXT NOT NULL,
  member_id INTEGER NOT NULL REFERENCES members (id),
  profile_id INTEGER NOT NULL REFERENCES members (id),
  waiting_since INTEGER NOT NULL,
  leased_by INTEGER REFERENCES staff (id),
  lease_expires_at INTEGER NOT NULL DEFAULT 0
);
-- The queue of one site and language, oldest first; of every site (platform hosts), oldest first.
CREATE INDEX host_queue_scope ON host_queue (site_id, language, waiting_since);
CREATE INDEX host_queue_oldest ON host_queue (waiting_since);
-- How many conversations a host holds (the claim's limit).
CREATE INDEX host_queue_holder ON host_queue (leased_by, lease_expires_at);

-- What an entertainment profile has said about itself (job, pets, plans), shared by every host
-- who writes as it. version: a save names the version it edited; a stale one is refused (409),
-- so two hosts never overwrite each other unseen.
CREATE TABLE persona_notes (
  profile_id INTEGER PRIMARY KEY REFERENCES members (id),
  body TEXT NOT NULL,
  version INTEGER NOT NULL,
  updated_by INTEGER REFERENCES staff (id),
  updated_at INTEGER NOT NULL
);

-- What hosts know about a member in their conversation with one profile ("has a dog called Max").
CREATE TABLE member_notes (
  profile_id INTEGER NOT NULL REFERENCES members (id),
  member_id INTEGER NOT NULL REFERENCES members (id),
  body TEXT NOT NULL,
  version INTEGER NOT NULL,
  updated_by INTEGER REFERENCES staff (id),
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (profile_id, member_id)
);

-- Every reply a host sent, with who wrote it and how long the member had waited: the member never
-- sees this; the admin's figures and the audit do.
CREATE TABLE host_replies (
  message_id INTEGER PRIMARY KEY REFERENCES messages (id),
  staff_id INTEGER NOT NULL REFERENCES staff (id),
  conversation_id INTEGER NOT NULL REFERENCES conversations (id),
  profile_id INTEGER NOT NULL REFERENCES members (id),
  site_id INTEGER NOT NULL REFERENCES sites (id),
  language TEXT NOT NULL,
  waited_ms INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX host_replies_site ON host_replies (site_id, created_at);
CREATE INDEX host_replies_staff ON host_replies (staff_id, created_at);
CREATE INDEX host_replies_profile ON host_replies (profile_id, staff_id);
