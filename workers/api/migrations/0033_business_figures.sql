-- The business in numbers (issue 28 point 6; docs/decisions/051-business-figures.md,
-- docs/product.md §16.6): daily roll-up rows kept by triggers in the same transaction as the
-- event, so the dashboard reads a few hundred rows instead of the ledger, and a figure can
-- neither miss an event nor count one twice (a retried request that changes nothing fires nothing).
--
-- Days are UTC day numbers (ms since 1970 / 86 400 000). The source is the sign-up network of the
-- member concerned ('' = none); visits are written by the visit.php call (endpoints/visits.ts).

CREATE TABLE daily_figures (
  site_id INTEGER NOT NULL,
  day INTEGER NOT NULL,
  source TEXT NOT NULL,
  -- A count (signups, confirmed, visits_welcome, …) or an amount in cents (revenue, refunds, …);
  -- the list is contract/business-figures.ts.
  figure TEXT NOT NULL,
  -- The currency of an amount; '' for a count.
  currency TEXT NOT NULL,
  value INTEGER NOT NULL,
  -- In this order, a day's figures of a site are together: the sums per day read the range in
  -- group order, and a day's sources of a figure (the visits' limit) are one short range.
  PRIMARY KEY (site_id, day, figure, currency, source)
) WITHOUT ROWID;
-- The sums per source over a long range read each site's rows in group order (db/business-figures.ts).
CREATE INDEX daily_figures_by_source ON daily_figures (site_id, source, figure, currency, day, value);

-- Who paid on which day: "paying members" over a range is the distinct members here, which the
-- sums of daily_figures cannot give (a member paying on two days is one paying member).
CREATE TABLE payer_days (
  site_id INTEGER NOT NULL,
  day INTEGER NOT NULL,
  source TEXT NOT NULL,
  currency TEXT NOT NULL,
  member_id INTEGER NOT NULL,
  PRIMARY KEY (site_id, day, source, currency, member_id)
) WITHOUT ROWID;
-- The distinct payers of a long range: each site's rows in (source, currency, member) order.
CREATE INDEX payer_days_by_member ON payer_days (site_id, source, currency, member_id, day);

-- Payers per day (and source and currency) as a daily figure too: a row new in payer_days is a
-- member paying for the first time that day. INSERT OR IGNORE of a row already there fires nothing.
CREATE TRIGGER figures_payer AFTER INSERT ON payer_days
BEGIN
  INSERT INTO daily_figures (site_id, day, source, figure, currency, value)
  VALUES (NEW.site_id, NEW.day, NEW.source, 'payers', NEW.currency, 1)
  ON CONFLICT (site_id, day, figure, currency, source) DO UPDATE SET value = value + excluded.value;
END;

-- A member's traffic source as the figures name it: the network of the sign-up tracking.
CREATE VIEW member_sources AS
SELECT
  id,
  site_id,
  signup_date,
  is_fictional,
  CASE WHEN json_valid(trafficsource)
    THEN coalesce(substr(CAST(json_extract(trafficsource, '$.network') AS TEXT), 1, 64), '')
    ELSE '' END AS source
FROM members;

-- Sign-ups (real members, not entertainment profiles), on the sign-up day.
CREATE TRIGGER figures_signup AFTER INSERT ON members WHEN NEW.is_fictional = 0
BEGIN
  INSERT INTO daily_figures (site_id, day, source, figure, currency, value)
  SELECT site_id, signup_date / 86400000, source, 'signups', '', 1 FROM member_sources WHERE id = NEW.id
  ON CONFLICT (site_id, day, figure, currency, source) DO UPDATE SET value = value + excluded.value;
END;

-- Confirmed addresses, on the day of confirmation (a row made confirmed counts at once).
CREATE TRIGGER figures_confirmed AFTER UPDATE OF activated_at ON members
WHEN OLD.activated_at IS NULL AND NEW.activated_at IS NOT NULL AND NEW.is_fictional = 0
BEGIN
  INSERT INTO daily_figures (site_id, day, source, figure, currency, value)
  SELECT site_id, NEW.activated_at / 86400000, source, 'confirmed', '', 1 FROM member_sources WHERE id = NEW.id
  ON CONFLICT (site_id, day, figure, currency, source) DO UPDATE SET value = value + excluded.value;
