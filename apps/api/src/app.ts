import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import pino from 'pino';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { Deps } from './deps.js';
import { AppError } from './lib/errors.js';
import { useErrorHandler } from './http/error-handler.js';
import type { Handlers } from './http/context.js';
import { registerOperations } from './http/operation-routes.js';
import { securityHeaders } from './http/security-headers.js';
import { serveWebApp } from './http/static-files.js';
import { createAddressService } from './modules/address/address.service.js';
import { addressHandlers } from './modules/address/address.routes.js';
import { catalogHandlers } from './modules/catalog/catalog.routes.js';
import { createCatalogService } from './modules/catalog/catalog.service.js';
import { createContentService } from './modules/catalog/content.service.js';
import { catalogAdminHandlers } from './modules/catalog/catalog-admin.routes.js';
import { createCatalogAdmin } from './modules/catalog/catalog-admin.service.js';
import { createStockAdmin } from './modules/catalog/stock-admin.service.js';
import { createAgentService } from './modules/agent/agent.service.js';
import { agentHandlers } from './modules/agent/agent.routes.js';
import { createLimits } from './modules/limits/limits.service.js';
import { accountHandlers } from './modules/account/account.routes.js';
import { createAccountService } from './modules/account/account.service.js';
import { createPayPasswordGuard } from './modules/agent/pay-password.js';
import { cartHandlers } from './modules/cart/cart.routes.js';
import { createCartService } from './modules/cart/cart.service.js';
import { orderHandlers } from './modules/order/order.routes.js';
import { createOrderService } from './modules/order/order.service.js';
import { ordersViewHandlers } from './modules/orders-view/orders-view.routes.js';
import { createOrdersViewService } from './modules/orders-view/orders-view.service.js';
import { createPlaceOrder } from './flows/place-order.js';
import { createUploadService } from './modules/upload/upload.service.js';
import { registerUploadReads, uploadHandlers } from './modules/upload/upload.routes.js';
import { createSessionService } from './modules/session/session.service.js';
import { sessionHandlers } from './modules/session/session.routes.js';
import { createSmsService } from './modules/sms/sms.service.js';
import { createWechatService } from './modules/wechat/wechat.service.js';
import { registerWechatOAuth, wechatHandlers } from './modules/wechat/wechat.routes.js';
import { LocalSmsProvider } from './providers/sms/local-sms.js';
import { logisticsHandlers } from './modules/logistics/logistics.routes.js';
import { createLogisticsService } from './modules/logistics/logistics.service.js';
import { createStaffOrders } from './modules/staff/staff-orders.service.js';
import { staffHandlers } from './modules/staff/staff.routes.js';
import { createStaffSessions } from './modules/staff/staff.service.js';
import { findStaffById } from './modules/staff/staff.repository.js';
import { createPaymentFlow } from './flows/pay-order.js';
import { createOrderWechat } from './flows/order-payment.js';
import { createOrderClosing } from './flows/close-order.js';
import { createOfflineReview } from './flows/review-offline-payment.js';
import { createShipping } from './flows/ship-order.js';
import { createBatchShipping } from './flows/ship-orders-batch.js';
import { createStaffOrderClosing } from './flows/staff-close-order.js';
import { createStaffRefund } from './flows/refund-wechat-payment.js';
import { consoleOrderHandlers } from './modules/staff/staff-orders-console.routes.js';
import { createConsoleOrders } from './modules/staff/staff-orders-console.service.js';
import { createJobs, type Job } from './jobs/index.js';
import { createFundsHandlers } from './modules/funds/funds.routes.js';
import { createStaffFundsHandlers } from './modules/staff/staff-funds.routes.js';
import { createWithdrawFlow } from './flows/withdraw.js';
import { createVoucherCheck } from './modules/payment/voucher.service.js';
import { paymentHandlers } from './modules/payment/payment.routes.js';
import { payResultHandlers } from './modules/wechat-pay/pay-result.routes.js';
import { registerWechatPay } from './modules/wechat-pay/wechat-pay.routes.js';
import { createPointsService } from './modules/points/points.service.js';
import { pointsHandlers } from './modules/points/points.routes.js';
import { createSignIn } from './flows/sign-in.js';
import { createFriendsService } from './modules/friends/friends.service.js';
import { friendsHandlers } from './modules/friends/friends.routes.js';
import { createPasswordsService } from './modules/agent/passwords.service.js';
import { createProfileService } from './modules/agent/profile.service.js';
import { profileHandlers, registerAvatarReads } from './modules/agent/profile.routes.js';
import { agentStaffHandlers } from './modules/agent/agent-staff.routes.js';
import { createAgentStaffService } from './modules/agent/agent-staff.service.js';
import { createManageAgent } from './flows/manage-agent.js';
import { auditHandlers } from './modules/audit/audit.routes.js';
import { createAuditService } from './modules/audit/audit.service.js';

