import type { Insertable, Selectable, Updateable } from 'kysely';
import type { LogisticsAddressTable } from './tables/address.js';
import type { GradeTable, AgentSettingTable, AgentTable } from './tables/agent.js';
import type { AuditLogTable } from './tables/audit.js';
import type { BondPayTable, BondReturnTable } from './tables/bond.js';
import type { CartItemTable } from './tables/cart.js';
import type {
  ProductTable, SingleProductTable, ProductHiddenGradeTable, StockChangeTable, GradePriceTable, ActivityTable,
  ActivityItemTable, GradeGiftTable, BannerTable, NoticeTable,
} from './tables/catalog.js';
import type {
  ChatSettingTable, ChatConversationTable, ChatMessageTable, ChatStaffPresenceTable, ChatAgentPresenceTable,
} from './tables/chat.js';
import type {
  WithdrawBankTable, CollectionAccountTable, WithdrawRuleTable, WithdrawalTable, TransferTable, FrozenRecordTable,
  IncomeSettingTable, GradeIncomeRuleTable, IncomeSourceTable, NetworkIncomeTable,
  IncomeDebtTable,
} from './tables/funds.js';
import type { IdempotencyKeyTable } from './tables/idempotency.js';
import type { AccountChangeTable } from './tables/ledger.js';
import type { AttemptTable } from './tables/limits.js';
import type { RateCounterTable } from './tables/limits.js';
import type { OrderParcelTable } from './tables/logistics.js';
import type {
  TraceCodeTable, ReviewCodeTable, CodeBatchTable, CertificateTemplateTable, ReviewQueryTable,
} from './tables/lookups.js';
import type { MaterialStoreTable, MaterialClassifyTable, MaterialTable } from './tables/materials.js';
import type {
  NotificationTable, NotificationOutboxTable, NotificationPrefTable, NotificationTemplateTable, WechatAccessTokenTable, AnnouncementTable,
} from './tables/notification.js';
import type {
  OrderRuleTable, PayMethodTable, FreightRuleTable, OrderTable, OrderLineTable, OrderLogTable,
} from './tables/order.js';
import type {
  ReceiptRecordTable, WechatPaymentTable, RefundTable, OfflineAccountTable, OfflinePaySettingTable,
} from './tables/payment.js';
import type { OrderRefundTable, OrderRefundLineTable, RefundPayoutTable } from './tables/refund.js';
import type { ReconcileRunTable, ReconcileDiffTable } from './tables/payment.js';
import type { PerformanceMonthTable } from './tables/performance.js';
import type { PointSettingTable, SignSettingTable, PointSignTable } from './tables/points.js';
import type { SessionTable } from './tables/session.js';
import type { SettingVersionTable, SettingProposalTable } from './tables/settings.js';
import type { SmsCodeTable } from './tables/sms.js';
import type { StaffTable, StaffSessionTable, StaffLoginLogTable } from './tables/staff.js';
import type { UpgradeRuleTable, RechargeSettingTable, RechargeApplyTable } from './tables/upgrade.js';
import type { UploadTable } from './tables/upload.js';
import type { AfterSaleTable, AfterSaleLineTable, AfterSalePhotoTable, AfterSaleStepTable } from './tables/after-sale.js';
import type {
  StoreGradeSwitchTable, StoreTable, RetailBandTable, StorePriceTable, ConsumerTable, ConsumerSessionTable, StoreOrderTable,
  StoreOrderLineTable,
} from './tables/store.js';

/*
 * The database as Kysely sees it, composed from tables/<module>.ts: each file holds the tables that one module's
 * repositories write (ADR 0013), so the owner of a table is the file it sits in.
 */

export type * from './tables/shared.js';
export type * from './tables/address.js';
export type * from './tables/agent.js';
export type * from './tables/audit.js';
export type * from './tables/bond.js';
export type * from './tables/cart.js';
export type * from './tables/catalog.js';
export type * from './tables/chat.js';
export type * from './tables/funds.js';
export type * from './tables/idempotency.js';
export type * from './tables/ledger.js';
export type * from './tables/limits.js';
export type * from './tables/logistics.js';
export type * from './tables/lookups.js';
export type * from './tables/materials.js';
export type * from './tables/notification.js';
export type * from './tables/order.js';
export type * from './tables/payment.js';
export type * from './tables/points.js';
export type * from './tables/performance.js';
export type * from './tables/refund.js';
export type * from './tables/after-sale.js';
export type * from './tables/session.js';
export type * from './tables/settings.js';
export type * from './tables/sms.js';
export type * from './tables/staff.js';
export type * from './tables/upgrade.js';
export type * from './tables/upload.js';
export type * from './tables/store.js';

