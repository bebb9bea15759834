-- Every order that was paid before the `receipt` order event existed got its receipt mail when it
-- became paid, but nothing says so: a webhook the provider delivers again for such an order (or
-- the return page) would claim the receipt and send it a second time. Record the event for every
-- order ever paid that lacks one (docs/decisions/037-receipt-events-for-old-orders.md).
-- Safe to run again: an order that has the event gets no second one.
INSERT INTO order_events (order_id, event, detail, at)
SELECT o.id, 'receipt', 'recorded by migration 0023 (paid before receipt events)', COALESCE(o.paid_at, o.updated_at)
FROM orders o
WHERE (o.paid_at IS NOT NULL OR o.status = 'paid')
  AND NOT EXISTS (SELECT 1 FROM order_events e WHERE e.order_id = o.id AND e.event = 'receipt');
