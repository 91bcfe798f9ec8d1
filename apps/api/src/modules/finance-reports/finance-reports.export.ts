import ExcelJS from 'exceljs';
import { CASH_SUBJECT_NAMES, chinaTimeText, EXPORT_MAX_ROWS, fenToYuan, type CashSubject } from '@shop/contract';
import type { Deps } from '../../deps.js';
import type { FinanceReports, LedgerSearch } from './finance-reports.service.js';

/** The finance reports as XLSX workbooks (ADR 0031): figures as numbers in yuan, change codes by name. */

type Column = { header: string; key: string; width: number; money?: boolean };
const yuan = (fen: number) => Number(fenToYuan(fen));

function sheetOf(book: ExcelJS.Workbook, name: string, columns: Column[]) {
  const sheet = book.addWorksheet(name);
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width, style: c.money ? { numFmt: '0.00' } : {} }));
  sheet.getRow(1).font = { bold: true };
  return sheet;
}

async function file(deps: Deps, book: ExcelJS.Workbook, title: string, rows: number) {
  const data = Buffer.from(await book.xlsx.writeBuffer());
  const stamp = chinaTimeText(deps.clock.now()).replace(/[-: ]/g, '').slice(0, 14);
  return { obj: { fileName: `${title}-${stamp}.xlsx`, base64: data.toString('base64'), rows } };
}

export async function exportLedgerXlsx(deps: Deps, reports: FinanceReports, platId: string, s: LedgerSearch) {
  const rows = await reports.ledgerRows(platId, s, EXPORT_MAX_ROWS);
  const book = new ExcelJS.Workbook();
  const sheet = sheetOf(book, '资金流水', [
    { header: '时间', key: 'createdAt', width: 20 },
    { header: '代理商', key: 'agentName', width: 12 },
    { header: '手机号', key: 'phone', width: 14 },
    { header: '账户', key: 'accountName', width: 10 },
    { header: '变动类型', key: 'changeName', width: 16 },
    { header: '变动数额', key: 'amount', width: 12, money: true },
    { header: '变动后余额', key: 'balanceAfter', width: 14, money: true },
    { header: '单号', key: 'orderCode', width: 24 },
    { header: '备注', key: 'remark', width: 30 },
  ]);
  for (const r of rows) sheet.addRow({ ...r, amount: Number(r.amount), balanceAfter: Number(r.balanceAfter) });
  return file(deps, book, '资金流水', rows.length);
}

const SUBJECTS = Object.keys(CASH_SUBJECT_NAMES) as CashSubject[];

export async function exportCashXlsx(deps: Deps, reports: FinanceReports, platId: string, input: { from: string; to: string }) {
  const { list, total } = await reports.cashDays(platId, input.from, input.to);
  const book = new ExcelJS.Workbook();
  const sheet = sheetOf(book, '资金日报', [
    { header: '日期', key: 'day', width: 12 },
    ...SUBJECTS.map((x) => ({ header: `微信收款-${CASH_SUBJECT_NAMES[x]}`, key: `wx_${x}`, width: 14, money: true })),
    ...SUBJECTS.map((x) => ({ header: `线下收款-${CASH_SUBJECT_NAMES[x]}`, key: `off_${x}`, width: 14, money: true })),
    { header: '收入合计', key: 'moneyIn', width: 12, money: true },
    { header: '提现打款', key: 'withdrawalsPaid', width: 12, money: true },
    { header: '微信退款', key: 'refundsWechat', width: 12, money: true },
    { header: '合规金退还', key: 'refundsDeposit', width: 12, money: true },
    { header: '支出合计', key: 'moneyOut', width: 12, money: true },
    { header: '手续费留存', key: 'feesKept', width: 12, money: true },
    { header: '日末合规金余额', key: 'depositsHeld', width: 16, money: true },
  ]);
  for (const d of [...list, total]) {
    const row: Record<string, unknown> = { day: d.day };
    for (const x of SUBJECTS) {
      row[`wx_${x}`] = yuan(d.wechatIn[x]);
      row[`off_${x}`] = yuan(d.offlineIn[x]);
    }
    for (const key of ['moneyIn', 'withdrawalsPaid', 'refundsWechat', 'refundsDeposit', 'moneyOut', 'feesKept', 'depositsHeld'] as const) row[key] = yuan(d[key]);
    sheet.addRow(row);
  }
  const accounts = sheetOf(book, '线下收款账户', [
    { header: '日期', key: 'day', width: 12 },
    { header: '收款账户', key: 'account', width: 48 },
    { header: '金额', key: 'amount', width: 14, money: true },
  ]);
  for (const d of [...list, total]) for (const [account, amount] of d.offlineByAccount) accounts.addRow({ day: d.day, account, amount: yuan(amount) });
  return file(deps, book, `资金日报-${input.from}至${input.to}`, list.length);
}

