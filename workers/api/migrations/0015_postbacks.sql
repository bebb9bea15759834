-- Conversion postbacks (issue 13, docs/decisions/025-conversion-postbacks.md): one row per
-- member and event, made before the queue message is sent. The unique key is what makes a
-- postback go out at most once, however many requests trigger it at the same moment; the row
-- is also the operator's log (GET /api/postbacks.php).
CREATE TABLE postbacks (
  id INTEGER PRIMARY KEY,
  site_id INTEGER NOT NULL,
  member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  event TEXT NOT NULL CHECK (event IN ('soi', 'doi', 'sale')),
  network TEXT NOT NULL,
  -- The finished URL (macros filled in), as sent.
  url TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'retrying', 'sent', 'failed', 'refused')),
  attempts INTEGER NOT NULL DEFAULT 0,
  -- The HTTP status of the last attempt (null: no answer, a timeout or a network error).
  last_status INTEGER,
  last_error TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (member_id, event)
);
CREATE INDEX postbacks_site_created ON postbacks (site_id, created_at DESC);
