import type { ComponentType } from 'react';

export interface RouteDef {
  path: string;
  title: string;
  /** Login needed: a visitor without user info goes to /login?redirect=<path>. */
  auth: boolean;
  /** Shown inside the tab shell (footer with home, cart, my). */
  tabShell?: boolean;
  /** The screen, loaded on first visit; without one the route shows a plain page with its title. */
  load?: () => Promise<{ default: ComponentType }>;
}

const page = (path: string, title: string, auth: boolean, load?: RouteDef['load']): RouteDef => ({ path, title, auth, load });
const tab = (path: string, title: string, load?: RouteDef['load']): RouteDef => ({ path, title, auth: true, tabShell: true, load });

/** Every route of the three spec documents (spec 1 §2, spec 2 §2, spec 3 §2), with its title. */
export const routeTable: RouteDef[] = [
  // Tab shell (spec 1 §2). /home and /login ship in the entry bundle (see app/router.tsx).
  tab('/home', '首页'),
  tab('/shop', '购物车', () => import('../features/shop/cart-page.js')),
  tab('/share', '邀请好友', () => import('../features/session/share-page.js')),
  tab('/my', '我的', () => import('../features/my/my-page.js')),
  page('/detail', '商品详情', true, () => import('../features/catalog/detail-page.js')),
  page('/sign', '每日签到', true, () => import('../features/points/sign-page.js')),

  // Public (spec 1 §2, spec 2 §2, spec 3 §2).
  page('/login', '登录', false),
  page('/password', '忘记密码', false, () => import('../features/session/password-page.js')),
  page('/register', '注册', false, () => import('../features/session/register-page.js')),
  page('/agreement', '代理商注册协议', false, () => import('../features/session/agreement-page.js')),
  page('/orderPayResult', '支付结果', false, () => import('../features/pay-result/pay-result-page.js')),
  page('/traceaSel', '追溯查询', false, () => import('../features/lookups/trace-query-page.js')),
  page('/traceability', '追溯结果', false, () => import('../features/lookups/traceability-page.js')),
  page('/check', '防伪查询', false, () => import('../features/lookups/check-page.js')),
  page('/authorization', '授权查询', false, () => import('../features/lookups/authorization-page.js')),
  page('/agent', '授权信息', false, () => import('../features/lookups/agent-page.js')),

  // Shopping and orders (spec 1, spec 2).
  page('/settlement', '确认结算', true, () => import('../features/settlement/settlement-page.js')),
  page('/payment', '确认支付', true, () => import('../features/payment/payment-page.js')),
  page('/orders', '我的订单', true, () => import('../features/orders/orders-page.js')),
  page('/ordersDetail', '订单详情', true, () => import('../features/orders/order-detail-page.js')),
  page('/afterSale', '我的售后', true, () => import('../features/after-sale/after-sale-list-page.js')),
  page('/afterSaleDetail', '售后详情', true, () => import('../features/after-sale/after-sale-detail-page.js')),
  page('/afterSaleApply', '申请售后', true, () => import('../features/after-sale/after-sale-apply-page.js')),
  page('/logisticsInformation', '物流信息', true, () => import('../features/logistics/logistics-page.js')),
  page('/address', '收货地址', true, () => import('../features/address/address-list-page.js')),
  page('/addressP', '新增收货地址', true, () => import('../features/address/address-form-page.js')),
  page('/notice', '公告详情', true, () => import('../features/notice/notice-page.js')),
  page('/information', '公告资讯', true, () => import('../features/content/information-page.js')),

  // Account and funds (spec 3).
  page('/upgrade', '代理升级', true, () => import('../features/upgrade/upgrade-page.js')),
  page('/offline', '确认支付', true, () => import('../features/upgrade/offline-page.js')),
  page('/points', '我的积分', true, () => import('../features/points/points-page.js')),
  page('/friend', '我的好友', true, () => import('../features/friends/friend-page.js')),
  page('/loan', '货款余额', true, () => import('../features/funds/loan-page.js')),
  page('/amount', '冻结金额', true, () => import('../features/funds/amount-page.js')),
  page('/investRecord', '充值记录', true, () => import('../features/funds/invest-record-page.js')),
  page('/income', '货款收支明细', true, () => import('../features/funds/income-page.js')),
  page('/total', '总分余额', true, () => import('../features/funds/total-page.js')),
  page('/totalTxApplay', '申请提现', true, () => import('../features/funds/withdraw-page.js')),
  page('/totalZzApplay', '转款', true, () => import('../features/funds/transfer-page.js')),
  page('/totalTxRecord', '提现记录', true, () => import('../features/funds/withdraw-records-page.js')),
  page('/totalSzRecord', '总分收支明细', true, () => import('../features/funds/total-records-page.js')),
  page('/frozenIncome', '冻结收益', true, () => import('../features/funds/frozen-income-page.js')),
  page('/compliance', '合规金', true, () => import('../features/bond/compliance-page.js')),
  page('/complianceDetail', '合规金明细', true, () => import('../features/bond/compliance-detail-page.js')),
  page('/bondPay', '缴纳合规金', true, () => import('../features/bond/bond-pay-page.js')),
  page('/returnBondMoney', '退还合规金', true, () => import('../features/bond/return-bond-page.js')),
  page('/eceiving', '收款账户', true, () => import('../features/accounts/accounts-page.js')),
  page('/eveningP', '添加收款账户', true, () => import('../features/accounts/account-form-page.js')),
  page('/seeting', '设置', true, () => import('../features/settings/settings-page.js')),
  page('/center', '个人信息', true, () => import('../features/settings/center-page.js')),
  page('/edidPass', '修改登录密码', true, () => import('../features/settings/login-password-page.js')),
  page('/payPass', '支付密码', true, () => import('../features/settings/pay-password-page.js')),
  page('/im', '在线客服', true, () => import('../features/chat/chat-page.js')),
  page('/messages', '消息中心', true, () => import('../features/messages/messages-page.js')),
  page('/source', '素材中心', true, () => import('../features/content/source-page.js')),
  page('/performance', '我的业绩', true, () => import('../features/content/performance-page.js')),
  page('/monthPerformance', '月度业绩', true, () => import('../features/content/month-performance-page.js')),
  // The agent's retail store (ADR 0038); the consumer store /store/<shopId> is its own page (store.html).
  page('/myStore', '店铺设置', true, () => import('../features/my-store/store-settings-page.js')),
  page('/storeOrders', '店铺订单', true, () => import('../features/my-store/store-orders-page.js')),
];

export const findRoute = (path: string) => routeTable.find((r) => r.path === path);

/** spec 1 §2: on iOS these force a full page load when the path changes (the JS-SDK signs the entry URL). */
export const FULL_RELOAD_ON_IOS = new Set(['/login', '/register', '/share', '/traceaSel', '/check']);

/** Pages without the floating back button (spec 1 §2). */
export const NO_BACK_BUTTON = new Set(['/home', '/login', '/shop', '/share', '/my']);

/** Main pages that show the floating customer-service button. */
export const SERVICE_BUTTON = new Set(['/home', '/shop', '/my', '/detail', '/orders', '/ordersDetail']);

/** The bottom tabs, switched in place (the route is replaced, not pushed). */
export const TABS = [
  { path: '/home', title: '首页' },
  { path: '/shop', title: '购物车' },
  { path: '/my', title: '我的' },
] as const;
