-- Premium membership (issue 12; docs/product.md §10.8). A member buys a plan (months, paid at
-- once); it renews at the end of each period with a recurring payment until cancelled.

-- The member's customer at the payment provider (Mollie's cst_…): recurring payments need one.
CREATE TABLE payment_customers (
  member_id INTEGER NOT NULL REFERENCES members (id),
  provider TEXT NOT NULL,
  customer_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (member_id, provider)
);

-- One row per member: premium is active while current_period_end is in the future.
CREATE TABLE premium_memberships (
  member_id INTEGER PRIMARY KEY REFERENCES members (id),
  site_id INTEGER NOT NULL REFERENCES sites (id),
  plan_id TEXT NOT NULL,
  months INTEGER NOT NULL,
  country TEXT NOT NULL,
  method TEXT NOT NULL,
  started_at INTEGER NOT NULL,
  current_period_end INTEGER NOT NULL,
  -- 1 until cancelled: the next period is charged when this one ends.
  renews INTEGER NOT NULL DEFAULT 1,
  canceled_at INTEGER,
  -- The last renewal could not be charged (the period then simply ends).
  renewal_failed_at INTEGER,
  updated_at INTEGER NOT NULL
);
CREATE INDEX premium_memberships_due ON premium_memberships (renews, current_period_end);

-- Each paid premium order extends the membership once (the order id is the key).
CREATE TABLE premium_periods (
  order_id TEXT PRIMARY KEY REFERENCES orders (id),
  member_id INTEGER NOT NULL REFERENCES members (id),
  created_at INTEGER NOT NULL
);

-- oneoff (credits) | first (premium's first payment: makes the mandate) | recurring (renewal)
ALTER TABLE orders ADD COLUMN sequence TEXT NOT NULL DEFAULT 'oneoff';
