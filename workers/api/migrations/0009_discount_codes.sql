-- Discount codes (issue 12, docs/product.md §10.5). Kinds: general (typed by the member),
-- welcome (new members, for a time after sign-up), time_bonus (one member, until a time; it
-- wins over the welcome code) and retention (the account-deletion offer, delete_discount).
CREATE TABLE discount_codes (
  id INTEGER PRIMARY KEY,
  site_id INTEGER NOT NULL REFERENCES sites (id),
  -- What the member types (general), or a generated one (personal codes); upper case.
  code TEXT NOT NULL,
  kind TEXT NOT NULL,                 -- general | welcome | time_bonus | retention
  percent INTEGER NOT NULL CHECK (percent BETWEEN 1 AND 90),
  -- A personal code (time bonus, retention) belongs to one member; others to everyone.
  member_id INTEGER REFERENCES members (id),
  valid_from INTEGER NOT NULL,
  valid_until INTEGER,                -- NULL: no end (welcome: the member's sign-up + its hours)
  -- Welcome codes: valid this many hours after the member's sign-up.
  hours_after_signup INTEGER,
  -- The smallest package (in credits) it applies to, and the packages it is for (JSON list of
  -- ids, NULL for all).
  min_credits INTEGER NOT NULL DEFAULT 0,
  package_ids TEXT,
  created_at INTEGER NOT NULL,
  UNIQUE (site_id, code)
);
CREATE INDEX discount_codes_member ON discount_codes (member_id, kind);
-- The account-deletion offer is made once per member.
CREATE UNIQUE INDEX discount_codes_retention ON discount_codes (site_id, member_id) WHERE kind = 'retention';

-- One use per member and code. Written when an order with the code is made (so two orders at
-- once cannot both use it), removed again if that order fails, is cancelled or expires.
CREATE TABLE discount_redemptions (
  code_id INTEGER NOT NULL REFERENCES discount_codes (id),
  member_id INTEGER NOT NULL REFERENCES members (id),
  order_id TEXT NOT NULL REFERENCES orders (id),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (code_id, member_id)
);

ALTER TABLE orders ADD COLUMN discount_code_id INTEGER REFERENCES discount_codes (id);
