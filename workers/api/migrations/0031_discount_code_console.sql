-- Discount codes managed in the staff console (issue 28 point 4, docs/decisions/049): a total
-- cap on uses and a pause. General codes only; the welcome, time-bonus and retention codes keep
-- their own rules (docs/product.md §10.5).

-- At most this many uses of the code in all (NULL: no cap). A use is a row in
-- discount_redemptions: reserved by an order that can still be paid, or used by a paid one.
ALTER TABLE discount_codes ADD COLUMN max_uses INTEGER CHECK (max_uses IS NULL OR max_uses >= 1);
-- When an admin paused the code (NULL: not paused). A paused code is refused to members at once.
ALTER TABLE discount_codes ADD COLUMN paused_at INTEGER;

-- The cap, enforced where the use is written: SQLite runs one write at a time, so twenty orders
-- at once cannot together pass it. The order and its use are one batch (domain/orders.ts), so a
-- refused use refuses the order with it.
CREATE TRIGGER discount_redemptions_cap
BEFORE INSERT ON discount_redemptions
WHEN (SELECT max_uses FROM discount_codes WHERE id = NEW.code_id) IS NOT NULL
  AND (SELECT count(*) FROM discount_redemptions WHERE code_id = NEW.code_id)
    >= (SELECT max_uses FROM discount_codes WHERE id = NEW.code_id)
BEGIN
  SELECT RAISE(ABORT, 'discount_used_up');
END;

-- The orders that used a code (its uses and revenue on the console).
CREATE INDEX orders_discount_code ON orders (discount_code_id) WHERE discount_code_id IS NOT NULL;