export interface Database {
  // modules/address
  logistics_addresses: LogisticsAddressTable;
  // modules/agent
  grades: GradeTable;
  agent_settings: AgentSettingTable;
  agents: AgentTable;
  // modules/audit
  audit_logs: AuditLogTable;
  // modules/bond
  bond_pays: BondPayTable;
  bond_returns: BondReturnTable;
  // modules/cart
  cart_items: CartItemTable;
  // modules/catalog
  products: ProductTable;
  single_products: SingleProductTable;
  grade_prices: GradePriceTable;
  product_hidden_grades: ProductHiddenGradeTable;
  stock_changes: StockChangeTable;
  activities: ActivityTable;
  activity_items: ActivityItemTable;
  grade_gifts: GradeGiftTable;
  banners: BannerTable;
  notices: NoticeTable;
  // modules/chat
  chat_settings: ChatSettingTable;
  chat_conversations: ChatConversationTable;
  chat_messages: ChatMessageTable;
  chat_staff_presence: ChatStaffPresenceTable;
  chat_agent_presence: ChatAgentPresenceTable;
  // modules/funds
  withdraw_banks: WithdrawBankTable;
  collection_accounts: CollectionAccountTable;
  withdraw_rules: WithdrawRuleTable;
  withdrawals: WithdrawalTable;
  transfers: TransferTable;
  frozen_records: FrozenRecordTable;
  income_settings: IncomeSettingTable;
  grade_income_rules: GradeIncomeRuleTable;
  income_sources: IncomeSourceTable;
  network_incomes: NetworkIncomeTable;
  income_debts: IncomeDebtTable;
  // modules/idempotency
  idempotency_keys: IdempotencyKeyTable;
  // modules/ledger
  account_changes: AccountChangeTable;
  // modules/limits
  attempts: AttemptTable;
  rate_counters: RateCounterTable;
  // modules/logistics
  order_parcels: OrderParcelTable;
  // modules/lookups
  trace_codes: TraceCodeTable;
  review_codes: ReviewCodeTable;
  review_queries: ReviewQueryTable;
  code_batches: CodeBatchTable;
  certificate_templates: CertificateTemplateTable;
  // modules/materials
  material_stores: MaterialStoreTable;
  material_classifies: MaterialClassifyTable;
  materials: MaterialTable;
  // modules/notification
  notifications: NotificationTable;
  notification_outbox: NotificationOutboxTable;
  notification_prefs: NotificationPrefTable;
  notification_templates: NotificationTemplateTable;
  wechat_access_tokens: WechatAccessTokenTable;
  announcements: AnnouncementTable;
  // modules/order
  order_rules: OrderRuleTable;
  pay_methods: PayMethodTable;
  freight_rules: FreightRuleTable;
  orders: OrderTable;
  order_lines: OrderLineTable;
  order_logs: OrderLogTable;
  // modules/payment
  receipt_records: ReceiptRecordTable;
  wechat_payments: WechatPaymentTable;
  refunds: RefundTable;
  offline_accounts: OfflineAccountTable;
  offline_pay_settings: OfflinePaySettingTable;
  reconcile_runs: ReconcileRunTable;
  reconcile_diffs: ReconcileDiffTable;
  // modules/performance
  performance_months: PerformanceMonthTable;
  // modules/points
  sign_settings: SignSettingTable;
  point_signs: PointSignTable;
  point_settings: PointSettingTable;
  // modules/refund
  order_refunds: OrderRefundTable;
  order_refund_lines: OrderRefundLineTable;
  refund_payouts: RefundPayoutTable;
  // modules/session
  sessions: SessionTable;
  // modules/settings
  setting_versions: SettingVersionTable;
  setting_proposals: SettingProposalTable;
  // modules/sms
  sms_codes: SmsCodeTable;
  // modules/staff
  staff: StaffTable;
  staff_sessions: StaffSessionTable;
  staff_login_logs: StaffLoginLogTable;
  // modules/upgrade
  upgrade_rules: UpgradeRuleTable;
  recharge_settings: RechargeSettingTable;
  recharge_applies: RechargeApplyTable;
  // modules/upload
  uploads: UploadTable;
  // modules/after-sale (ADR 0036)
  after_sales: AfterSaleTable;
  after_sale_lines: AfterSaleLineTable;
  after_sale_photos: AfterSalePhotoTable;
  after_sale_steps: AfterSaleStepTable;
  // modules/store (ADR 0038)
  store_grade_switches: StoreGradeSwitchTable;
  stores: StoreTable;
  retail_bands: RetailBandTable;
  store_prices: StorePriceTable;
  consumers: ConsumerTable;
  consumer_sessions: ConsumerSessionTable;
  store_orders: StoreOrderTable;
  store_order_lines: StoreOrderLineTable;
}

export type NewAgent = Insertable<AgentTable>;
export type OrderRow = Selectable<OrderTable>;
export type OrderUpdate = Updateable<OrderTable>;
