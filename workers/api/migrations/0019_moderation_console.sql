-- The staff moderation console (issue 15; ADR 029), on top of 0018.

-- Each decision carries the random token of the request that wrote it: the statements of that
-- request's one D1 batch apply the effect (ban, unban, photo) only when the decision with this
-- token exists, so a request whose guard failed (a case decided meanwhile) changes nothing.
ALTER TABLE moderation_decisions ADD COLUMN token TEXT;
CREATE UNIQUE INDEX moderation_decisions_token ON moderation_decisions (token);

-- Photos a member uploads wait in the staff queue until a moderator has looked at them.
-- Photos that exist now count as reviewed (the queue starts with what is uploaded from here on).
ALTER TABLE images ADD COLUMN reviewed_at INTEGER;
UPDATE images SET reviewed_at = created_at;
CREATE INDEX images_unreviewed ON images (created_at) WHERE reviewed_at IS NULL;

-- A photo removed by a decision: its row leaves `images` (so no query shows it anywhere) and
-- waits here, its files moved to the bucket's removed/ prefix (no public URL reaches them), so
-- a reversed decision (an upheld appeal) can put it back. id is the photo's own id.
CREATE TABLE removed_images (
  id INTEGER PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members (id),
  filename TEXT NOT NULL,
  position INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  decision_id INTEGER NOT NULL REFERENCES moderation_decisions (id),
  removed_at INTEGER NOT NULL
);
CREATE INDEX removed_images_member ON removed_images (member_id);
