import type { Deps } from './deps.js';
import { memoryInvalidation, type SessionInvalidation } from './lib/session-invalidation.js';
import type { Handlers } from './http/context.js';
import type { StaffGate } from './http/auth.js';
import { createJobs, type Job } from './jobs/index.js';
// Modules: services (rules) built once.
import { createAccountService } from './modules/account/account.service.js';
import { createAddressService } from './modules/address/address.service.js';
import { createAgentService } from './modules/agent/agent.service.js';
import { createAgentStaffService } from './modules/agent/agent-directory.service.js';
import { createPasswordsService } from './modules/agent/passwords.service.js';
import { createPayPasswordGuard } from './modules/agent/pay-password.js';
import { createProfileService } from './modules/agent/profile.service.js';
import { createAuditService } from './modules/audit/audit.service.js';
import { createAgentMoneyRecords } from './modules/staff/agent-money-records.service.js';
import { createBondService } from './modules/bond/bond.service.js';
import { createCartService } from './modules/cart/cart.service.js';
import { createCatalogAdmin } from './modules/catalog/product-editor.service.js';
import { createCatalogService } from './modules/catalog/catalog.service.js';
import { createContentAdmin } from './modules/catalog/content-editor.service.js';
import { createContentService } from './modules/catalog/content.service.js';
import { createStockAdmin } from './modules/catalog/stock-adjust.service.js';
import { createChatGreeting } from './modules/chat/chat-greeting.service.js';
import { createChatService } from './modules/chat/chat.service.js';
import { createFinanceReports } from './modules/finance-reports/finance-reports.service.js';
import { createFriendsService } from './modules/friends/friends.service.js';
import { createCollectionAccounts } from './modules/funds/accounts.service.js';
import { createFundsService } from './modules/funds/funds.service.js';
import { createFrozenIncomeService } from './modules/funds/frozen-income.service.js';
import { createLimits } from './modules/limits/limits.service.js';
import { createLogisticsService } from './modules/logistics/logistics.service.js';
import { createCertificateTemplates } from './modules/lookups/certificate-template.service.js';
import { createCodesConsole } from './modules/lookups/code-batches.service.js';
import { createLookupGuard } from './modules/lookups/lookup-guard.js';
import { createLookupsService } from './modules/lookups/lookups.service.js';
import { createMaterialsAdmin } from './modules/materials/materials-editor.service.js';
import { createMaterialsService } from './modules/materials/materials.service.js';
import { createOrderService } from './modules/order/order.service.js';
import { createOrdersViewService } from './modules/orders-view/orders-view.service.js';
import { createPaymentReads } from './modules/payment/payment-reads.service.js';
import { createVoucherCheck } from './modules/payment/voucher.service.js';
import { createPerformanceService } from './modules/performance/performance.service.js';
import { createPointsService } from './modules/points/points.service.js';
import { createSessionService } from './modules/session/session.service.js';
import { createSmsService } from './modules/sms/sms.service.js';
import { createStaffFunds } from './modules/staff/staff-funds.service.js';
import { createStaffMembers } from './modules/staff/staff-members.service.js';
import { createConsoleOrders } from './modules/staff/orders-search.service.js';
import { createStaffOrders } from './modules/staff/staff-orders.service.js';
import { allowedBeforeSecondFactor, findStaffById, mayCall, unlistedStaffOperations } from './modules/staff/staff.queries.js';
import { createStaffSessions } from './modules/staff/staff.service.js';
import { createUpgradeService } from './modules/upgrade/upgrade.service.js';
import { createPublicImages } from './modules/upload/upload-public.service.js';
import { createUploadService } from './modules/upload/upload.service.js';
import { createWechatService } from './modules/wechat/wechat.service.js';
// Flows: cross-module transactions, each built once and handed to every route that needs it.
import { createBondFlow } from './flows/payment/bond.js';
import { createOrderClosing } from './flows/close-order.js';
import { createDashboardCounts } from './flows/dashboard-counts.js';
import { createFrozenStoreFlow } from './flows/frozen-store.js';
import { createManageAgent } from './flows/manage-agent.js';
import { createAgentCorrections } from './flows/correct-agent.js';
import { createOrderCorrections } from './flows/correct-order.js';
import { createOrderWechat } from './flows/payment/order-payment.js';
import { createPaymentFlow } from './flows/payment/pay-order.js';
import { createPlaceOrder } from './flows/place-order.js';
import { createRechargeFlow } from './flows/payment/recharge.js';
import { createStaffRefund } from './flows/payment/refund-wechat-payment.js';
import { createReconcileDiffs } from './flows/payment/reconcile-diffs.js';
import { createBondReview } from './flows/payment/review-bond.js';
import { createOfflineReview } from './flows/payment/review-offline-payment.js';
import { createRechargeReview } from './flows/payment/review-recharge.js';
import { createSettings } from './flows/settings.js';
import { createSettingProposals } from './flows/setting-proposals.js';
import { createShipping } from './flows/ship-order.js';
import { createBatchShipping } from './flows/ship-orders-batch.js';
import { createShippingQueue } from './flows/shipping-queue.js';
import { createSignIn } from './flows/sign-in.js';
import { createStaffOrderClosing } from './flows/staff-close-order.js';
import { createTransferFlow } from './flows/transfer.js';
import { createWithdrawFlow } from './flows/withdraw.js';
import { createPayoutImport } from './flows/payout-batch.js';
import { createMoneyHistory } from './modules/staff/money-history.service.js';
import { moneyHistoryHandlers } from './routes/staff/money-history.routes.js';
// Routes by audience: the only place a contract operation meets code.
import { accountHandlers } from './routes/agent/account.routes.js';
import { addressHandlers } from './routes/agent/address.routes.js';
import { bondHandlers } from './routes/agent/bond.routes.js';
import { cartHandlers } from './routes/agent/cart.routes.js';
import { catalogHandlers } from './routes/agent/catalog.routes.js';
import { chatHandlers } from './routes/agent/chat.routes.js';
import { friendsHandlers } from './routes/agent/friends.routes.js';
import { fundsAccountsHandlers } from './routes/agent/funds-accounts.routes.js';
import { fundsHandlers } from './routes/agent/funds.routes.js';
import { frozenIncomeHandlers } from './routes/agent/frozen-income.routes.js';
import { logisticsHandlers } from './routes/agent/logistics.routes.js';
import { materialsHandlers } from './routes/agent/materials.routes.js';
import { noticesHandlers } from './routes/agent/notices.routes.js';
import { orderHandlers } from './routes/agent/order.routes.js';
import { ordersViewHandlers } from './routes/agent/orders-view.routes.js';
import { payResultHandlers } from './routes/agent/pay-result.routes.js';
import { paymentHandlers } from './routes/agent/payment.routes.js';
import { performanceHandlers } from './routes/agent/performance.routes.js';
import { pointsHandlers } from './routes/agent/points.routes.js';
import { profileHandlers } from './routes/agent/profile.routes.js';
import { sessionHandlers } from './routes/agent/session.routes.js';
import { upgradeHandlers } from './routes/agent/upgrade.routes.js';
import { uploadHandlers } from './routes/agent/upload.routes.js';
import { agentHandlers } from './routes/public/agent.routes.js';
import { lookupsHandlers } from './routes/public/lookups.routes.js';
import { publicSessionHandlers } from './routes/public/session.routes.js';
import { staffLoginHandlers } from './routes/public/staff.routes.js';
import { wechatHandlers } from './routes/public/wechat.routes.js';
import { agentStaffHandlers } from './routes/staff/agents.routes.js';
import { auditHandlers } from './routes/staff/audit.routes.js';
import { agentRecordsHandlers } from './routes/staff/agent-records.routes.js';
import { bondStaffHandlers } from './routes/staff/bond.routes.js';
import { catalogAdminHandlers } from './routes/staff/catalog.routes.js';
import { chatGreetingHandlers } from './routes/staff/chat-greeting.routes.js';
import { codesConsoleHandlers } from './routes/staff/codes.routes.js';
import { contentAdminHandlers } from './routes/staff/content.routes.js';
import { staffConsoleHandlers } from './routes/staff/dashboard.routes.js';
import { financeReportsHandlers } from './routes/staff/finance-reports.routes.js';
import { staffFundsHandlers } from './routes/staff/funds.routes.js';
import { publicImageHandlers } from './routes/staff/images.routes.js';
import { materialsAdminHandlers } from './routes/staff/materials.routes.js';
import { consoleOrderHandlers } from './routes/staff/orders.routes.js';
import { orderRefundStaffHandlers } from './routes/staff/order-refunds.routes.js';
import { orderRefundAgentHandlers } from './routes/agent/order-refunds.routes.js';
import { createOrderRefunds } from './flows/refund-order.js';
import { createRefundRecords } from './flows/refund-records.js';
import { createAfterSales } from './flows/after-sale.js';
import { afterSaleAgentHandlers } from './routes/agent/after-sale.routes.js';
import { afterSaleStaffHandlers } from './routes/staff/after-sale.routes.js';
import { settingsConsoleHandlers } from './routes/staff/settings.routes.js';
import { staffHandlers } from './routes/staff/staff.routes.js';
import { upgradeStaffHandlers } from './routes/staff/upgrade.routes.js';
import { correctionHandlers } from './routes/staff/corrections.routes.js';
import { reconcileHandlers } from './routes/staff/reconcile.routes.js';
import { settingProposalHandlers } from './routes/staff/setting-proposals.routes.js';
import { createNotificationService } from './modules/notification/notification.service.js';
import { messagesHandlers } from './routes/agent/messages.routes.js';
import { notificationStaffHandlers } from './routes/staff/notifications.routes.js';
import { createConsumerService } from './modules/store/consumer.service.js';
import { consumerStoreHandlers } from './routes/consumer/store.routes.js';
import { createStoreService } from './modules/store/store.service.js';
import { createStoreOrders } from './flows/store-orders.js';
import { publicStoreHandlers } from './routes/public/store.routes.js';
import { agentStoreHandlers } from './routes/agent/store.routes.js';
import { storeStaffHandlers } from './routes/staff/store.routes.js';

