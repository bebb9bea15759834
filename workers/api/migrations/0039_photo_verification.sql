-- Photo verification (issue 30 point 1; docs/decisions/059-photo-verification.md).
-- A request shows the member a pose drawn at random; the member uploads a selfie in that pose
-- (state 'posed' → 'pending'); a moderator of the member's site compares it with the profile
-- photos and approves or refuses with a reason. The selfie (selfie_key, in R2) is deleted once
-- decided; the row stays as the record (and for the transparency report's counts).
CREATE TABLE verifications (
  id INTEGER PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members (id),
  site_id INTEGER NOT NULL REFERENCES sites (id),
  pose TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('posed', 'pending', 'approved', 'refused')),
  selfie_key TEXT,
  -- The main photo the selfie was compared with: approval verifies this photo only.
  image_id INTEGER,
  reason TEXT,
  note TEXT,
  decided_by INTEGER REFERENCES staff (id),
  created_at INTEGER NOT NULL,
  uploaded_at INTEGER,
  decided_at INTEGER
);
-- One open request per member, made by the database: ten requests at once open one.
CREATE UNIQUE INDEX verifications_one_open ON verifications (member_id) WHERE state IN ('posed', 'pending');
-- The staff queue: pending requests of a site, oldest first.
CREATE INDEX verifications_pending ON verifications (site_id, state, uploaded_at);
-- The member's history, newest first (the member page shows the last decision).
CREATE INDEX verifications_member ON verifications (member_id, created_at);

-- The main photo a moderator verified. The member is verified while it is still the main photo:
-- changing or removing the main photo drops the badge until verified again, with no extra step.
ALTER TABLE members ADD COLUMN verified_image_id INTEGER;
-- 1: only verified members may start a conversation with this member (their first message is refused).
ALTER TABLE members ADD COLUMN verified_writers_only INTEGER NOT NULL DEFAULT 0;
