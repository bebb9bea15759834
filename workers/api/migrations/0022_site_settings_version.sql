-- Every API call reads its site (docs/decisions/033-member-page-cost.md). settings_version changes
-- with every write of the settings, so a call that already holds a site's checked settings asks
-- for the version alone and skips the few KB of settings text.
ALTER TABLE sites ADD COLUMN settings_version INTEGER NOT NULL DEFAULT 0;

UPDATE sites SET settings_version = abs(random()) % 1000000000;

-- A new row (even one that reuses a deleted site's id) starts at a random version.
CREATE TRIGGER sites_settings_version_insert AFTER INSERT ON sites
BEGIN
  UPDATE sites SET settings_version = abs(random()) % 1000000000 WHERE id = NEW.id;
END;

CREATE TRIGGER sites_settings_version_update AFTER UPDATE OF settings ON sites
BEGIN
  UPDATE sites SET settings_version = OLD.settings_version + 1 WHERE id = NEW.id;
END;
