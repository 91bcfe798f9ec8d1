import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Timestamps are ISO-8601 text in UTC ('2026-11-21T02:00:00.000Z'): sortable, equal on both databases. */
type Timestamp = string;

export interface GradeTable {
  id: Generated<number>;
  plat_id: string;
  grade_name: string;
  /** 1 is the lowest grade. */
  grade_level: number;
  first_recharge_money: number; // fen
  bond_money: number; // fen
  created_at: Timestamp;
}

export interface AgentSettingTable {
  plat_id: string;
  level_ids: string;
  is_enable: number;
  invitation_title: string;
  invitation_content: string;
  is_contain_name: number;
  agreement_title: string;
  agreement_content: string;
}

export interface AgentTable {
  id: Generated<number>;
  plat_id: string;
  phone: string;
  agent_name: string;
  agent_code: string;
  password_hash: string;
  pay_password_hash: string | null;
  grade_id: number;
  agent_type: number;
  /** 0 not yet recharged, 1 active. */
  agent_status: number;
  is_need_bond_status: number;
  /** 1 while the agent belongs to the network; 0 after the deposit was withdrawn (left). */
  is_active: number;
  inviter_id: number | null;
  head_img_url: string;
  open_id: string | null;
  /** Balances in fen (points are whole points); each equals the sum of its account_changes. */
  last_store: number;
  lave_income: number;
  lave_integral: number;
  bond_money: number;
  frozen_store: number;
  /** Withdrawing (ADR 0017): submitted withdrawals not yet paid out or refused. */
  apply_income: Generated<number>;
  /** Network income earned but still frozen (allFrozenAwardMoney). */
  frozen_award: Generated<number>;
  created_at: Timestamp;
  /** Profile (spec 3 §5 Profile, migration 009): sex 0 female, 1 male, 2 secret; birth date 'YYYY-MM-DD' or ''. */
  wx_number: Generated<string>;
  birth_date: Generated<string>;
  sex: Generated<number>;
  province_code: Generated<string>;
  city_code: Generated<string>;
  /** Set when staff turned the agent's login off (ADR 0020, migration 013); null = may log in. */
  login_disabled_at: Generated<Timestamp | null>;
  /** ADR 0026 (migration 020): when finance waived the deposit due; when a full refund took the agent out (is_active 0). */
  bond_waived_at: Generated<Timestamp | null>;
  deactivated_at: Generated<Timestamp | null>;
  /** 1 after a staff reset (ADR 0024, migration 019): the one-time password must be replaced before anything else. */
  must_change_password: Generated<number>;
}

/** One ledger for every balance: account is 'store' | 'income' | 'integral' | 'bond' | 'frozen'. */
export interface AccountChangeTable {
  id: Generated<number>;
  plat_id: string;
  agent_id: number;
  account: string;
  /** Signed: positive adds, negative takes. */
  amount: number;
  balance_after: number;
  /** The spec's change code (changeState). */
  change_state: number;
  order_code: string | null;
  remark: string;
  created_at: Timestamp;
}

export interface SessionTable {
  token_hash: string;
  agent_id: number;
  plat_id: string;
  remember: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  /** 1 when opened with a one-time password (ADR 0024): only setting a new password is allowed. */
  must_change_password: Generated<number>;
}