END;

CREATE TRIGGER figures_confirmed_at_insert AFTER INSERT ON members
WHEN NEW.activated_at IS NOT NULL AND NEW.is_fictional = 0
BEGIN
  INSERT INTO daily_figures (site_id, day, source, figure, currency, value)
  SELECT site_id, NEW.activated_at / 86400000, source, 'confirmed', '', 1 FROM member_sources WHERE id = NEW.id
  ON CONFLICT (site_id, day, figure, currency, source) DO UPDATE SET value = value + excluded.value;
END;

-- A payment: revenue, the payer, first or repeat purchase (the member's first order ever paid is
-- the first purchase), and for a first purchase the sign-up day's cohort: bought on the day of
-- sign-up, or within 7 days of it. Orders become paid by an update only
-- (domain/order-settlement.ts; an import or the benchmark's seed writes them open, then paid).
CREATE TRIGGER figures_paid AFTER UPDATE OF status ON orders
WHEN NEW.status = 'paid' AND OLD.status <> 'paid' AND NEW.paid_at IS NOT NULL
BEGIN
  INSERT INTO daily_figures (site_id, day, source, figure, currency, value)
  SELECT NEW.site_id, NEW.paid_at / 86400000, source, 'revenue', NEW.currency, NEW.amount_cents
  FROM member_sources WHERE id = NEW.member_id
  ON CONFLICT (site_id, day, figure, currency, source) DO UPDATE SET value = value + excluded.value;

  INSERT OR IGNORE INTO payer_days (site_id, day, source, currency, member_id)
  SELECT NEW.site_id, NEW.paid_at / 86400000, source, NEW.currency, NEW.member_id
  FROM member_sources WHERE id = NEW.member_id;

  INSERT INTO daily_figures (site_id, day, source, figure, currency, value)
  SELECT NEW.site_id, NEW.paid_at / 86400000, source,
    CASE WHEN EXISTS (SELECT 1 FROM orders o WHERE o.member_id = NEW.member_id AND o.paid_at IS NOT NULL AND o.id <> NEW.id)
      THEN 'repeat_purchases' ELSE 'first_purchases' END,
    '', 1
  FROM member_sources WHERE id = NEW.member_id
  ON CONFLICT (site_id, day, figure, currency, source) DO UPDATE SET value = value + excluded.value;

  INSERT INTO daily_figures (site_id, day, source, figure, currency, value)
  SELECT site_id, signup_date / 86400000, source, 'buyers_7d', '', 1
  FROM member_sources
  WHERE id = NEW.member_id AND NEW.paid_at - signup_date < 7 * 86400000
    AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.member_id = NEW.member_id AND o.paid_at IS NOT NULL AND o.id <> NEW.id)
  ON CONFLICT (site_id, day, figure, currency, source) DO UPDATE SET value = value + excluded.value;

  INSERT INTO daily_figures (site_id, day, source, figure, currency, value)
  SELECT site_id, signup_date / 86400000, source, 'buyers_same_day', '', 1
  FROM member_sources
  WHERE id = NEW.member_id AND NEW.paid_at / 86400000 = signup_date / 86400000
    AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.member_id = NEW.member_id AND o.paid_at IS NOT NULL AND o.id <> NEW.id)
  ON CONFLICT (site_id, day, figure, currency, source) DO UPDATE SET value = value + excluded.value;
END;

-- Money going back, on the day it is recorded, in the order's currency: a refund by an admin
-- (order_adjustments, ADR 048), a withdrawal within 14 days (what is refunded), a chargeback
-- (what the bank took back beyond what it had before: the provider's report or an admin's record).
CREATE TRIGGER figures_refund AFTER INSERT ON order_adjustments WHEN NEW.kind = 'refund'
BEGIN
  INSERT INTO daily_figures (site_id, day, source, figure, currency, value)
  SELECT o.site_id, NEW.created_at / 86400000, s.source, 'refunds', o.currency, NEW.amount_cents
  FROM orders o JOIN member_sources s ON s.id = o.member_id WHERE o.id = NEW.order_id
  ON CONFLICT (site_id, day, figure, currency, source) DO UPDATE SET value = value + excluded.value;
