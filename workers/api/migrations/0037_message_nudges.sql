-- Nudges (issue 30 point 4, docs/decisions/057): a message with a word of the site's offensive
-- list is sent only once its sender confirmed "Are you sure?"; such a message is stored flagged,
-- so the receiver's chat asks "Does this bother you?" under it with a one-tap report. Existing
-- messages were never nudged.
ALTER TABLE messages ADD COLUMN nudged INTEGER NOT NULL DEFAULT 0 CHECK (nudged IN (0, 1));
