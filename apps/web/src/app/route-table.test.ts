import { describe, expect, it } from 'vitest';
import { FULL_RELOAD_ON_IOS, NO_BACK_BUTTON, routeTable, TABS } from './route-table.js';

// The routes the three spec documents name (spec 1 §2, spec 2 §2, spec 3 §2), and which are public.
const PUBLIC = ['/login', '/password', '/register', '/traceaSel', '/traceability', '/orderPayResult', '/agreement', '/check', '/authorization', '/agent'];
const LOGIN_NEEDED = [
  '/home', '/detail', '/sign', '/shop', '/share', '/my',
  '/offline', '/loan', '/total', '/totalSzRecord', '/totalTxRecord', '/totalTxApplay', '/totalZzApplay', '/amount',
  '/investRecord', '/income', '/friend', '/compliance', '/complianceDetail', '/bondPay', '/returnBondMoney', '/orders',
  '/ordersDetail', '/logisticsInformation', '/notice', '/im', '/settlement', '/address', '/addressP', '/payment',
  '/upgrade', '/points', '/information', '/source', '/seeting', '/center', '/edidPass', '/payPass', '/eceiving',
  '/eveningP', '/performance', '/monthPerformance',
  '/frozenIncome',
  // ADR 0036: the after-sales route group (spec 2 after-sales)
  '/afterSale', '/afterSaleDetail', '/afterSaleApply',
  // ADR 0038: the agent's own store; ADR 0037: the message centre
  '/myStore', '/storeOrders', '/messages',
];

describe('route table', () => {
  it.each(PUBLIC)('%s is public with a title', (path) => {
    const route = routeTable.find((r) => r.path === path);
    expect(route?.auth).toBe(false);
    expect(route?.title).toMatch(/\S/);
  });

  it.each(LOGIN_NEEDED)('%s needs login and has a title', (path) => {
    const route = routeTable.find((r) => r.path === path);
    expect(route?.auth).toBe(true);
    expect(route?.title).toMatch(/\S/);
  });

  it('holds each path once and nothing the spec does not name', () => {
    const paths = routeTable.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...PUBLIC, ...LOGIN_NEEDED].sort());
  });

  it('puts home, cart, share and my in the tab shell, with three tabs', () => {
    expect(routeTable.filter((r) => r.tabShell).map((r) => r.path).sort()).toEqual(['/home', '/my', '/share', '/shop']);
    expect(TABS.map((t) => t.path)).toEqual(['/home', '/shop', '/my']);
  });

  it('knows the iOS full-reload pages and the pages without a back button', () => {
    expect([...FULL_RELOAD_ON_IOS].sort()).toEqual(['/check', '/login', '/register', '/share', '/traceaSel']);
    expect([...NO_BACK_BUTTON].sort()).toEqual(['/home', '/login', '/my', '/share', '/shop']);
  });
});
