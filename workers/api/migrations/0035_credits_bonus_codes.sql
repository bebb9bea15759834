-- Credits-bonus general codes (issue 28 point 4, docs/decisions/054): a general code is either a
-- percentage off (percent) or N extra credits added to a credit package bought with it
-- (bonus_credits). A bonus never changes the price; it is fixed into the order when the order is
-- made (orders.credits includes it), so the settlement grants it once with the package and a
-- refund, withdrawal or chargeback takes it back pro rata with the rest of the order's credits.

-- The bonus of a credits-bonus code (NULL: a percentage code). SQLite cannot change the CHECK on
-- `percent` (1–90, NOT NULL) without rebuilding the table, which D1's always-on foreign keys
-- refuse while orders point at codes; so a bonus code's `percent` holds 1 and is never read
-- (domain/discounts.ts answers its percent as 0). Only general codes may be bonus codes.
ALTER TABLE discount_codes ADD COLUMN bonus_credits INTEGER
  CHECK (bonus_credits IS NULL OR (bonus_credits BETWEEN 1 AND 10000 AND kind = 'general' AND percent = 1));

-- The bonus part of an order's credits (0: none) and the code that gave it. The price's own code
-- stays in discount_code_id (a welcome offer or time bonus can take a percentage off the same
-- order), and each code holds its own use in discount_redemptions (cap trigger of 0031).
ALTER TABLE orders ADD COLUMN bonus_credits INTEGER NOT NULL DEFAULT 0 CHECK (bonus_credits >= 0);
ALTER TABLE orders ADD COLUMN bonus_code_id INTEGER REFERENCES discount_codes (id);

-- The orders that used a bonus code (its uses and revenue on the console).
CREATE INDEX orders_bonus_code ON orders (bonus_code_id) WHERE bonus_code_id IS NOT NULL;