import { createRechargeFlow } from './flows/recharge.js';
import { createRechargeReview } from './flows/review-recharge.js';
import { createBondFlow } from './flows/bond.js';
import { createBondReview } from './flows/review-bond.js';
import { createUpgradeService } from './modules/upgrade/upgrade.service.js';
import { upgradeHandlers, withRechargeFlags } from './modules/upgrade/upgrade.routes.js';
import { upgradeStaffHandlers } from './modules/upgrade/upgrade-staff.routes.js';
import { bondStaffHandlers } from './modules/bond/bond-staff.routes.js';
import { createBondService } from './modules/bond/bond.service.js';
import { bondHandlers } from './modules/bond/bond.routes.js';
import { createLookupGuard } from './modules/lookups/lookup-guard.js';
import { createLookupsService } from './modules/lookups/lookups.service.js';
import { lookupsHandlers, registerCertificateReads } from './modules/lookups/lookups.routes.js';
import { createCertificateTemplates } from './modules/lookups/certificate-template.service.js';
import { createCodesConsole } from './modules/lookups/codes-console.service.js';
import { codesConsoleHandlers } from './modules/lookups/codes-console.routes.js';
import { createMaterialsService } from './modules/materials/materials.service.js';
import { materialsHandlers, registerMaterialMedia } from './modules/materials/materials.routes.js';
import { createPerformanceService } from './modules/performance/performance.service.js';
import { performanceHandlers } from './modules/performance/performance.routes.js';
import { memoryBus, postgresBus } from './modules/chat/chat-bus.js';
import { createChatHub } from './modules/chat/chat-hub.js';
import { chatHandlers } from './modules/chat/chat.routes.js';
import { createChatService } from './modules/chat/chat.service.js';
import { registerChatSockets } from './modules/chat/chat.sockets.js';
import { createDashboardCounts } from './flows/dashboard-counts.js';
import { staffConsoleHandlers } from './modules/staff/staff-console.routes.js';
import { contentAdminHandlers } from './modules/catalog/content-admin.routes.js';
import { createContentAdmin } from './modules/catalog/content-admin.service.js';
import { materialsAdminHandlers } from './modules/materials/materials-admin.routes.js';
import { createMaterialsAdmin } from './modules/materials/materials-admin.service.js';
import { chatGreetingHandlers } from './modules/chat/chat-greeting.routes.js';
import { createChatGreeting } from './modules/chat/chat-greeting.service.js';
import { publicImageHandlers, registerPublicImageReads } from './modules/upload/upload-public.routes.js';
import { createPublicImages } from './modules/upload/upload-public.service.js';
import { settingsConsoleHandlers } from './modules/settings/settings-console.routes.js';
import { createSettings } from './flows/settings.js';
import { registerStaffEvents } from './modules/staff/staff-events.sockets.js';
import { createStaffMembers } from './modules/staff/staff-members.service.js';
export async function buildApp(deps: Deps, opts: { logger?: boolean } = {}): Promise<FastifyInstance> {
  // Our own request log: one buffered line per request, without Fastify's per-request child logger (ADR 0008).
  const log = opts.logger
    ? pino(
        { redact: ['req.headers.accesstoken', 'req.headers.stafftoken', 'req.headers.cookie', 'req.headers.authorization'] },
        pino.destination({ dest: 1, sync: false, minLength: 4096 }),
      )
    : null;
  const app = Fastify({
    logger: false,
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  if (log) app.addHook('onClose', (_app, done) => { log.flush(); done(); });


  securityHeaders(app);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });
  await app.register(formbody);
  // Uploads (vouchers, avatars): at most 6 files of 10 MB; each arrives in the body as { filename, data }.
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: 10 * 1024 * 1024, files: 6, fields: 20, fieldSize: 256 * 1024 },
    async onFile(part) {
      (part as unknown as { value: unknown }).value = { filename: part.filename, data: await part.toBuffer() };
    },
  });

  // One line per request, without bodies, tokens or phone numbers.
  if (log) {
    app.addHook('onResponse', (req, reply, done) => {
      log.info({ method: req.method, url: req.url.split('?')[0], status: reply.statusCode, ms: Math.round(reply.elapsedTime) });
      done();
    });
  }

  useErrorHandler(app, log);

  const limits = createLimits(deps);
  const sms = createSmsService(deps, limits);
  const sessions = createSessionService(deps, limits, sms);
  const agents = createAgentService(deps);
  const wechat = createWechatService(deps);
  const catalog = catalogHandlers(createCatalogService(deps), createContentService(deps));
  const addresses = createAddressService(deps);
  const carts = createCartService(deps);
  const payPassword = createPayPasswordGuard(deps, limits);
  const orders = createOrderService(deps);
  const placing = createPlaceOrder(deps, payPassword);
  const accounts = createAccountService(deps);
  // A signed voucher link is bound to its viewer; staff may see the vouchers of their own platform (ADR 0012).
  const staffMay = async (staffId: number, platId: string) => (await findStaffById(deps.db.kysely, staffId))?.plat_id === platId;
  const uploads = createUploadService(deps, deps.providers.storage, { staffMay });
  registerUploadReads(app, uploads);
  const orderOps = orderHandlers(orders, placing);
  const shopping: Handlers[] = [uploadHandlers(uploads), cartHandlers(carts), orderOps, accountHandlers(accounts)];
  // The payment wing (ADR 0012): one WeChat lifecycle, the order's hooks registered by the order flow.
  const wechatPay = createOrderWechat(deps);
  // Order list, detail, close and receipt (spec 2 §2–§5); closing is the close-order flow's.
  shopping.push(ordersViewHandlers(createOrdersViewService(deps, uploads), createOrderClosing(deps, wechatPay), () => deps.clock.now()));
  // Parcel tracking (spec 2 §2 logistics) and the staff API (issue 4 item 7: offline-payment review, shipping).
  const staffSessions = createStaffSessions(deps, limits);
  const shipping = createShipping(deps);
  shopping.push(
    logisticsHandlers(createLogisticsService(deps)),
    staffHandlers(staffSessions, createStaffOrders(deps, uploads), { review: createOfflineReview(deps), shipping }),
  );
  // The console's orders (issue 11 items 5, 6): shipping queue and batch, search, detail, export, close, refund.
  const consoleOrderFlows = { batch: createBatchShipping(deps, shipping), closing: createStaffOrderClosing(deps, wechatPay), refund: createStaffRefund(deps, wechatPay) };
  shopping.push(consoleOrderHandlers(deps, createConsoleOrders(deps, uploads), consoleOrderFlows));
  // WeChat Pay (issue 4 items 4-5): the result page's read-back; the signed notification and the sandbox pay sheet below.
  shopping.push(payResultHandlers(deps));
  const paymentFlow = createPaymentFlow(deps, payPassword, wechatPay, createVoucherCheck(uploads));
  shopping.push(paymentHandlers(deps, paymentFlow));
  // Funds (issue 9, ADR 0017): goods fund, total score, withdrawal, transfer, collection accounts, staff review.
  const withdrawFlow = createWithdrawFlow(deps, payPassword);
  shopping.push(createFundsHandlers(deps, payPassword, withdrawFlow), createStaffFundsHandlers(deps, withdrawFlow));
  await registerWechatPay(app, deps, { flow: wechatPay, sessions, alert: (details, message) => log?.warn(details, message) });
  // First top-up, upgrade and compliance deposit (issue 9, ADR 0017): paid subjects of the same wing, staff reviews.
  const vouchers = createVoucherCheck(uploads);
  const upgrades = createUpgradeService(deps, uploads);
  orderOps.selectPayMethod = withRechargeFlags(orderOps.selectPayMethod!, upgrades);
  const bondService = createBondService(deps, uploads);
  const staffNameOf = async (staffId: number) => (await findStaffById(deps.db.kysely, staffId))?.username ?? String(staffId);
  shopping.push(
    upgradeHandlers(upgrades, createRechargeFlow(deps, payPassword, wechatPay, vouchers)),
    bondHandlers(bondService, createBondFlow(deps, payPassword, wechatPay, vouchers)),
    upgradeStaffHandlers(upgrades, createRechargeReview(deps, wechatPay), staffNameOf),
    bondStaffHandlers(bondService, createBondReview(deps, wechatPay, sessions), staffNameOf),
  );
  // Account area (issue 10 items 1-5): points and sign-in, friends, passwords and profile.
  registerAvatarReads(app, deps);
  shopping.push(
    pointsHandlers(createPointsService(deps), createSignIn(deps)),
    friendsHandlers(createFriendsService(deps)),
    profileHandlers(createProfileService(deps, sms, uploads, sessions), createPasswordsService(deps, limits, sms, sessions)),
  );
  // Public lookups, material centre and performance (issue 10 items 7-8).
  const certTemplates = createCertificateTemplates(deps);
  const lookups = createLookupsService(deps, createLookupGuard(limits, deps.config), certTemplates);
  registerCertificateReads(app, lookups);
  // Code batches and the certificate template in the console (issue 12 item 4).
  shopping.push(codesConsoleHandlers(createCodesConsole(deps), certTemplates, staffNameOf));
  registerMaterialMedia(app);
  shopping.push(lookupsHandlers(lookups), materialsHandlers(createMaterialsService(deps)), performanceHandlers(createPerformanceService(deps)));
  // Agents in the staff console and the audit trail's search (issue 11 items 3, 7).
  shopping.push(
    agentStaffHandlers(createAgentStaffService(deps), createManageAgent(deps, sessions, sms), staffNameOf),
    auditHandlers(createAuditService(deps)),
  );
  // The catalog in the console (issue 12 item 1): products, specs, stock deltas, gifts.
  shopping.push(catalogAdminHandlers(createCatalogAdmin(deps), createStockAdmin(deps), staffNameOf));
  // Customer-service chat (issue 10 item 6, ADR 0019): agent and staff sockets; stored, then fanned out (LISTEN/NOTIFY on PostgreSQL).
  const chat = createChatService(deps, uploads);
  const chatLog = (message: string, err?: unknown) => log?.error({ err: String(err ?? '') }, message);
  const chatBus = deps.db.dialect === 'postgres' && deps.db.url ? await postgresBus(deps.db.url, chat.notify, chatLog) : memoryBus();
  const chatHub = createChatHub(chat, chatBus, chatLog);
  app.addHook('onClose', async () => chatHub.close());
  await registerChatSockets(app, { chat, hub: chatHub, bus: chatBus, sessions, staffSessions, log: chatLog });
  shopping.push(chatHandlers(chat));
  // The console's dashboard with its live counts, and staff management (issue 11 items 2, 4).
  const dashboard = createDashboardCounts(deps);
  registerStaffEvents(app, { staffSessions, counts: dashboard.queues, log: chatLog });
  shopping.push(staffConsoleHandlers(dashboard, createStaffMembers(deps, staffSessions), staffNameOf));
  // 系统设置 in the console (issue 12 item 2).
  shopping.push(settingsConsoleHandlers(createSettings(deps), staffNameOf));
  // Content in the console (issue 12 item 3): banners, notices, activities, materials, the chat greeting, published images.
  const publicImages = createPublicImages(deps.providers.storage);
  registerPublicImageReads(app, publicImages);
  shopping.push(
    publicImageHandlers(publicImages),
    contentAdminHandlers(createContentAdmin(deps), staffNameOf),
    materialsAdminHandlers(createMaterialsAdmin(deps), staffNameOf),
    chatGreetingHandlers(createChatGreeting(deps), staffNameOf),
  );
  registerOperations(
    app,
    deps,
    [sessionHandlers(sessions), agentHandlers(agents), wechatHandlers(wechat, sessions), addressHandlers(addresses), ...shopping, catalog],
    sessions,
    staffSessions,
  );

  registerWechatOAuth(app, deps, wechat);

  app.get('/healthz', async () => {
    await deps.db.kysely.selectFrom('grades').select('id').limit(1).execute();
    return { status: 'ok', database: deps.db.dialect };
  });

  const outbox = deps.providers.sms;
  if (outbox instanceof LocalSmsProvider && deps.config.env !== 'production') {
    // The local SMS provider's outbox, for the demo and the tests; never in production.
    app.get('/dev/sms-outbox', async (req, reply) => {
      const phone = String((req.query as Record<string, unknown>).phone ?? '');
      const m = outbox.latest(phone);
      if (!m) return reply.status(404).send({ message: 'no message for this phone' });
      // A staff reset's one-time password (ADR 0024) is a message of its own, without a code.
      if (m.purpose === 'one_time_password') return { phone: m.phone, purpose: m.purpose, password: m.params.password, sentAt: m.sentAt };
      const funcType = m.purpose === 'reset_password' ? 2 : 6;
      return { phone: m.phone, code: m.params.code, funcType, sentAt: m.sentAt };
    });
  }

  await serveWebApp(app, deps.config.webDist, deps.config.adminDist);
  return app;
}

/** The scheduled jobs, with the flows they call built here, the one composition root (server.ts starts them). */
export function scheduledJobs(deps: Deps): Job[] {
  return createJobs({ wechat: createOrderWechat(deps) });
}
