import * as session from './session.js';
import * as agent from './agent.js';
import * as wechat from './wechat.js';
import * as cart from './cart.js';
import * as order from './order.js';
import * as orders from './orders.js';
import * as payment from './payment.js';
import * as payResult from './pay-result.js';
import * as upload from './upload.js';
import * as address from './address.js';
import * as catalog from './catalog.js';
import * as logistics from './logistics.js';
import * as staff from './staff.js';
import * as funds from './funds.js';
import * as staffFunds from './staff-funds.js';
import * as upgrade from './upgrade.js';
import * as bond from './bond.js';
import * as staffReviews from './staff-reviews.js';
import * as accountArea from './account-area.js';
import * as lookups from './lookups.js';
import * as contentArea from './content-area.js';
import * as chat from './chat.js';
import * as staffConsole from './staff-console.js';
import * as staffOrdersConsole from './staff-orders-console.js';
import * as staffAgents from './staff-agents.js';
import * as catalogConsole from './catalog-console.js';
import * as codesConsole from './codes-console.js';
import * as contentConsole from './content-console.js';
import * as settingsConsole from './settings-console.js';
import * as financeReports from './finance-reports.js';
import * as moneyHistory from './money-history.js';
import * as orderRefunds from './order-refunds.js';
import * as staffCorrections from './staff-corrections.js';
import * as auditLog from './audit-log.js';
import * as staffSessions from './staff-sessions.js';
import * as agentRecords from './agent-records.js';
import * as reconcile from './reconcile.js';
import * as settingProposals from './setting-proposals.js';
import * as afterSale from './after-sale.js';
import * as auditTrail from './audit-trail.js';
import * as notifications from './notifications.js';
import * as retailStore from './retail-store.js';
import type { Operation } from './operation.js';

export * from './envelope.js';
export * from './operation.js';
export * from './money.js';
export * from './paging.js';
export * from './validation.js';
export * from './session.js';
export * from './agent.js';
export * from './wechat.js';
export * from './cart.js';
export * from './order.js';
export * from './orders.js';
export * from './payment.js';
export * from './pay-result.js';
export * from './upload.js';
export * from './payment-state.js';
export * from './address.js';
export * from './region.js';
export * from './catalog.js';
export * from './china-time.js';
export * from './logistics.js';
export * from './staff.js';
export * from './funds.js';
export * from './staff-funds.js';
export * from './upgrade.js';
export * from './bond.js';
export * from './staff-reviews.js';
export * from './ledger-codes.js';
export * from './order-state.js';
export * from './flags.js';
export * from './pay-codes.js';
export * from './agent-gate.js';
export * from './account-area.js';
export * from './lookups.js';
export * from './content-area.js';
export * from './chat.js';
export * from './staff-console.js';
export * from './staff-orders-console.js';
export * from './staff-agents.js';
export * from './audit-trail.js';
export * from './catalog-console.js';
export * from './ledger-names.js';
export * from './codes-console.js';
export * from './content-console.js';
export * from './settings-console.js';
export * from './finance-reports.js';
export * from './money-history.js';
export * from './order-refunds.js';
export * from './staff-corrections.js';
export * from './audit-log.js';
export * from './staff-sessions.js';
export * from './agent-records.js';
export * from './reconcile.js';
export * from './setting-proposals.js';
export * from './after-sale.js';
export * from './notifications.js';
export * from './retail-store.js';

function collect(...modules: Record<string, unknown>[]): Operation[] {
  return modules.flatMap((m) =>
    Object.values(m).filter((v): v is Operation => typeof v === 'object' && v !== null && 'path' in v && 'input' in v),
  );
}

/** Every operation of the contract: the server registers one route for each. */
export const operations: Operation[] = /* @__PURE__ */ collect(
  session, agent, wechat, address, catalog, cart, order, orders, upload, logistics, staff, payResult, payment, funds,
  staffFunds, upgrade, bond, staffReviews, accountArea, lookups, contentArea, chat, staffConsole, staffOrdersConsole,
  staffAgents, catalogConsole, codesConsole, settingsConsole, contentConsole,
  // the finance console (ADRs 0030–0033) and after-sales (ADRs 0034, 0035): one area per line
  financeReports,
  moneyHistory,
  orderRefunds,
  staffCorrections,
  auditLog,
  staffSessions,
  agentRecords,
  reconcile,
  settingProposals,
  afterSale,
  auditTrail,
  notifications,
  retailStore,
);
