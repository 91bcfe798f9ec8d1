import { STAFF_ROLES, type StaffRole } from '@shop/contract';

/**
 * The one table of which role may call which staff operation (ADR 0020). The operation routes check it
 * before any staff handler runs (a refused call changes nothing), the start refuses a staff operation the table does not
 * list, and the console draws its menu from it: staffLogin answers the operations of the member's role.
 */
const ALL: readonly StaffRole[] = STAFF_ROLES;
const FINANCE: readonly StaffRole[] = ['admin', 'finance'];
const WAREHOUSE: readonly StaffRole[] = ['admin', 'warehouse'];
const ADMIN: readonly StaffRole[] = ['admin'];
/**
 * Least privilege (ADR 0025): the warehouse sees orders, parcels and stock; the operator catalog and content; the
 * service desk an agent's profile, orders and chat with balances summarised; finance and admin the money.
 */
/** Who looks orders up: those who answer an agent, ship the goods or take the money. */
const ORDER_READERS: readonly StaffRole[] = ['admin', 'finance', 'warehouse', 'service'];
/** Who looks agents up (profile, network): those who answer an agent or handle their money. */
const AGENT_READERS: readonly StaffRole[] = ['admin', 'finance', 'service'];

export const STAFF_OPERATION_ROLES: Readonly<Record<string, readonly StaffRole[]>> = {
  // own session and second factor
  staffLogout: ALL,
  selectStaffSelf: ALL,
  startTotpEnrolment: ALL,
  confirmTotpEnrolment: ALL,
  // dashboard: every role sees the pending work
  selectDashboardCounts: ALL,
  // offline payments and shipping
  selectPendingReviewOrders: FINANCE,
  reviewOfflinePayment: FINANCE,
  shipOrder: WAREHOUSE,
  selectOrdersToShip: WAREHOUSE,
  shipOrdersBatch: WAREHOUSE,
  // orders
  searchOrders: ORDER_READERS,
  selectStaffOrderDetail: ORDER_READERS,
  exportOrders: ['admin', 'finance', 'warehouse'],
  closeOrderByStaff: ['admin', 'finance', 'service'],
  refundWechatPayment: FINANCE,
  // ADR 0034: refunding a paid order moves money back; the payouts are finance's to pay
  previewOrderRefund: FINANCE,
  refundOrder: FINANCE,
  selectOrderRefunds: ORDER_READERS,
  selectRefundPayouts: FINANCE,
  payRefundPayout: FINANCE,
  // ADR 0036: after-sales requests; the warehouse reads them to receive returns, finance refunds through ADR 0034
  searchAfterSales: ORDER_READERS,
  selectStaffAfterSaleDetail: ORDER_READERS,
  reviewAfterSale: ['admin', 'finance', 'service'],
  receiveAfterSaleReturn: WAREHOUSE,
  previewAfterSaleRefund: FINANCE,
  refundAfterSale: FINANCE,
  // reconciliation with WeChat Pay's bills (ADR 0032)
  selectReconcileDiffs: FINANCE,
  runReconcile: FINANCE,
  resolveReconcileDiff: FINANCE,
  // top-ups, upgrades, deposits, withdrawals
  selectPendingRecharges: FINANCE,
  reviewRecharge: FINANCE,
  selectPendingBonds: FINANCE,
  reviewBondPayment: FINANCE,
  selectPendingBondReturns: FINANCE,
  reviewBondReturn: FINANCE,
  selectPendingWithdrawals: FINANCE,
  reviewWithdrawal: FINANCE,
  freezeStore: FINANCE,
  // ADR 0030: the money history lists and exports, and withdrawals paid in a batch (bank files out and in)
  selectMoneyHistory: FINANCE,
  exportMoneyHistory: FINANCE,
  exportPayoutBatch: FINANCE,
  importPayoutResults: FINANCE,
  // agents
  searchAgents: AGENT_READERS,
  selectAgentDetail: AGENT_READERS,
  // the grade list also names the per-grade prices of the catalog's product editor
  selectAgentGrades: ['admin', 'finance', 'service', 'operator'],
  // an agent's money ledger, and (not an operation) exact balances in the agent list and detail
  selectAgentChanges: FINANCE,
  'data:agent-money': FINANCE,
  selectAgentInvitees: AGENT_READERS,
  // the picker of the trace-code assignment: name, phone, code, grade; no balances
  selectAgentOptions: ['admin', 'operator'],
  adjustAgentBalance: FINANCE,
  setAgentLoginEnabled: ['admin', 'service'],
  changeAgentGrade: ADMIN,
  resetAgentPassword: ['admin', 'service'],
  // ADR 0026: waiving the deposit due and taking back an agent who left by a full refund decide about money owed
  waiveAgentBondDue: FINANCE,
  reactivateAgent: FINANCE,
  // ADR 0035: corrections by staff; the warehouse's on parcels and addresses, the service desk's on a profile
  correctWaybill: WAREHOUSE,
  markOrderNotShipped: WAREHOUSE,
  changeOrderAddress: WAREHOUSE,
  editAgentProfile: ['admin', 'service'],
  changeAgentInviter: ADMIN,
  createAgentByStaff: ADMIN,
  // staff and the audit trail
  selectStaffList: ADMIN,
  saveStaff: ADMIN,
  selectAuditLog: FINANCE,
  selectAuditStaff: FINANCE,
  // ADR 0033: the readable trail's export; the own password for everyone; the login log for admins
  exportAuditLog: FINANCE,
  changeOwnStaffPassword: ALL,
  selectStaffLoginLog: ADMIN,
  // ADR 0033: the agent detail's money tabs (top-ups, withdrawals, deposits, collection accounts): the money's roles
  selectAgentMoneyRecords: FINANCE,
  // settings (ADR 0022): every area read by those who need it; saveSetting of the money areas (grades, withdrawal
  // rule, pay methods, receiving accounts, income) only by 'data:money-settings' (ADR 0032), and the two-key ones only
  // through an approved proposal
  selectSettings: ['admin', 'operator', 'finance'],
  saveSetting: ['admin', 'operator', 'finance'],
  'data:money-settings': FINANCE,
  'data:shop-settings': ['admin', 'operator'],
  proposeSetting: FINANCE,
  selectSettingProposals: FINANCE,
  decideSettingProposal: FINANCE,
  // catalog (ADR 0021): operators and admins edit it; the warehouse reads it and corrects stock
  selectProductsAdmin: ['admin', 'operator', 'warehouse'],
  selectProductAdmin: ['admin', 'operator', 'warehouse'],
  saveProduct: ['admin', 'operator'],
  saveProductSpec: ['admin', 'operator'],
  adjustStock: ['admin', 'operator', 'warehouse'],
  selectStockChanges: ['admin', 'operator', 'warehouse'],
  saveSpecGifts: ['admin', 'operator'],
  // content (ADR 0022) and activities
  uploadStaffImage: ['admin', 'operator'],
  selectBannersAdmin: ['admin', 'operator'],
  saveBanner: ['admin', 'operator'],
  selectNoticesAdmin: ['admin', 'operator'],
  saveNotice: ['admin', 'operator'],
  selectMaterialClassifiesAdmin: ['admin', 'operator'],
  saveMaterialClassify: ['admin', 'operator'],
  selectMaterialsAdmin: ['admin', 'operator'],
  saveMaterial: ['admin', 'operator'],
  selectChatGreeting: ['admin', 'operator', 'service'],
  saveChatGreeting: ['admin', 'operator'],
  selectActivitiesAdmin: ['admin', 'operator'],
  saveActivity: ['admin', 'operator'],
  // codes and the certificate template (ADR 0022)
  generateCodeBatch: ['admin', 'operator'],
  selectCodeBatches: ['admin', 'operator'],
  selectCodeSpecOptions: ['admin', 'operator'],
  exportCodeBatch: ['admin', 'operator'],
  assignTraceCodes: ['admin', 'operator'],
  selectCertificateTemplate: ['admin', 'operator'],
  previewCertificateTemplate: ['admin', 'operator'],
  saveCertificateTemplate: ['admin', 'operator'],
  // the platform ledger and the finance reports (ADR 0031): money, so finance and admin only
  selectLedgerRecords: FINANCE,
  exportLedgerRecords: FINANCE,
  selectCashReport: FINANCE,
  exportCashReport: FINANCE,
  selectCashToday: FINANCE,
  selectLiabilities: FINANCE,
  selectIncomeReport: FINANCE,
  exportIncomeReport: FINANCE,
  selectAgentStatement: FINANCE,
  exportAgentStatement: FINANCE,
  // the agents' retail stores (ADR 0038): switches and price bands by the operator, VD orders shipped and refunded
  staffSelStoreSwitches: ['admin', 'operator'],
  staffSaveGradeStore: ['admin', 'operator'],
  staffSelAgentStore: ['admin', 'operator'],
  staffSaveAgentStore: ['admin', 'operator'],
  staffSelRetailBands: ['admin', 'operator', 'finance'],
  staffSaveRetailBand: ['admin', 'operator'],
  staffSelStoreOrders: ORDER_READERS,
  staffShipStoreOrder: WAREHOUSE,
  staffRefundStoreOrder: FINANCE,
  // sockets (not operations): the customer-service console and the dashboard's live counts
  // ADR 0037: announcements by those who write the content; delivery failures, counts and templates by admins
  sendAnnouncement: ['admin', 'operator'],
  selectAnnouncements: ['admin', 'operator'],
  selectDeadLetters: ADMIN,
  retryDeadLetter: ADMIN,
  selectDeliveryCounts: ADMIN,
  selectNotifyTemplates: ADMIN,
  saveNotifyTemplates: ADMIN,
  'ws:staff-chat': ['admin', 'service'],
  'ws:staff-events': ALL,
};

