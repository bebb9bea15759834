-- Account notices for /notifications (designed): short messages about the member's account,
-- identified by a kind the app translates (welcome, email_changed, ...). Likes and messages are
-- notifications too, read from their own tables.
CREATE TABLE notices (
  id INTEGER PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members (id),
  kind TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  read_at INTEGER
);
CREATE INDEX notices_member ON notices (member_id, created_at);
