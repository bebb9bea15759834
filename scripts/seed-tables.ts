/**
 * Every table the seed empties before it writes, children before parents (D1 enforces foreign
 * keys). A re-seed (a new seed version, `--force`) must leave no row of the old data behind, so
 * a new table belongs here too: scripts/seed-tables.test.ts fails when a migration creates a
 * table this list lacks.
 */
export const SEED_CLEARS = [
  "seed_runs",
  "daily_figures",
  "payer_days",
  "site_versions",
  "order_adjustments",
  "host_replies",
  "host_queue",
  "member_notes",
  "persona_notes",
  "staff_audit",
  "verifications",
  "ban_marks",
  "appeals",
  "removed_images",
  "moderation_decisions",
  "staff_sessions",
  "staff",
  "moderation_cases",
  "blocks",
  "premium_periods",
  "premium_memberships",
  "payment_customers",
  "withdrawals",
  "demo_refunds",
  "discount_redemptions",
  "order_events",
  "orders",
  "demo_payments",
  "discount_codes",
  "rate_limits",
  "used_tokens",
  "postbacks",
  "push_subscriptions",
  "mail_outbox",
  "sessions",
  "notices",
  "likes",
  "credit_ledger",
  "messages",
  "conversation_members",
  "conversations",
  "images",
  "account_rescues",
  "premium_cancels",
  "password_resets",
  "email_changes",
  "members",
  "cities",
  "regions",
  "sites",
] as const;

/**
 * Columns set to NULL before the tables are emptied: references that go both ways (a member's
 * ban names a decision, which names the member), so no order of deletes alone satisfies them.
 */
export const SEED_NULLS = [{ table: "members", column: "ban_decision_id" }] as const;
