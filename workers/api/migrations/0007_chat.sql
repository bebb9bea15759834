-- Chat (issue 6): conversations between two members, each member's own view of one (what was
-- read, whether it was removed from the list), and the messages. Credits for messages are
-- entries in credit_ledger (reason 'message'), written in one batch with the message.

CREATE TABLE conversations (
  id INTEGER PRIMARY KEY,
  -- The pair, lower id first, so one pair has one conversation.
  member_low INTEGER NOT NULL REFERENCES members (id),
  member_high INTEGER NOT NULL REFERENCES members (id),
  created_at INTEGER NOT NULL,
  last_message_id INTEGER,
  CHECK (member_low < member_high),
  UNIQUE (member_low, member_high)
);

CREATE TABLE conversation_members (
  member_id INTEGER NOT NULL REFERENCES members (id),
  conversation_id INTEGER NOT NULL REFERENCES conversations (id),
  other_id INTEGER NOT NULL REFERENCES members (id),
  -- Messages up to this id have been seen: unread = the other's messages after it.
  last_read_id INTEGER NOT NULL DEFAULT 0,
  -- `hidden` keeps it out of this member's list until a newer message arrives or they open it
  -- from the profile: the member who did not start it (until the first message), and a member
  -- who removed it. Removing also makes the messages up to `cleared_until_id` gone from their
  -- view for good.
  hidden INTEGER NOT NULL DEFAULT 0,
  cleared_until_id INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (member_id, conversation_id)
);

CREATE TABLE messages (
  id INTEGER PRIMARY KEY,
  conversation_id INTEGER NOT NULL REFERENCES conversations (id),
  sender_id INTEGER NOT NULL REFERENCES members (id),
  body TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  -- The key the sender's page made for this message: a retried send finds it, never a second.
  send_key TEXT NOT NULL,
  UNIQUE (sender_id, send_key)
);
CREATE INDEX messages_conversation ON messages (conversation_id, id);
