-- Refunds and chargebacks recorded by an admin in the staff console (issue 28; ADR 048). One of
-- each kind per order: the primary key is the "once". The row is written first in the batch
-- that makes the change, guarded by the order's state; every other statement of that batch (the
-- order's new state, the ledger's negative row, the order event, the audit line) runs only while
-- the row with this call's token exists, so two admins (or a double click, or ten requests at
-- once) change an order once.
CREATE TABLE order_adjustments (
  order_id TEXT NOT NULL REFERENCES orders (id),
  kind TEXT NOT NULL CHECK (kind IN ('refund', 'chargeback')),
  token TEXT NOT NULL UNIQUE,
  staff_id INTEGER NOT NULL REFERENCES staff (id),
  reason TEXT NOT NULL,
  -- The money: refunded to the payer, or taken back by the payer's bank.
  amount_cents INTEGER NOT NULL,
  -- The credits taken back through the ledger (a chargeback: capped by the balance, ADR 048).
  credits_taken INTEGER NOT NULL,
  -- A refund asked of the provider: pending until it answers, then refunded or failed (tried
  -- again from the console); 'none' for a chargeback (the bank already took the money).
  refund_status TEXT NOT NULL CHECK (refund_status IN ('none', 'pending', 'refunded', 'failed')),
  refund_id TEXT,
  -- When the provider was last asked for the refund: one still pending a minute later lost its
  -- call (the worker stopped) and may be asked again, with the same key.
  asked_at INTEGER,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (order_id, kind)
);

-- The console's order list: a site's orders, newest first.
CREATE INDEX orders_site_created ON orders (site_id, created_at);
