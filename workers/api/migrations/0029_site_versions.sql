-- Every version of a site's settings saved in the operator's console (issue 28; ADR 047): who
-- saved it and when, so the console shows the history, a readable difference between versions,
-- and rolls back by saving an earlier version again (history is never rewritten). `version` is
-- the sites.settings_version the text had (migration 0022's triggers count it up).
CREATE TABLE site_versions (
  site_id INTEGER NOT NULL REFERENCES sites (id),
  version INTEGER NOT NULL,
  host TEXT NOT NULL,
  settings TEXT NOT NULL,
  staff_id INTEGER REFERENCES staff (id),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (site_id, version)
);
