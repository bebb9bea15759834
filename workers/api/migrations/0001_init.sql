-- Sites, members (real and fictional), photos, sessions, geography, the credits ledger and
-- rate-limit counters. Timestamps are Unix milliseconds.

-- A site is a host name with its own settings (docs/product.md §3 Settings). The settings live as one
-- JSON document validated by the API on load, so new settings need no migration.
CREATE TABLE sites (
  id INTEGER PRIMARY KEY,
  host TEXT NOT NULL UNIQUE,
  is_default INTEGER NOT NULL DEFAULT 0,
  settings TEXT NOT NULL
);

CREATE TABLE regions (
  id INTEGER PRIMARY KEY,
  country TEXT NOT NULL,
  name TEXT NOT NULL
);
CREATE INDEX regions_country ON regions (country, name);

CREATE TABLE cities (
  id INTEGER PRIMARY KEY,
  region_id INTEGER NOT NULL REFERENCES regions (id),
  country TEXT NOT NULL,
  name TEXT NOT NULL,
  lat REAL NOT NULL,
  lng REAL NOT NULL
);
CREATE INDEX cities_lat_lng ON cities (lat, lng);

-- Members and profiles are one table: a fictional profile is a member without a login.
CREATE TABLE members (
  id INTEGER PRIMARY KEY,
  site_id INTEGER NOT NULL REFERENCES sites (id),
  email TEXT,                      -- lower-cased; NULL for fictional profiles
  password_hash TEXT,              -- base64 PBKDF2-SHA256
  password_salt TEXT,
  password_iterations INTEGER,
  name TEXT NOT NULL,
  gender TEXT,                     -- 'male' | 'female' | NULL
  date_of_birth TEXT,              -- YYYY-MM-DD
  country TEXT,
  countryregion INTEGER REFERENCES regions (id),
  city TEXT,
  language TEXT NOT NULL DEFAULT 'en',
  personal TEXT NOT NULL DEFAULT '{}',  -- JSON: about-me texts and select fields
  last_signup_step INTEGER NOT NULL DEFAULT 7,
  is_fictional INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL DEFAULT 'active', -- active | not_confirmed | deleted
  mailprovider INTEGER NOT NULL DEFAULT 0,
  paid_user INTEGER NOT NULL DEFAULT 0,
  main_image_id INTEGER,
  signup_date INTEGER NOT NULL,
  last_seen INTEGER
);
CREATE UNIQUE INDEX members_site_email ON members (site_id, email) WHERE email IS NOT NULL;
CREATE INDEX members_search ON members (country, gender, date_of_birth);

CREATE TABLE images (
  id INTEGER PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members (id),
  filename TEXT NOT NULL,          -- the R2 key, also the public thumb_filename (benchmark seeds share pooled photos)
  position INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);
CREATE INDEX images_member ON images (member_id, position);

-- The cookie holds a random id; only its SHA-256 is stored, so a leaked table opens no session.
CREATE TABLE sessions (
  id_hash TEXT PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members (id),
  site_id INTEGER NOT NULL REFERENCES sites (id),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX sessions_member ON sessions (member_id);

-- Credits are append-only: balance = SUM(amount). idempotency_key makes each charge happen once.
CREATE TABLE credit_ledger (
  id INTEGER PRIMARY KEY,
  member_id INTEGER REFERENCES members (id),
  amount INTEGER NOT NULL,
  reason TEXT NOT NULL,
  idempotency_key TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL
);
CREATE INDEX credit_ledger_member ON credit_ledger (member_id);

-- Fixed-window counters for rate limits (login, and later signup, email check, reset, messages).
CREATE TABLE rate_limits (
  key TEXT NOT NULL,
  window_start INTEGER NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (key, window_start)
);

-- What the seed has written, so a second `npm start` skips it.
CREATE TABLE seed_runs (
  name TEXT PRIMARY KEY,
  profiles INTEGER NOT NULL,
  finished_at INTEGER NOT NULL
);
