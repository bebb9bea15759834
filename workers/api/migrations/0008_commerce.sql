-- Commerce (issue 12, docs/decisions/018-payments.md): orders of credits (and later premium),
-- their audit trail, and the demo provider's payments. Money is in minor units (cents).

-- One row per purchase attempt. The id is the public, unguessable transaction id of
-- /transactions/:transactionId. A purchase is granted once per provider payment id: the
-- UNIQUE provider_payment_id here, and the ledger key purchase:<provider>:<payment id>.
CREATE TABLE orders (
  id TEXT PRIMARY KEY,
  site_id INTEGER NOT NULL REFERENCES sites (id),
  member_id INTEGER NOT NULL REFERENCES members (id),
  -- The order summary page's key: a double click or a retried post finds this order.
  create_key TEXT NOT NULL,
  product TEXT NOT NULL,            -- 'credits' | 'premium'
  product_id TEXT NOT NULL,         -- the package or plan id of the site's settings
  credits INTEGER NOT NULL DEFAULT 0,
  months INTEGER NOT NULL DEFAULT 0,
  country TEXT NOT NULL,            -- payment_country: decides currency, VAT and methods
  currency TEXT NOT NULL,
  list_cents INTEGER NOT NULL,
  discount_cents INTEGER NOT NULL DEFAULT 0,
  amount_cents INTEGER NOT NULL,    -- what is paid, VAT included
  vat_rate REAL NOT NULL,
  vat_cents INTEGER NOT NULL,
  method TEXT NOT NULL,
  locale TEXT NOT NULL,
  provider TEXT NOT NULL,           -- 'demo' | 'mollie'
  provider_payment_id TEXT UNIQUE,
  checkout_url TEXT,
  -- created (provider not asked yet) | open | pending | paid | failed | canceled | expired
  -- | error (the provider refused or did not answer at create: nothing to pay) | refunded
  -- | review (the provider's amount or currency differs from the order: nothing granted)
  status TEXT NOT NULL,
  return_to TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  paid_at INTEGER,
  UNIQUE (member_id, create_key)
);
CREATE INDEX orders_member ON orders (member_id, created_at);

-- What happened to an order, in order: created, provider_created, paid, failed, webhook, ...
CREATE TABLE order_events (
  id INTEGER PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders (id),
  event TEXT NOT NULL,
  detail TEXT,
  at INTEGER NOT NULL
);
CREATE INDEX order_events_order ON order_events (order_id, id);

-- The demo provider (PAYMENT_ADAPTER=demo, local only): its payments, shaped like Mollie's.
CREATE TABLE demo_payments (
  id TEXT PRIMARY KEY,
  idempotency_key TEXT NOT NULL UNIQUE,
  amount_cents INTEGER NOT NULL,
  currency TEXT NOT NULL,
  description TEXT NOT NULL,
  method TEXT NOT NULL,
  redirect_url TEXT NOT NULL,
  webhook_url TEXT NOT NULL,
  metadata TEXT NOT NULL,
  status TEXT NOT NULL,
  refunded_cents INTEGER NOT NULL DEFAULT 0,
  charged_back_cents INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);
