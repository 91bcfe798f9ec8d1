import type { Deps } from '../../deps.js';
import { staffed, type Handlers } from '../../http/context.js';
import { exportCashXlsx, exportIncomeXlsx, exportLedgerXlsx, exportStatementXlsx } from '../../modules/finance-reports/finance-reports.export.js';
import type { FinanceReports } from '../../modules/finance-reports/finance-reports.service.js';

/** The platform ledger and the finance reports (ADR 0031): reads of the member's platform, finance and admin. */
export function financeReportsHandlers(deps: Deps, reports: FinanceReports): Handlers {
  return {
    selectLedgerRecords: staffed((input, ctx) => reports.ledgerPage(ctx.platId, input)),
    exportLedgerRecords: staffed((input, ctx) => exportLedgerXlsx(deps, reports, ctx.platId, input)),
    selectCashReport: staffed((input, ctx) => reports.cash(ctx.platId, input)),
    exportCashReport: staffed((input, ctx) => exportCashXlsx(deps, reports, ctx.platId, input)),
    selectCashToday: staffed((_input, ctx) => reports.cashToday(ctx.platId)),
    selectLiabilities: staffed((_input, ctx) => reports.liabilities(ctx.platId)),
    selectIncomeReport: staffed((input, ctx) => reports.income(ctx.platId, input.month)),
    exportIncomeReport: staffed((input, ctx) => exportIncomeXlsx(deps, reports, ctx.platId, input.month)),
    selectAgentStatement: staffed((input, ctx) => reports.statement(ctx.platId, input)),
    exportAgentStatement: staffed((input, ctx) => exportStatementXlsx(deps, reports, ctx.platId, input)),
  };
}