/** What a member whose second factor is still missing may do: enrol it, look at themselves, leave. */
const BEFORE_SECOND_FACTOR = new Set(['staffLogout', 'selectStaffSelf', 'startTotpEnrolment', 'confirmTotpEnrolment']);
export const allowedBeforeSecondFactor = (name: string) => BEFORE_SECOND_FACTOR.has(name);

/** May `role` call the staff operation `name`? An operation the table does not list: nobody. */
export function mayCall(role: StaffRole, name: string): boolean {
  return STAFF_OPERATION_ROLES[name]?.includes(role) ?? false;
}

/** The staff operations a role may call, in the table's order (the console's menu). */
export function operationsOf(role: StaffRole): string[] {
  return Object.keys(STAFF_OPERATION_ROLES).filter((name) => mayCall(role, name));
}

/** Staff operations of the contract the table forgets: the start refuses them (nobody could call them). */
export function unlistedStaffOperations(staffOps: readonly string[]): string[] {
  return staffOps.filter((name) => !(name in STAFF_OPERATION_ROLES));
}

/** Entries that are no operation: sockets (`ws:`) and data a role may see inside an answer (`data:`, ADR 0025). */
const notAnOperation = (name: string) => name.startsWith('ws:') || name.startsWith('data:');

/** Table entries that name no contract operation, socket or data key: a typo or a removed operation. */
export function staleEntries(staffOps: readonly string[]): string[] {
  return Object.keys(STAFF_OPERATION_ROLES).filter((name) => !notAnOperation(name) && !staffOps.includes(name));
}
