import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import {
  AccountBookOutlined,
  AuditOutlined,
  CarOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  FileSearchOutlined,
  NotificationOutlined,
  QrcodeOutlined,
  SettingOutlined,
  ShopOutlined,
  MoneyCollectOutlined,
  SafetyOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';

/**
 * The console's one route table: each page names the staff operation that opens it. The menu shows, and the router
 * admits, only pages whose operation the member's role may call: the server's permission table (ADR 0020), as
 * staffLogin answered it. A page the role may not open answers 403, and the server refuses its calls anyway.
 */
export interface ConsolePage {
  path: string;
  title: string;
  /** The menu group it sits in. */
  group: string;
  /** The staff operation (or socket, 'ws:...') that this page needs. */
  needs: string;
  icon: ReactNode;
  page: LazyExoticComponent<ComponentType>;
  /** Pages reached from another page (a detail): not in the menu. */
  hidden?: boolean;
}

export const GROUPS: { key: string; title: string; icon: ReactNode }[] = [
  { key: 'work', title: '工作台', icon: <DashboardOutlined /> },
  { key: 'queues', title: '待办审核', icon: <MoneyCollectOutlined /> },
  { key: 'orders', title: '订单与发货', icon: <CarOutlined /> },
  { key: 'agents', title: '代理商', icon: <TeamOutlined /> },
  { key: 'finance', title: '财务报表', icon: <AccountBookOutlined /> },
  { key: 'service', title: '客服', icon: <CustomerServiceOutlined /> },
  { key: 'catalog', title: '商品与活动', icon: <ShopOutlined /> },
  { key: 'content', title: '内容', icon: <NotificationOutlined /> },
  { key: 'codes', title: '溯源与防伪', icon: <QrcodeOutlined /> },
  { key: 'settings', title: '设置', icon: <SettingOutlined /> },
  { key: 'system', title: '系统', icon: <SafetyOutlined /> },
];

export const PAGES: ConsolePage[] = [
  { path: '/dashboard', title: '工作台', group: 'work', needs: 'selectDashboardCounts', icon: <DashboardOutlined />, page: lazy(() => import('../features/dashboard/dashboard-page.js')) },
  { path: '/queues/offline-payments', title: '线下支付审核', group: 'queues', needs: 'selectPendingReviewOrders', icon: <MoneyCollectOutlined />, page: lazy(() => import('../features/offline-payments/offline-payments-page.js')) },
  { path: '/queues/recharges', title: '首充与升级审核', group: 'queues', needs: 'selectPendingRecharges', icon: <MoneyCollectOutlined />, page: lazy(() => import('../features/money-queues/recharges-page.js')) },
  { path: '/queues/withdrawals', title: '提现审核', group: 'queues', needs: 'selectPendingWithdrawals', icon: <MoneyCollectOutlined />, page: lazy(() => import('../features/money-queues/withdrawals-page.js')) },
  { path: '/queues/bonds', title: '保证金缴纳审核', group: 'queues', needs: 'selectPendingBonds', icon: <MoneyCollectOutlined />, page: lazy(() => import('../features/money-queues/bonds-page.js')) },
  { path: '/queues/bond-returns', title: '保证金退还审核', group: 'queues', needs: 'selectPendingBondReturns', icon: <MoneyCollectOutlined />, page: lazy(() => import('../features/money-queues/bond-returns-page.js')) },
  // ADR 0030: every money item before and after its decision; withdrawals paid in a batch
  { path: '/queues/history', title: '资金审核记录', group: 'queues', needs: 'selectMoneyHistory', icon: <FileSearchOutlined />, page: lazy(() => import('../features/money-history/money-history-page.js')) },
  { path: '/queues/refund-payouts', title: '退款打款', group: 'queues', needs: 'selectRefundPayouts', icon: <MoneyCollectOutlined />, page: lazy(() => import('../features/refund-payouts/refund-payouts-page.js')) },
  { path: '/queues/reconcile', title: '对账差异', group: 'queues', needs: 'selectReconcileDiffs', icon: <MoneyCollectOutlined />, page: lazy(() => import('../features/reconcile/reconcile-page.js')) },
  { path: '/shipping', title: '待发货', group: 'orders', needs: 'selectOrdersToShip', icon: <CarOutlined />, page: lazy(() => import('../features/shipping/shipping-page.js')) },
  { path: '/orders', title: '订单查询', group: 'orders', needs: 'searchOrders', icon: <FileSearchOutlined />, page: lazy(() => import('../features/orders/orders-page.js')) },
  // ADR 0038: the agents' retail stores (VD orders, their switches and the retail price band)
  { path: '/store-orders', title: '店铺订单', group: 'orders', needs: 'staffSelStoreOrders', icon: <ShopOutlined />, page: lazy(() => import('../features/stores/store-orders-page.js')) },
  { path: '/agents', title: '代理商管理', group: 'agents', needs: 'searchAgents', icon: <TeamOutlined />, page: lazy(() => import('../features/agents/agents-page.js')) },
  { path: '/agents/:agentId', title: '代理商详情', group: 'agents', needs: 'selectAgentDetail', icon: <UserOutlined />, page: lazy(() => import('../features/agents/agent-detail-page.js')), hidden: true },
  { path: '/stores', title: '店铺开通', group: 'agents', needs: 'staffSelStoreSwitches', icon: <ShopOutlined />, page: lazy(() => import('../features/stores/store-switches-page.js')) },
  // ADR 0031: the platform ledger and the finance reports (finance and admin)
  { path: '/finance/ledger', title: '资金流水', group: 'finance', needs: 'selectLedgerRecords', icon: <AccountBookOutlined />, page: lazy(() => import('../features/finance-reports/ledger-page.js')) },
  { path: '/finance/cash', title: '资金日报', group: 'finance', needs: 'selectCashReport', icon: <AccountBookOutlined />, page: lazy(() => import('../features/finance-reports/cash-page.js')) },
  { path: '/finance/liabilities', title: '负债核对', group: 'finance', needs: 'selectLiabilities', icon: <AccountBookOutlined />, page: lazy(() => import('../features/finance-reports/liabilities-page.js')) },
  { path: '/finance/income', title: '收益月报', group: 'finance', needs: 'selectIncomeReport', icon: <AccountBookOutlined />, page: lazy(() => import('../features/finance-reports/income-page.js')) },
  { path: '/finance/statement', title: '代理商对账单', group: 'finance', needs: 'selectAgentStatement', icon: <AccountBookOutlined />, page: lazy(() => import('../features/finance-reports/statement-page.js')) },
  { path: '/chat', title: '客服会话', group: 'service', needs: 'ws:staff-chat', icon: <CustomerServiceOutlined />, page: lazy(() => import('../features/chat/chat-page.js')) },
  // ADRs 0021, 0022: catalog, settings, content and codes (operator and admin)
  { path: '/catalog/products', title: '商品管理', group: 'catalog', needs: 'selectProductsAdmin', icon: <ShopOutlined />, page: lazy(() => import('../features/products/products-page.js')) },
  { path: '/catalog/products/:prodId', title: '编辑商品', group: 'catalog', needs: 'selectProductsAdmin', icon: <ShopOutlined />, page: lazy(() => import('../features/products/product-edit-page.js')), hidden: true },
  { path: '/catalog/activities', title: '活动管理', group: 'catalog', needs: 'selectActivitiesAdmin', icon: <ShopOutlined />, page: lazy(() => import('../features/activities/activities-page.js')) },
  { path: '/catalog/retail-bands', title: '零售价区间', group: 'catalog', needs: 'staffSelRetailBands', icon: <ShopOutlined />, page: lazy(() => import('../features/stores/retail-bands-page.js')) },
  { path: '/content/banners', title: '轮播图', group: 'content', needs: 'selectBannersAdmin', icon: <NotificationOutlined />, page: lazy(() => import('../features/content/banners-page.js')) },
  { path: '/content/notices', title: '公告', group: 'content', needs: 'selectNoticesAdmin', icon: <NotificationOutlined />, page: lazy(() => import('../features/content/notices-page.js')) },
  { path: '/content/materials', title: '素材中心', group: 'content', needs: 'selectMaterialsAdmin', icon: <NotificationOutlined />, page: lazy(() => import('../features/content/materials-page.js')) },
  { path: '/content/greeting', title: '客服欢迎语', group: 'content', needs: 'selectChatGreeting', icon: <NotificationOutlined />, page: lazy(() => import('../features/content/greeting-page.js')) },
  { path: '/codes', title: '溯源码与防伪码', group: 'codes', needs: 'selectCodeBatches', icon: <QrcodeOutlined />, page: lazy(() => import('../features/codes/codes-page.js')) },
  { path: '/codes/certificate', title: '授权证书模板', group: 'codes', needs: 'selectCertificateTemplate', icon: <QrcodeOutlined />, page: lazy(() => import('../features/codes/certificate-page.js')) },
  { path: '/settings', title: '系统设置', group: 'settings', needs: 'selectSettings', icon: <SettingOutlined />, page: lazy(() => import('../features/settings/settings-page.js')) },
  { path: '/staff', title: '员工管理', group: 'system', needs: 'selectStaffList', icon: <TeamOutlined />, page: lazy(() => import('../features/staff/staff-page.js')) },
  { path: '/audit', title: '操作日志', group: 'system', needs: 'selectAuditLog', icon: <AuditOutlined />, page: lazy(() => import('../features/audit/audit-page.js')) },
  { path: '/staff-logins', title: '登录日志', group: 'system', needs: 'selectStaffLoginLog', icon: <AuditOutlined />, page: lazy(() => import('../features/staff-logins/login-log-page.js')) },
  { path: '/security', title: '账号安全', group: 'system', needs: 'selectStaffSelf', icon: <SafetyOutlined />, page: lazy(() => import('../features/security/security-page.js')) },
];

/** The first page a member may open (after login). */
export function homeOf(may: (op: string) => boolean): string {
  return PAGES.find((p) => !p.hidden && may(p.needs))?.path ?? '/security';
}