END;

CREATE TRIGGER figures_withdrawal AFTER INSERT ON withdrawals WHEN NEW.refund_cents > 0
BEGIN
  INSERT INTO daily_figures (site_id, day, source, figure, currency, value)
  SELECT o.site_id, NEW.requested_at / 86400000, s.source, 'withdrawals', o.currency, NEW.refund_cents
  FROM orders o JOIN member_sources s ON s.id = o.member_id WHERE o.id = NEW.order_id
  ON CONFLICT (site_id, day, figure, currency, source) DO UPDATE SET value = value + excluded.value;
END;

CREATE TRIGGER figures_chargeback AFTER UPDATE OF charged_back_cents ON orders
WHEN NEW.charged_back_cents > OLD.charged_back_cents
BEGIN
  INSERT INTO daily_figures (site_id, day, source, figure, currency, value)
  SELECT NEW.site_id, NEW.updated_at / 86400000, source, 'chargebacks', NEW.currency, NEW.charged_back_cents - OLD.charged_back_cents
  FROM member_sources WHERE id = NEW.member_id
  ON CONFLICT (site_id, day, figure, currency, source) DO UPDATE SET value = value + excluded.value;
END;

-- Engagement: messages members send, and conversations they start (the conversation's first
-- message); the entertainment profiles' messages are the hosts' replies, counted below.
CREATE TRIGGER figures_message AFTER INSERT ON messages
BEGIN
  INSERT INTO daily_figures (site_id, day, source, figure, currency, value)
  SELECT site_id, NEW.created_at / 86400000, source, 'messages', '', 1
  FROM member_sources WHERE id = NEW.sender_id AND is_fictional = 0
  ON CONFLICT (site_id, day, figure, currency, source) DO UPDATE SET value = value + excluded.value;

  INSERT INTO daily_figures (site_id, day, source, figure, currency, value)
  SELECT site_id, NEW.created_at / 86400000, source, 'conversations', '', 1
  FROM member_sources
  WHERE id = NEW.sender_id AND is_fictional = 0
    AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = NEW.conversation_id AND m.id < NEW.id)
  ON CONFLICT (site_id, day, figure, currency, source) DO UPDATE SET value = value + excluded.value;
END;

-- The hosts' replies and how long the member had waited for each (ADR 045): not split by source.
CREATE TRIGGER figures_host_reply AFTER INSERT ON host_replies
BEGIN
  INSERT INTO daily_figures (site_id, day, source, figure, currency, value)
  VALUES
    (NEW.site_id, NEW.created_at / 86400000, '', 'host_replies', '', 1),
    (NEW.site_id, NEW.created_at / 86400000, '', 'host_reply_wait_ms', '', NEW.waited_ms)
  ON CONFLICT (site_id, day, figure, currency, source) DO UPDATE SET value = value + excluded.value;
END;

-- What happened before this migration, counted once from the tables; the triggers count from now.
INSERT INTO daily_figures (site_id, day, source, figure, currency, value)
SELECT site_id, signup_date / 86400000, source, 'signups', '', count(*)
FROM member_sources WHERE is_fictional = 0 GROUP BY 1, 2, 3;

INSERT INTO daily_figures (site_id, day, source, figure, currency, value)
SELECT s.site_id, m.activated_at / 86400000, s.source, 'confirmed', '', count(*)
FROM members m JOIN member_sources s ON s.id = m.id
WHERE m.activated_at IS NOT NULL AND m.is_fictional = 0 GROUP BY 1, 2, 3;

INSERT INTO daily_figures (site_id, day, source, figure, currency, value)
SELECT o.site_id, o.paid_at / 86400000, s.source, 'revenue', o.currency, sum(o.amount_cents)
FROM orders o JOIN member_sources s ON s.id = o.member_id
WHERE o.paid_at IS NOT NULL GROUP BY 1, 2, 3, 5;