export async function exportIncomeXlsx(deps: Deps, reports: FinanceReports, platId: string, month: string) {
  const { objs, obj } = await reports.income(platId, month);
  const book = new ExcelJS.Workbook();
  const sheet = sheetOf(book, '收益月报', [
    { header: '代理商', key: 'agentName', width: 12 },
    { header: '手机号', key: 'phone', width: 14 },
    { header: '销售收益（差价）', key: 'earnedSales', width: 16, money: true },
    { header: '招募收益', key: 'earnedRecruitment', width: 12, money: true },
    { header: '零售收益', key: 'earnedRetail', width: 12, money: true },
    { header: '已解冻', key: 'released', width: 12, money: true },
    { header: '已作废', key: 'voided', width: 12, money: true },
    { header: '月末冻结', key: 'frozenAtEnd', width: 12, money: true },
    { header: '已追回', key: 'clawedBack', width: 12, money: true },
  ]);
  const money = (r: typeof obj.total) => ({
    earnedSales: yuan(r.earnedSales),
    earnedRecruitment: yuan(r.earnedRecruitment),
    earnedRetail: yuan(r.earnedRetail),
    released: yuan(r.released),
    voided: yuan(r.voided),
    frozenAtEnd: yuan(r.frozenAtEnd),
    clawedBack: yuan(r.clawedBack),
  });
  for (const r of objs) sheet.addRow({ agentName: r.agentName, phone: r.phone, ...money(r) });
  sheet.addRow({ agentName: '合计', ...money(obj.total) });
  return file(deps, book, `收益月报-${month}`, objs.length);
}

export async function exportStatementXlsx(deps: Deps, reports: FinanceReports, platId: string, input: { agentId: number; from: string; to: string }) {
  const { obj, objs } = await reports.statement(platId, input);
  const book = new ExcelJS.Workbook();
  const sheet = sheetOf(book, '对账单', [
    { header: '账户', key: 'accountName', width: 10 },
    { header: '时间', key: 'createdAt', width: 20 },
    { header: '变动类型', key: 'changeName', width: 16 },
    { header: '变动数额', key: 'amount', width: 12 },
    { header: '变动后余额', key: 'balanceAfter', width: 14 },
    { header: '单号', key: 'orderCode', width: 24 },
    { header: '备注', key: 'remark', width: 30 },
  ]);
  sheet.spliceRows(1, 0, [`代理商：${obj.agentName}（${obj.phone}）  期间：${obj.from} 至 ${obj.to}`]);
  let rows = 0;
  for (const a of objs) {
    sheet.addRow({ accountName: a.accountName, changeName: '期初余额', balanceAfter: a.opening });
    for (const m of a.movements) sheet.addRow({ accountName: a.accountName, ...m });
    sheet.addRow({ accountName: a.accountName, changeName: '期末余额', amount: `收入 ${a.totalIn} / 支出 ${a.totalOut}`, balanceAfter: a.closing });
    rows += a.movements.length;
  }
  return file(deps, book, `对账单-${obj.agentName}-${obj.from}至${obj.to}`, rows);
}