/** The one staff permission table (modules/staff) as the operation routes ask it (ADR 0020, 0028). */
export const staffGate: StaffGate = { mayCall, allowedBeforeSecondFactor, unlisted: unlistedStaffOperations };

/**
 * The composition root (ADR 0028): every service and flow is built here once and handed to the routes of each
 * audience; app.ts registers the answer. Nothing else builds a flow.
 */
export function compose(deps: Deps, shared: { sessionsEnded?: SessionInvalidation } = {}) {
  const k = deps.db.kysely;
  const now = () => deps.clock.now();
  const limits = createLimits(deps);
  const sms = createSmsService(deps, limits);
  // ADR 0040: sessions ended in one process end in every process (app.ts builds the announcements' channel).
  const sessionsEnded = shared.sessionsEnded ?? memoryInvalidation();
  const sessions = createSessionService(deps, limits, sms, sessionsEnded);
  const staffSessions = createStaffSessions(deps, limits, sessionsEnded);
  const payPassword = createPayPasswordGuard(deps, limits);
  // A signed voucher link is bound to its viewer; staff may see the vouchers of their own platform (ADR 0012).
  const staffMay = async (staffId: number, platId: string) => (await findStaffById(k, staffId))?.plat_id === platId;
  const staffNameOf = async (staffId: number) => (await findStaffById(k, staffId))?.username ?? String(staffId);
  const uploads = createUploadService(deps, deps.providers.storage, { staffMay });
  const vouchers = createVoucherCheck(uploads);
  const wechat = createWechatService(deps);
  const upgrades = createUpgradeService(deps, uploads);
  const bonds = createBondService(deps, uploads);
  const profile = createProfileService(deps, sms, uploads, sessions);
  const certTemplates = createCertificateTemplates(deps);
  const lookups = createLookupsService(deps, createLookupGuard(limits, deps.config), certTemplates);
  const publicImages = createPublicImages(deps.providers.storage);
  const chat = createChatService(deps, uploads);
  const content = createContentService(deps);
  const paymentReads = createPaymentReads(deps);
  const notifications = createNotificationService(deps);
  // The agents' retail stores (ADR 0038): consumers identified by the WeChat OAuth openId.
  const consumers = createConsumerService(deps, { openIdOf: async (code) => (await wechat.openId(code)).openId, sms });

  // The payment wing (ADR 0012): one WeChat lifecycle with the order's hooks, shared by every paid subject.
  const wechatPay = createOrderWechat(deps);
  const shipping = createShipping(deps);
  const dashboard = createDashboardCounts(deps);
  // Staff refunds of a paid order (ADR 0034): one flow, shared by the console and (later) after-sales.
  const orderRefunds = createOrderRefunds(deps, wechatPay);
  const refundRecords = createRefundRecords(deps, orderRefunds);
  // Agents' after-sales requests (ADR 0036): finance's refund goes through the same order refund flow.
  const afterSales = createAfterSales(deps, orderRefunds, uploads);
  const store = createStoreService(deps);
  const storeOrders = createStoreOrders(deps, { store, consumers, wechat: wechatPay });
  const funds = { withdraw: createWithdrawFlow(deps, payPassword), transfer: createTransferFlow(deps, payPassword), frozen: createFrozenStoreFlow(deps) };

  const publicHandlers: Handlers[] = [
    publicSessionHandlers(sessions),
    agentHandlers(createAgentService(deps)),
    wechatHandlers(wechat, sessions),
    lookupsHandlers(lookups),
    staffLoginHandlers(staffSessions),
  ];
  const agentHandlersList: Handlers[] = [
    sessionHandlers(sessions),
    addressHandlers(createAddressService(deps)),
    catalogHandlers(createCatalogService(deps), content),
    noticesHandlers(content),
    uploadHandlers(uploads),
    cartHandlers(createCartService(deps)),
    orderHandlers(createOrderService(deps), createPlaceOrder(deps, payPassword), upgrades.rechargeFlags),
    accountHandlers(createAccountService(deps)),
    // Order list, detail, close and receipt (spec 2 §2–§5); closing is the close-order flow's.
    ordersViewHandlers(createOrdersViewService(deps, uploads), createOrderClosing(deps, wechatPay), now),
    logisticsHandlers(createLogisticsService(deps)),
    payResultHandlers(paymentReads),
    paymentHandlers(paymentReads, createPaymentFlow(deps, payPassword, wechatPay, vouchers), now),
    fundsHandlers(createFundsService(deps), funds),
    fundsAccountsHandlers(createCollectionAccounts(deps)),
    frozenIncomeHandlers(createFrozenIncomeService(deps)),
    upgradeHandlers(upgrades, createRechargeFlow(deps, payPassword, wechatPay, vouchers)),
    bondHandlers(bonds, createBondFlow(deps, payPassword, wechatPay, vouchers)),
    pointsHandlers(createPointsService(deps), createSignIn(deps)),
    friendsHandlers(createFriendsService(deps)),
    profileHandlers(profile, createPasswordsService(deps, limits, sms, sessions)),
    materialsHandlers(createMaterialsService(deps)),
    performanceHandlers(createPerformanceService(deps)),
    chatHandlers(chat),
    orderRefundAgentHandlers(refundRecords),
    afterSaleAgentHandlers(afterSales),
    messagesHandlers(notifications),
  ];
  const consoleOrderFlows = {
    batch: createBatchShipping(deps, shipping, storeOrders),
    closing: createStaffOrderClosing(deps, wechatPay),
    refund: createStaffRefund(deps, wechatPay),
    // ADR 0042: the 待发货 queue with the stores' VD orders in it.
    queue: createShippingQueue(deps, createConsoleOrders(deps, uploads)),
  };
  const staffHandlersList: Handlers[] = [
    staffHandlers(staffSessions, createStaffOrders(deps, uploads), { review: createOfflineReview(deps), shipping }, staffNameOf),
    consoleOrderHandlers(deps, createConsoleOrders(deps, uploads), consoleOrderFlows, staffNameOf),
    staffFundsHandlers(createStaffFunds(deps), funds, staffNameOf),
    moneyHistoryHandlers(createMoneyHistory(deps, uploads), createPayoutImport(deps, funds.withdraw), staffNameOf),
    upgradeStaffHandlers(upgrades, createRechargeReview(deps, wechatPay), staffNameOf),
    bondStaffHandlers(bonds, createBondReview(deps, wechatPay, sessions), staffNameOf),
    codesConsoleHandlers(createCodesConsole(deps), certTemplates, staffNameOf),
    agentStaffHandlers(createAgentStaffService(deps), createManageAgent(deps, sessions, sms), staffNameOf),
    auditHandlers(createAuditService(deps)),
    agentRecordsHandlers(createAgentMoneyRecords(deps)),
    catalogAdminHandlers(createCatalogAdmin(deps), createStockAdmin(deps), staffNameOf),
    staffConsoleHandlers(dashboard, createStaffMembers(deps, staffSessions), staffNameOf),
    settingsConsoleHandlers(createSettings(deps), staffNameOf),
    publicImageHandlers(publicImages),
    contentAdminHandlers(createContentAdmin(deps), staffNameOf),
    materialsAdminHandlers(createMaterialsAdmin(deps), staffNameOf),
    chatGreetingHandlers(createChatGreeting(deps), staffNameOf),
    financeReportsHandlers(deps, createFinanceReports(deps)),
    orderRefundStaffHandlers(refundRecords, staffNameOf),
    // ADR 0035: corrections by staff; the agent creation goes through the registration rules.
    correctionHandlers(createOrderCorrections(deps), createAgentCorrections(deps, createAgentService(deps), sessions, sms), staffNameOf),
    reconcileHandlers(createReconcileDiffs(deps, wechatPay, consoleOrderFlows.refund), staffNameOf),
    settingProposalHandlers(createSettingProposals(deps), staffNameOf),
    afterSaleStaffHandlers(afterSales, staffNameOf),
    notificationStaffHandlers(notifications, staffNameOf),
  ];

  return {
    handlers: [
      ...publicHandlers,
      ...agentHandlersList,
      ...staffHandlersList,
      // the agents' retail stores (ADR 0038), one group per audience
      publicStoreHandlers(store, consumers),
      consumerStoreHandlers(consumers, store, storeOrders),
      agentStoreHandlers(store),
      storeStaffHandlers(store, storeOrders, staffNameOf),
    ],
    callers: { sessions, staff: staffSessions, gate: staffGate, consumers },
    sessions,
    staffSessions,
    wechat,
    wechatPay,
    consumers,
    chat,
    dashboard,
    media: { uploads, profile, publicImages, lookups },
  };
}
export type Composed = ReturnType<typeof compose>;

/** The scheduled jobs, with the flows they call built here (server.ts starts them). */
export function scheduledJobs(deps: Deps): Job[] {
  const wechat = createOrderWechat(deps);
  return createJobs({ wechat, storeOrders: createStoreOrders(deps, { store: createStoreService(deps), wechat }) });
}
