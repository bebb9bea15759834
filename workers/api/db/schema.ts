/**
 * Kysely's view of the D1 tables in ../migrations (kept in step with the SQL by hand): the
 * tables by subject in ./tables/, joined here into the one Database type.
 */
import type {
  SitesTable,
  RegionsTable,
  CitiesTable,
  MembersTable,
  ImagesTable,
  SessionsTable,
  MailOutboxTable,
  UsedTokensTable,
  PasswordResetsTable,
  EmailChangesTable,
  AccountRescuesTable,
  RateLimitsTable,
  SeedRunsTable,
} from "./tables/members";
import type {
  LikesTable,
  NoticesTable,
  PushSubscriptionsTable,
  ConversationsTable,
  ConversationMembersTable,
  MessagesTable,
  BlocksTable,
} from "./tables/social";
import type {
  CreditLedgerTable,
  PremiumCancelsTable,
  OrdersTable,
  OrderEventsTable,
  DemoPaymentsTable,
  DiscountCodesTable,
  DiscountRedemptionsTable,
  WithdrawalsTable,
  OrderAdjustmentsTable,
  DemoRefundsTable,
  PaymentCustomersTable,
  PremiumMembershipsTable,
  PremiumPeriodsTable,
  PostbacksTable,
} from "./tables/money";
import type {
  BanMarksTable,
  ModerationCasesTable,
  StaffTable,
  StaffSessionsTable,
  ModerationDecisionsTable,
  AppealsTable,
  StaffAuditTable,
  RemovedImagesTable,
} from "./tables/moderation";
import type { HostQueueTable, PersonaNotesTable, MemberNotesTable, HostRepliesTable } from "./tables/hosts";
import type { SiteVersionsTable } from "./tables/sites";
import type { DailyFiguresTable, PayerDaysTable } from "./tables/figures";
import type { VerificationsTable } from "./tables/verifications";

export type {
  SitesTable,
  RegionsTable,
  CitiesTable,
  MembersTable,
  ImagesTable,
  SessionsTable,
  MailOutboxTable,
  UsedTokensTable,
  PasswordResetsTable,
  EmailChangesTable,
  AccountRescuesTable,
  RateLimitsTable,
  SeedRunsTable,
} from "./tables/members";
export type {
  LikesTable,
  NoticesTable,
  PushSubscriptionsTable,
  ConversationsTable,
  ConversationMembersTable,
  MessagesTable,
  BlocksTable,
} from "./tables/social";
export type {
  CreditLedgerTable,
  PremiumCancelsTable,
  OrderStatus,
  OrdersTable,
  OrderEventsTable,
  DemoPaymentsTable,
  DiscountKind,
  DiscountCodesTable,
  DiscountRedemptionsTable,
  WithdrawalsTable,
  OrderAdjustmentsTable,
  DemoRefundsTable,
  PaymentCustomersTable,
  PremiumMembershipsTable,
  PremiumPeriodsTable,
  PostbacksTable,
} from "./tables/money";
export type {
  BanMarksTable,
  ModerationCasesTable,
  StaffTable,
  StaffSessionsTable,
  ModerationDecisionsTable,
  AppealsTable,
  StaffAuditTable,
  RemovedImagesTable,
} from "./tables/moderation";
export type { HostQueueTable, PersonaNotesTable, MemberNotesTable, HostRepliesTable } from "./tables/hosts";
export type { SiteVersionsTable } from "./tables/sites";
export type { DailyFiguresTable, PayerDaysTable } from "./tables/figures";
export type { VerificationsTable } from "./tables/verifications";

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
  host_queue: HostQueueTable;
  persona_notes: PersonaNotesTable;
  member_notes: MemberNotesTable;
  host_replies: HostRepliesTable;
  site_versions: SiteVersionsTable;
  order_adjustments: OrderAdjustmentsTable;
  daily_figures: DailyFiguresTable;
  payer_days: PayerDaysTable;
  verifications: VerificationsTable;
}
