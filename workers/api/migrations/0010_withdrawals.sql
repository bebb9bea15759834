-- Withdrawal from a purchase (issue 12, EU Consumer Rights Directive art. 11a; docs/product.md
-- §10.7) and chargebacks. A withdrawal takes back the purchase's unused credits and refunds
-- their share of the price (CJEU C-641/19: what was used is paid for, pro rata).
CREATE TABLE withdrawals (
  order_id TEXT PRIMARY KEY REFERENCES orders (id),
  member_id INTEGER NOT NULL REFERENCES members (id),
  credits_returned INTEGER NOT NULL,
  refund_cents INTEGER NOT NULL,
  requested_at INTEGER NOT NULL,
  -- pending (not asked yet, or to ask again) | refunded | none (nothing to refund) | failed
  refund_status TEXT NOT NULL,
  refund_id TEXT
);
CREATE INDEX withdrawals_member ON withdrawals (member_id);

-- What the payer's bank has charged back so far, as the provider reports it.
ALTER TABLE orders ADD COLUMN charged_back_cents INTEGER NOT NULL DEFAULT 0;

-- The demo provider's refunds by idempotency key: a refund asked again answers the first.
CREATE TABLE demo_refunds (
  idempotency_key TEXT PRIMARY KEY,
  payment_id TEXT NOT NULL REFERENCES demo_payments (id),
  cents INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
