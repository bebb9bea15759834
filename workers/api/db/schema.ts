/** Kysely's view of the D1 tables in ../migrations (kept in step with the SQL by hand). */
import type { Generated } from "kysely";

export interface SitesTable {
  id: Generated<number>;
  host: string;
  is_default: number;
  settings: string;
  /** Changes with every write of settings (triggers of migration 0022): lib/site.ts keeps checked settings by it. */
  settings_version: Generated<number>;
}

export interface RegionsTable {
  id: Generated<number>;
  country: string;
  name: string;
}

export interface CitiesTable {
  id: Generated<number>;
  region_id: number;
  country: string;
  name: string;
  lat: number;
  lng: number;
}

export interface MembersTable {
  id: Generated<number>;
  site_id: number;
  email: string | null;
  password_hash: string | null;
  password_salt: string | null;
  password_iterations: number | null;
  name: string;
  gender: "male" | "female" | null;
  /** Whose profiles the member's search starts with (migration 0012); null: not said. */
  interested_in: "male" | "female" | "everyone" | null;
  date_of_birth: string | null;
  country: string | null;
  countryregion: number | null;
  city: string | null;
  language: Generated<string>;
  personal: Generated<string>;
  last_signup_step: Generated<number>;
  is_fictional: Generated<number>;
  status: Generated<"active" | "not_confirmed" | "deleted">;
  mailprovider: Generated<number>;
  paid_user: Generated<number>;
  main_image_id: number | null;
  signup_date: number;
  last_seen: number | null;
  /** JSON of the last search's filters (see endpoints/search.ts). */
  search_filters: string | null;
  /** JSON: the profile definition's select fields (migration 0004). */
  fields: Generated<string>;
  /** JSON tracking object at sign-up. */
  trafficsource: string | null;
  timezone: string | null;
  activated_at: number | null;
  push_state: "denied" | null;
  /** The kinds of push the member wants, 1 or 0 (migration 0013). */
  push_messages: Generated<number>;
  push_likes: Generated<number>;
  /** Marketing push: off until the member turns it on (migration 0025). */
  push_news: Generated<number>;
  /** When the member deleted the account (migration 0006); the row is then an empty tombstone. */
  deleted_at: number | null;
  /** The ban in force (migration 0018): a moderation_decisions id, else null. */
  ban_decision_id: number | null;
  /** 1: shown on the member's own site only (migration 0026; docs/product.md "Visibility across sites"). */
  only_this_site: Generated<number>;
  /** 1: the member agreed to appear in advertisements (landers, match finder, /signup-matches). */
  promote: Generated<number>;
}

export interface ImagesTable {
  id: Generated<number>;
  member_id: number;
  filename: string;
  position: number;
  created_at: number;
  /** When staff looked at the photo (migration 0019); null: it waits in the staff queue. */
  reviewed_at: number | null;
  /** The pixels' difference hash, hex (migration 0026; images/photo-hash.ts); null before it. */
  hash: string | null;
}

/** What a ban holds against the person on every site (migration 0026): an address key or a photo hash. */
export interface BanMarksTable {
  kind: "email" | "photo";
  value: string;
  member_id: number;
  decision_id: number;
}

export interface SessionsTable {
  id_hash: string;
  member_id: number;
  site_id: number;
  created_at: number;
  expires_at: number;
}

export interface CreditLedgerTable {
  id: Generated<number>;
  member_id: number | null;
  amount: number;
  reason: string;
  idempotency_key: string;
  created_at: number;
}

export interface LikesTable {
  member_id: number;
  profile_id: number;
  is_new: Generated<number>;
  created_at: number;
}

export interface NoticesTable {
  id: Generated<number>;
  member_id: number;
  kind: string;
  created_at: number;
  read_at: number | null;
}

export interface MailOutboxTable {
  id: Generated<number>;
  site_id: number;
  member_id: number | null;
  kind: string;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  created_at: number;
  delivered_at: number | null;
  failed_at: number | null;
  error: string | null;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  member_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: number;
}

export interface UsedTokensTable {
  token_hash: string;
  member_id: number | null;
  used_at: number;
}