INSERT OR IGNORE INTO payer_days (site_id, day, source, currency, member_id)
SELECT DISTINCT o.site_id, o.paid_at / 86400000, s.source, o.currency, o.member_id
FROM orders o JOIN member_sources s ON s.id = o.member_id WHERE o.paid_at IS NOT NULL;

INSERT INTO daily_figures (site_id, day, source, figure, currency, value)
SELECT r.site_id, r.paid_at / 86400000, s.source, CASE WHEN r.n = 1 THEN 'first_purchases' ELSE 'repeat_purchases' END, '', count(*)
FROM (
  SELECT site_id, member_id, paid_at, row_number() OVER (PARTITION BY member_id ORDER BY paid_at, id) AS n
  FROM orders WHERE paid_at IS NOT NULL
) AS r JOIN member_sources s ON s.id = r.member_id
GROUP BY 1, 2, 3, 4;

INSERT INTO daily_figures (site_id, day, source, figure, currency, value)
SELECT s.site_id, s.signup_date / 86400000, s.source, 'buyers_7d', '', count(*)
FROM (SELECT member_id, min(paid_at) AS first_paid FROM orders WHERE paid_at IS NOT NULL GROUP BY member_id) AS f
JOIN member_sources s ON s.id = f.member_id
WHERE f.first_paid - s.signup_date < 7 * 86400000 GROUP BY 1, 2, 3;

INSERT INTO daily_figures (site_id, day, source, figure, currency, value)
SELECT s.site_id, s.signup_date / 86400000, s.source, 'buyers_same_day', '', count(*)
FROM (SELECT member_id, min(paid_at) AS first_paid FROM orders WHERE paid_at IS NOT NULL GROUP BY member_id) AS f
JOIN member_sources s ON s.id = f.member_id
WHERE f.first_paid / 86400000 = s.signup_date / 86400000 GROUP BY 1, 2, 3;

INSERT INTO daily_figures (site_id, day, source, figure, currency, value)
SELECT o.site_id, a.created_at / 86400000, s.source, 'refunds', o.currency, sum(a.amount_cents)
FROM order_adjustments a JOIN orders o ON o.id = a.order_id JOIN member_sources s ON s.id = o.member_id
WHERE a.kind = 'refund' GROUP BY 1, 2, 3, 5;

INSERT INTO daily_figures (site_id, day, source, figure, currency, value)
SELECT o.site_id, w.requested_at / 86400000, s.source, 'withdrawals', o.currency, sum(w.refund_cents)
FROM withdrawals w JOIN orders o ON o.id = w.order_id JOIN member_sources s ON s.id = o.member_id
WHERE w.refund_cents > 0 GROUP BY 1, 2, 3, 5;

INSERT INTO daily_figures (site_id, day, source, figure, currency, value)
SELECT o.site_id, o.updated_at / 86400000, s.source, 'chargebacks', o.currency, sum(o.charged_back_cents)
FROM orders o JOIN member_sources s ON s.id = o.member_id
WHERE o.charged_back_cents > 0 GROUP BY 1, 2, 3, 5;

INSERT INTO daily_figures (site_id, day, source, figure, currency, value)
SELECT s.site_id, m.created_at / 86400000, s.source, 'messages', '', count(*)
FROM messages m JOIN member_sources s ON s.id = m.sender_id
WHERE s.is_fictional = 0 GROUP BY 1, 2, 3;

INSERT INTO daily_figures (site_id, day, source, figure, currency, value)
SELECT s.site_id, m.created_at / 86400000, s.source, 'conversations', '', count(*)
FROM messages m JOIN member_sources s ON s.id = m.sender_id
WHERE s.is_fictional = 0 AND m.id = (SELECT min(id) FROM messages f WHERE f.conversation_id = m.conversation_id)
GROUP BY 1, 2, 3;

INSERT INTO daily_figures (site_id, day, source, figure, currency, value)
SELECT site_id, created_at / 86400000, '', 'host_replies', '', count(*) FROM host_replies GROUP BY 1, 2
UNION ALL
SELECT site_id, created_at / 86400000, '', 'host_reply_wait_ms', '', sum(waited_ms) FROM host_replies GROUP BY 1, 2;