export interface SmsCodeTable {
  id: Generated<number>;
  plat_id: string;
  phone: string;
  func_type: number;
  code_hash: string;
  attempts: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** Counters for lockouts and quotas (login failures per account, SMS per phone per day). */
export interface AttemptTable {
  key: string;
  count: number;
  window_start: Timestamp;
  locked_until: Timestamp | null;
  /** Checks under way that hold a slot (ADR 0024: payment password); they count towards the limit until settled. */
  pending: Generated<number>;
}

export interface ProductTable {
  id: Generated<number>;
  plat_id: string;
  prod_type: number;
  prod_name: string;
  prod_introduction: Generated<string>;
  prod_remark: Generated<string>;
  main_img_url: Generated<string>;
  detail_img_urls: Generated<string>;
  detail_video_url: Generated<string>;
  base_sale: Generated<number>;
  actual_sale: Generated<number>;
  sort: Generated<number>;
  is_phone_show: Generated<number>;
  created_at: Timestamp;
}

export interface SingleProductTable {
  id: Generated<number>;
  plat_id: string;
  product_id: number;
  spec_disp_str: string;
  price: number;
  img_url: Generated<string>;
  /** Stock; never below zero. */
  virtual_num: number;
  weight: Generated<number>;
  integral_num: Generated<number>;
  touch_state: Generated<number>;
  touch_money: Generated<number>;
  sort: Generated<number>;
}

/** A product is hidden from these grades even where it has a price (migration 014). */
export interface ProductHiddenGradeTable {
  product_id: number;
  grade_id: number;
}

/** A stock change made by staff: a delta applied by a conditional update, with the stock it left (migration 014). */
export interface StockChangeTable {
  id: Generated<number>;
  plat_id: string;
  single_prod_id: number;
  delta: number;
  stock_after: number;
  reason: string;
  staff_id: number;
  staff_name: string;
  created_at: Timestamp;
}

export interface GradePriceTable {
  single_prod_id: number;
  grade_id: number;
  final_price: number;
}

export interface ActivityTable {
  id: Generated<number>;
  plat_id: string;
  product_id: number;
  exchange_type: number;
  expiry_start_date: Timestamp;
  expiry_end_date: Timestamp;
  all_use_num: Generated<number>;
  sort: Generated<number>;
  is_phone_show: Generated<number>;
  created_at: Timestamp;
}

export interface ActivityItemTable {
  id: Generated<number>;
  activity_id: number;
  single_prod_id: number;
  exchange_integral: Generated<number>;
  exchange_price: Generated<number>;
  last_num: number;
  spec_info: Generated<string>;
}

export interface GradeGiftTable {
  grade_id: number;
  single_prod_id: number;
  buy_num: number;
}

export interface BannerTable {
  id: Generated<number>;
  plat_id: string;
  type: Generated<number>;
  img_url: string;
  link_url: Generated<string>;
  sort: Generated<number>;
  /** Migration 016: the window the shop shows it in (null: open) and its switch. */
  start_at: string | null;
  end_at: string | null;
  enabled: Generated<number>;
}

export interface NoticeTable {
  id: Generated<number>;
  plat_id: string;
  notice_name: string;
  notice_content: string;
  is_timing_release: Generated<number>;
  release_date: Timestamp;
  created_at: Timestamp;
  modified_at: Timestamp;
}

export interface PointSettingTable {
  plat_id: string;
  point_change: number;
  state: number;
  sign_state: number;
  charge_money: number;
  charge_get_point: number;
}

export interface OrderRuleTable {
  plat_id: string;
  no_pay_minutes: number;
  post_state: number;
  post_money: number;
  /** 1: free postage is borne by the buyer's upper agent when there is one (migration 015). */
  up_pays_post: Generated<number>;
  /** A shipped order is received automatically this many days after shipping (migration 021, ADR 0027). */
  auto_receive_days: Generated<number>;
}

export interface PayMethodTable {
  id: Generated<number>;
  plat_id: string;
  type: number;
  is_can_pay_postage: Generated<number>;
  is_enable: Generated<number>;
  sort: Generated<number>;
}

export interface FreightRuleTable {
  id: Generated<number>;
  plat_id: string;
  province_code: string;
  first_weight: number;
  first_fee: number;
  extra_weight: number;
  extra_fee: number;
}

export interface CartItemTable {
  id: Generated<number>;
  plat_id: string;
  agent_id: number;
  single_prod_id: number;
  prod_type: number;
  prod_num: number;
  created_at: Timestamp;
}

export interface OrderTable {
  id: Generated<number>;
  plat_id: string;
  order_code: string;
  order_type: number;
  pay_type: number;
  circulation_state: number;
  pay_state: number;
  close_state: number;
  total_money: number;
  post_money: number;
  all_money: number;
  actual_money: number;
  point_balance_money: number;
  balance_point: number;
  prod_all_point: number;
  actual_point: number;
  gift_point: number;
  is_up_send_post: number;
  up_agent_id: number | null;
  seckill_id: number | null;
  is_first_gift: number;
  order_note: string;
  create_agent_id: number;
  create_agent_name: string;
  create_agent_tel: string;
  create_agent_code: string;
  apg_id: number | null;
  apg_code: string | null;
  apg_sys_code: string | null;
  receiver_name: string;
  receiver_phone: string;
  receiver_nation: string;
  receiver_province: string;
  receiver_city: string;
  receiver_county: string;
  receive_county_id: string;
  receiver_post_code: string;
  receiver_address: string;
  idempotency_key: string | null;
  created_at: Timestamp;
  pay_date: Timestamp | null;
  close_date: Timestamp | null;
  close_reason: string | null;
  send_state: Generated<number>;
  send_date: Timestamp | null;
  receipt_date: Timestamp | null;
  confirm_pay_state: Generated<number>;
  confirm_reject_reason: string | null;
  goods_pay_money: Generated<number>;
  award_pay_money: Generated<number>;
  other_actual_money: Generated<number>;
  offline_pay_money: Generated<number>;
  pay_serial: string | null;
  pay_deadline: Timestamp | null;
}

export interface OrderLineTable {
  id: Generated<number>;
  order_id: number;
  prod_id: number;
  single_prod_id: number;
  activity_item_id: number | null;
  prod_name: string;
  spec_disp_str: string;
  img_url: string;
  weight: number;
  buy_num: number;
  prod_old_price: number;
  prod_price: number;
  prod_deal_price: number;
  prod_all_money: number;
  prod_point: number;
  total_point: number;
  point_balance_money: number;
  balance_point: number;
  is_first_gift: number;
}

/** spec 2 §3 order logistics address; region names are copied from the codes. */
export interface LogisticsAddressTable {
  id: Generated<number>;
  plat_id: string;
  agent_id: number;
  create_su_id: number;
  create_su_name: string;
  country: string;
  receiver_name: string;
  receiver_phone: string;
  province: string;
  province_code: string;
  /** Empty for Taiwan; a Hong Kong or Macau district when one is picked. */
  city: string;
  city_code: string;
  district: string;
  district_code: string;
  address: string;
  post_code: string;
  /** 1 for the agent's one default address. */
  is_def_addr: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ReceiptRecordTable {
  id: Generated<number>;
  plat_id: string;
  order_id: number;
  agent_id: number;
  pay_money: number;
  post_money: Generated<number>;
  account_id: number | null;
  receive_bank_name: Generated<string>;
  receive_sub_bank_name: Generated<string>;
  receive_account_name: Generated<string>;
  receive_account_number: Generated<string>;
  remit_account_name: Generated<string>;
  remit_account_number: Generated<string>;
  voucher_img_url: Generated<string>;
  remark: Generated<string>;
  check_state: Generated<number>;
  check_remark: Generated<string>;
  created_at: Timestamp;
  checked_at: Timestamp | null;
}

/** What a payment pays for (ADR 0012): an order, a first top-up, an upgrade, a compliance deposit (ADR 0017). */
export type SubjectKind = 'order' | 'recharge' | 'upgrade' | 'bond';

export interface WechatPaymentTable {
  id: Generated<number>;
  plat_id: string;
  subject_kind: SubjectKind;
  subject_id: number;
  agent_id: number;
  out_trade_no: string;
  amount: number;
  goods_part: Generated<number>;
  income_part: Generated<number>;
  state: Generated<number>;
  prepay_id: string | null;
  transaction_id: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  paid_at: Timestamp | null;
}

export interface RefundTable {
  id: Generated<number>;
  plat_id: string;
  subject_kind: SubjectKind;
  subject_id: number;
  payment_id: number;
  amount: number;
  /** 0 processing, 1 succeeded, 2 closed, 3 abnormal */
  state: Generated<number>;
  out_refund_no: string;
  refund_id: string | null;
  reason: Generated<string>;
  created_at: Timestamp;
  succeeded_at: Timestamp | null;
}

export interface OfflineAccountTable {
  id: Generated<number>;
  plat_id: string;
  account_classify: number;
  bank_dic_name: Generated<string>;
  sub_bank_name: Generated<string>;
  account_name: string;
  account_number: string;
  qr_code_img_url: Generated<string>;
  is_default: Generated<number>;
}

export interface OfflinePaySettingTable {
  plat_id: string;
  line_charge_voucher: Generated<number>;
}

export interface OrderParcelTable {
  id: Generated<number>;
  order_id: number;
  logistics_name: string;
  shipper_code: string;
  phone: Generated<string>;
  waybill_code: string;
  created_at: Timestamp;
}

export interface StaffTable {
  id: Generated<number>;
  plat_id: string;
  username: string;
  display_name: string;
  password_hash: string;
  role: string;
  created_at: Timestamp;
  /** Migration 013 (ADR 0020): a disabled member cannot log in; the TOTP second factor. */
  disabled_at: Generated<Timestamp | null>;
  totp_secret: Generated<string | null>;
  totp_pending_secret: Generated<string | null>;
  /** The last accepted TOTP time step: a code is accepted once. */
  totp_last_step: Generated<number | null>;
}

export interface StaffSessionTable {
  token_hash: string;
  staff_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  /** 1 when the second factor was given at login (migration 013). */
  second_factor: Generated<number>;
}

export interface OrderLogTable {
  id: Generated<number>;
  order_id: number;
  order_state: number;
  opt_name: string;
  opt_by: string;
  opt_remark: Generated<string>;
  created_at: Timestamp;
}

export interface UploadTable {
  id: string;
  plat_id: string;
  agent_id: number;
  bytes: number;
  created_at: Timestamp;
}

export interface AuditLogTable {
  id: Generated<number>;
  plat_id: string;
  staff_id: number;
  staff_name: string;
  role: string;
  operation: string;
  target_kind: string;
  target_id: number;
  agent_id: number | null;
  amount: Generated<number>;
  before_state: Generated<string>;
  after_state: Generated<string>;
  reason: Generated<string>;
  detail: Generated<string>;
  ip: Generated<string>;
  created_at: Timestamp;
}

export interface WithdrawBankTable {
  id: Generated<number>;
  plat_id: string;
  bank_name: string;
  sort: Generated<number>;
}

/** An agent's own collection account (where withdrawals are paid); never the platform's offline_accounts. */
export interface CollectionAccountTable {
  id: Generated<number>;
  plat_id: string;
  agent_id: number;
  account_belong_type: Generated<number>;
  account_classify: Generated<number>;
  bank_dic_id: number | null;
  bank_dic_name: Generated<string>;
  sub_bank_name: Generated<string>;
  account_name: string;
  account_number: string;
  qr_code_img_url: Generated<string>;
  is_default: Generated<number>;
  is_deleted: Generated<number>;
  created_at: Timestamp;
}

export interface WithdrawRuleTable {
  plat_id: string;
  is_all_withdraw: Generated<number>;
  min_withdraw_money: Generated<number>;
  base_money: Generated<number>;
  /** serviceChargeRatio in parts per million (0.6 % = 6000). */
  service_charge_ppm: Generated<number>;
  is_can_ts: Generated<number>;
  ts_msg: Generated<string>;
}

export interface WithdrawalTable {
  id: Generated<number>;
  plat_id: string;
  agent_id: number;
  withdraw_code: string;
  /** What left the total score; the fee is part of it (arrival = amount − fee). */
  amount: number;
  fee: number;
  account_id: number;
  receive_bank_name: string;
  receive_sub_bank_name: string;
  receive_account_name: string;
  receive_account_number: string;
  check_state: Generated<number>;
  check_remark: Generated<string>;
  payout_reference: Generated<string>;
  idempotency_key: string | null;
  created_at: Timestamp;
  checked_at: Timestamp | null;
}

export interface TransferTable {
  id: Generated<number>;
  plat_id: string;
  transfer_code: string;
  from_agent_id: number;
  to_agent_id: number;
  amount: number;
  remark: Generated<string>;
  idempotency_key: string | null;
  created_at: Timestamp;
}

export interface FrozenRecordTable {
  id: Generated<number>;
  plat_id: string;
  agent_id: number;
  frozen_money: number;
  frozen_state: Generated<number>;
  release_at: Timestamp;
  remark: Generated<string>;
  created_by: Generated<string>;
  created_at: Timestamp;
  thawed_at: Timestamp | null;
}

export interface IncomeSettingTable {
  plat_id: string;
  release_days: Generated<number>;
}

export interface GradeIncomeRuleTable {
  grade_id: number;
  plat_id: string;
  recruit_reward: Generated<number>;
}

export interface IncomeSourceTable {
  source_kind: string;
  source_id: number;
  plat_id: string;
  created_at: Timestamp;
}

export interface NetworkIncomeTable {
  id: Generated<number>;
  plat_id: string;
  agent_id: number;
  from_agent_id: number;
  source_kind: string;
  source_id: number;
  source_code: string;
  change_state: number;
  amount: number;
  state: Generated<number>;
  release_at: Timestamp | null;
  created_at: Timestamp;
  settled_at: Timestamp | null;
}

/** ADR 0017: upgrade rules of a grade; single_money null means "recruit agents". */
export interface UpgradeRuleTable {
  id: Generated<number>;
  plat_id: string;
  grade_id: number;
  single_money: number | null;
  recruit_count: Generated<number>;
  rule_str: Generated<string>;
  success_rule_str: Generated<string>;
  sort: Generated<number>;
}

export interface RechargeSettingTable {
  plat_id: string;
  recharge_state: Generated<number>;
  loan_recharge_state: Generated<number>;
}

interface Receiving {
  account_id: number | null;
  receive_bank_name: Generated<string>;
  receive_sub_bank_name: Generated<string>;
  receive_account_name: Generated<string>;
  receive_account_number: Generated<string>;
}
interface PaidBy extends Receiving {
  remit_account_name: Generated<string>;
  remit_account_number: Generated<string>;
  voucher_img_url: Generated<string>;
  pay_serial: string | null;
  paid_at: Timestamp | null;
}
interface Reviewed {
  /** -1 awaiting its WeChat payment, 0 pending, 1 approved, 2 rejected, 3 cancelled. */
  check_state: number;
  check_remark: Generated<string>;
  checked_at: Timestamp | null;
  checked_by: number | null;
  created_at: Timestamp;
}

/** A first top-up (grade_up_type 1) or an upgrade (2), fen. */
export interface RechargeApplyTable extends PaidBy, Reviewed {
  id: Generated<number>;
  plat_id: string;
  agent_id: number;
  recharge_code: string;
  grade_up_type: number;
  old_grade_id: number;
  new_grade_id: number;
  recharge_money: number;
  pay_type: number;
  remark: Generated<string>;
}

export interface BondPayTable extends PaidBy, Reviewed {
  id: Generated<number>;
  plat_id: string;
  agent_id: number;
  bond_code: string;
  bond_money: number;
  pay_type: number;
  remark: Generated<string>;
}

export interface BondReturnTable extends Receiving, Reviewed {
  id: Generated<number>;
  plat_id: string;
  agent_id: number;
  bond_return_code: string;
  bond_return_type: number;
  return_bond_money: number;
  remark: Generated<string>;
  payout_reference: Generated<string>;
}

/** Sign-in settings (spec 3 §4 Sign-in); the on/off switch is point_settings.sign_state. */
export interface SignSettingTable {
  plat_id: string;
  is_continuity_sign: Generated<number>;
  continuity_num: Generated<number>;
  fixed_integral: Generated<number>;
  continuity_integral: Generated<number>;
  bg_image: Generated<string>;
}

/** One row per agent per China day (unique): the sign-in and what it credited. */
export interface PointSignTable {
  id: Generated<number>;
  plat_id: string;
  agent_id: number;
  sign_date: string;
  streak_day: number;
  points: Generated<number>;
  bonus: Generated<number>;
  created_at: Timestamp;
}

/** Migration 011 (ADR 0018): trace and anti-counterfeit codes, the material centre. */
export interface TraceCodeTable {
  id: Generated<number>;
  plat_id: string;
  trace_code: string;
  single_prod_id: number;
  /** 0 headquarters, otherwise agent. */
  agent_type: Generated<number>;
  agent_id: number | null;
  /** 0 an agent holds it, otherwise a member. */
  ascription_type: Generated<number>;
  cus_name: Generated<string>;
  cus_phone: Generated<string>;
  cus_grade_name: Generated<string>;
  created_at: Timestamp;
  /** The batch it was generated in (migration 017); null for older codes. */
  batch_id: number | null;
}

export interface ReviewCodeTable {
  id: Generated<number>;
  plat_id: string;
  review_code: string;
  single_prod_id: number;
  created_at: Timestamp;
  batch_id: number | null;
}

/** A batch of generated codes (ADR 0022, migration 017). */
export interface CodeBatchTable {
  id: Generated<number>;
  plat_id: string;
  /** 1 trace, 2 anti-counterfeit. */
  code_type: number;
  single_prod_id: number;
  count: number;
  staff_id: number;
  staff_name: Generated<string>;
  created_at: Timestamp;
}

/** The authorization certificate's template, one per platform (migration 017). */
export interface CertificateTemplateTable {
  plat_id: string;
  background_key: Generated<string>;
  /** JSON: { agentName, gradeName, code, validity: { x, y, size } }. */
  fields: string;
  updated_by: number;
  updated_at: Timestamp;
}

export interface ReviewQueryTable {
  id: Generated<number>;
  review_code_id: number;
  queried_at: Timestamp;
}

export interface MaterialStoreTable {
  plat_id: string;
  store_name: Generated<string>;
  store_img_url: Generated<string>;
}

export interface MaterialClassifyTable {
  id: Generated<number>;
  plat_id: string;
  classify_name: string;
  sort: Generated<number>;
}

export interface MaterialTable {
  id: Generated<number>;
  plat_id: string;
  classify_id: number;
  material_content: Generated<string>;
  /** 1 video, 2 images. */
  material_type: Generated<number>;
  /** Comma-joined URLs. */
  file_urls: Generated<string>;
  video_picture_url: Generated<string>;
  created_at: Timestamp;
}

/** Migration 012 (ADR 0019): customer-service chat. */
export interface ChatSettingTable {
  plat_id: string;
  greetings: Generated<string>;
  head_img: Generated<string>;
}

export interface ChatConversationTable {
  id: Generated<number>;
  plat_id: string;
  agent_id: number;
  agent_name: Generated<string>;
  /** 1 open, 0 closed. */
  state: Generated<number>;
  created_at: Timestamp;
  closed_at: Timestamp | null;
  closed_by: number | null;
}

export interface ChatMessageTable {
  id: Generated<number>;
  plat_id: string;
  chat_id: number;
  agent_id: number;
  staff_id: number | null;
  /** 'a' the agent, 's<staffId>' a staff member. */
  sender: string;
  client_msg_id: string;
  send_type: Generated<number>;
  msg_type: Generated<number>;
  content: Generated<string>;
  pic_url: Generated<string>;
  is_reply: Generated<number>;
  created_at: Timestamp;
}

export interface ChatStaffPresenceTable {
  instance_id: string;
  staff_id: number;
  plat_id: string;
  seen_at: Timestamp;
}

/** The version of one settings area (migration 015): a save moves it one up by a conditional update. */
export interface SettingVersionTable {
  plat_id: string;
  setting_key: string;
  version: Generated<number>;
}

/** One money-moving submission per (actor, key), with its fingerprint and first answer (ADR 0023). */
export interface IdempotencyKeyTable {
  id: Generated<number>;
  plat_id: string;
  actor_kind: 'agent' | 'staff';
  actor_id: number;
  idempotency_key: string;
  operation: string;
  idempotency_fingerprint: string;
  answer: string | null;
  created_at: Timestamp;
}

export interface Database {
  grades: GradeTable;
  agent_settings: AgentSettingTable;
  agents: AgentTable;
  sign_settings: SignSettingTable;
  point_signs: PointSignTable;
  account_changes: AccountChangeTable;
  sessions: SessionTable;
  sms_codes: SmsCodeTable;
  attempts: AttemptTable;
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
  point_settings: PointSettingTable;
  order_rules: OrderRuleTable;
  pay_methods: PayMethodTable;
  freight_rules: FreightRuleTable;
  cart_items: CartItemTable;
  orders: OrderTable;
  order_lines: OrderLineTable;
  receipt_records: ReceiptRecordTable;
  wechat_payments: WechatPaymentTable;
  refunds: RefundTable;
  offline_accounts: OfflineAccountTable;
  offline_pay_settings: OfflinePaySettingTable;
  order_parcels: OrderParcelTable;
  staff: StaffTable;
  staff_sessions: StaffSessionTable;
  order_logs: OrderLogTable;
  uploads: UploadTable;
  upgrade_rules: UpgradeRuleTable;
  recharge_settings: RechargeSettingTable;
  recharge_applies: RechargeApplyTable;
  bond_pays: BondPayTable;
  bond_returns: BondReturnTable;
  logistics_addresses: LogisticsAddressTable;
  audit_logs: AuditLogTable;
  withdraw_banks: WithdrawBankTable;
  collection_accounts: CollectionAccountTable;
  withdraw_rules: WithdrawRuleTable;
  withdrawals: WithdrawalTable;
  transfers: TransferTable;
  frozen_records: FrozenRecordTable;
  income_settings: IncomeSettingTable;
  setting_versions: SettingVersionTable;
  grade_income_rules: GradeIncomeRuleTable;
  income_sources: IncomeSourceTable;
  network_incomes: NetworkIncomeTable;
  trace_codes: TraceCodeTable;
  review_codes: ReviewCodeTable;
  review_queries: ReviewQueryTable;
  code_batches: CodeBatchTable;
  certificate_templates: CertificateTemplateTable;
  material_stores: MaterialStoreTable;
  material_classifies: MaterialClassifyTable;
  materials: MaterialTable;
  chat_settings: ChatSettingTable;
  chat_conversations: ChatConversationTable;
  chat_messages: ChatMessageTable;
  chat_staff_presence: ChatStaffPresenceTable;
  idempotency_keys: IdempotencyKeyTable;
}

export type AgentRow = Selectable<AgentTable>;
export type NewAgent = Insertable<AgentTable>;
export type AgentUpdate = Updateable<AgentTable>;
export type GradeRow = Selectable<GradeTable>;
export type OrderRow = Selectable<OrderTable>;
export type OrderUpdate = Updateable<OrderTable>;