export interface PasswordResetsTable {
  /** SHA-256 hex of the link's token; the token itself is only in the mail. */
  token_hash: string;
  member_id: number;
  site_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface EmailChangesTable {
  /** SHA-256 hex of the link's token; the token itself is only in the mail. */
  token_hash: string;
  member_id: number;
  site_id: number;
  new_email: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** "This was not me" links (migration 0025; domain/one-time-links.ts). */
export interface AccountRescuesTable {
  /** SHA-256 hex of the link's token; the token itself is only in the mail. */
  token_hash: string;
  member_id: number;
  site_id: number;
  kind: "email_change" | "password_change";
  /** The address an email-change rescue restores; null for a password change. */
  old_email: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** Confirmation links of a premium cancellation asked for without logging in (migration 0025). */
export interface PremiumCancelsTable {
  /** SHA-256 hex of the link's token; the token itself is only in the mail. */
  token_hash: string;
  member_id: number;
  site_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface ConversationsTable {
  id: Generated<number>;
  member_low: number;
  member_high: number;
  created_at: number;
  last_message_id: number | null;
}

export interface ConversationMembersTable {
  member_id: number;
  conversation_id: number;
  other_id: number;
  last_read_id: Generated<number>;
  hidden: Generated<number>;
  cleared_until_id: Generated<number>;
}

export interface MessagesTable {
  id: Generated<number>;
  conversation_id: number;
  sender_id: number;
  body: string;
  created_at: number;
  send_key: string;
}

export interface RateLimitsTable {
  key: string;
  window_start: number;
  count: number;
}

export interface SeedRunsTable {
  name: string;
  profiles: number;
  finished_at: number;
}

export type OrderStatus =
  | "created"
  | "open"
  | "pending"
  | "paid"
  | "failed"
  | "canceled"
  | "expired"
  | "error"
  | "refunded"
  | "withdrawn"
  | "review";

export interface OrdersTable {
  id: string;
  site_id: number;
  member_id: number;
  create_key: string;
  product: "credits" | "premium";
  product_id: string;
  credits: number;
  months: number;
  country: string;
  currency: string;
  list_cents: number;
  discount_cents: number;
  amount_cents: number;
  vat_rate: number;
  vat_cents: number;
  method: string;
  locale: string;
  provider: string;
  provider_payment_id: string | null;
  checkout_url: string | null;
  status: OrderStatus;
  return_to: string | null;
  created_at: number;
  updated_at: number;
  paid_at: number | null;
  discount_code_id: number | null;
  charged_back_cents: Generated<number>;
  sequence: Generated<"oneoff" | "first" | "recurring">;
}

export interface OrderEventsTable {
  id: Generated<number>;
  order_id: string;
  event: string;
  detail: string | null;
  at: number;
}

export interface DemoPaymentsTable {
  id: string;
  idempotency_key: string;
  amount_cents: number;
  currency: string;
  description: string;
  method: string;
  redirect_url: string;
  webhook_url: string;
  metadata: string;
  status: string;
  refunded_cents: Generated<number>;
  charged_back_cents: Generated<number>;
  created_at: number;
}

export type DiscountKind = "general" | "welcome" | "time_bonus" | "retention";

export interface DiscountCodesTable {
  id: Generated<number>;
  site_id: number;
  code: string;
  kind: DiscountKind;
  percent: number;
  member_id: number | null;
  valid_from: number;
  valid_until: number | null;
  hours_after_signup: number | null;
  min_credits: Generated<number>;
  package_ids: string | null;
  created_at: number;
}

export interface DiscountRedemptionsTable {
  code_id: number;
  member_id: number;
  order_id: string;
  created_at: number;
}

export interface WithdrawalsTable {
  order_id: string;
  member_id: number;
  credits_returned: number;
  refund_cents: number;
  requested_at: number;
  refund_status: "pending" | "refunded" | "none" | "failed";
  refund_id: string | null;
}

export interface DemoRefundsTable {
  idempotency_key: string;
  payment_id: string;
  cents: number;
  created_at: number;
}

export interface PaymentCustomersTable {
  member_id: number;
  provider: string;
  customer_id: string;
  created_at: number;
}

export interface PremiumMembershipsTable {
  member_id: number;
  site_id: number;
  plan_id: string;
  months: number;
  country: string;
  method: string;
  started_at: number;
  current_period_end: number;
  renews: Generated<number>;
  canceled_at: number | null;
  renewal_failed_at: number | null;
  updated_at: number;
}

export interface PremiumPeriodsTable {
  order_id: string;
  member_id: number;
  created_at: number;
}

/** Conversion postbacks (migrations/0015): one per member and event; also the operator's log. */
export interface PostbacksTable {
  id: Generated<number>;
  site_id: number;
  member_id: number;
  event: "soi" | "doi" | "sale";
  network: string;
  url: string;
  status: Generated<"queued" | "retrying" | "sent" | "failed" | "refused">;
  attempts: Generated<number>;
  last_status: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

export interface BlocksTable {
  member_id: number;
  blocked_id: number;
  created_at: number;
}

export interface ModerationCasesTable {
  id: Generated<number>;
  reference: string;
  site_id: number;
  kind: "report" | "notice";
  state: Generated<string>;
  category: string;
  explanation: Generated<string>;
  subject_kind: "profile" | "photo" | "message";
  subject_member_id: number;
  subject_image_id: number | null;
  subject_conversation_id: number | null;
  subject_message_id: number | null;
  subject_url: string | null;
  reporter_id: number | null;
  notifier_name: string | null;
  notifier_email: string | null;
  good_faith: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** Moderation (migrations 0018 and 0019, ADR 029). */
export interface StaffTable {
  id: Generated<number>;
  site_id: number | null;
  email: string;
  name: string;
  role: Generated<"moderator" | "admin">;
  password_hash: string;
  totp_secret: string;
  totp_last_step: Generated<number>;
  disabled_at: number | null;
  created_at: number;
}

export interface StaffSessionsTable {
  id_hash: string;
  staff_id: number;
  totp_ok: Generated<number>;
  created_at: number;
  expires_at: number;
}

export interface ModerationDecisionsTable {
  id: Generated<number>;
  site_id: number;
  member_id: number;
  case_id: number | null;
  appeal_id: number | null;
  action: "dismiss" | "remove_photo" | "warn" | "ban" | "unban";
  category: string;
  reason: string;
  image_id: number | null;
  staff_id: number;
  appeal_until: number | null;
  created_at: number;
  token: string | null;
}

export interface AppealsTable {
  id: Generated<number>;
  reference: string;
  site_id: number;
  decision_id: number;
  member_id: number;
  text: string;
  state: Generated<"open" | "upheld" | "reversed">;
  decided_by: number | null;
  decided_at: number | null;
  created_at: number;
}

export interface StaffAuditTable {
  id: Generated<number>;
  site_id: number | null;
  staff_id: number | null;
  action: string;
  member_id: number | null;
  case_id: number | null;
  decision_id: number | null;
  detail: Generated<string>;
  created_at: number;
}

export interface RemovedImagesTable {
  id: number;
  member_id: number;
  filename: string;
  position: number;
  created_at: number;
  decision_id: number;
  removed_at: number;
}

export interface Database {
  sites: SitesTable;
  regions: RegionsTable;
  cities: CitiesTable;
  members: MembersTable;
  images: ImagesTable;
  sessions: SessionsTable;
  credit_ledger: CreditLedgerTable;
  likes: LikesTable;
  notices: NoticesTable;
  mail_outbox: MailOutboxTable;
  push_subscriptions: PushSubscriptionsTable;
  postbacks: PostbacksTable;
  used_tokens: UsedTokensTable;
  password_resets: PasswordResetsTable;
  email_changes: EmailChangesTable;
  account_rescues: AccountRescuesTable;
  premium_cancels: PremiumCancelsTable;
  conversations: ConversationsTable;
  conversation_members: ConversationMembersTable;
  messages: MessagesTable;
  rate_limits: RateLimitsTable;
  seed_runs: SeedRunsTable;
  orders: OrdersTable;
  order_events: OrderEventsTable;
  demo_payments: DemoPaymentsTable;
  discount_codes: DiscountCodesTable;
  discount_redemptions: DiscountRedemptionsTable;
  withdrawals: WithdrawalsTable;
  demo_refunds: DemoRefundsTable;
  payment_customers: PaymentCustomersTable;
  premium_memberships: PremiumMembershipsTable;
  premium_periods: PremiumPeriodsTable;
  blocks: BlocksTable;
  moderation_cases: ModerationCasesTable;
  staff: StaffTable;
  staff_sessions: StaffSessionsTable;
  moderation_decisions: ModerationDecisionsTable;
  appeals: AppealsTable;
  staff_audit: StaffAuditTable;
  removed_images: RemovedImagesTable;
  ban_marks: BanMarksTable;
}
