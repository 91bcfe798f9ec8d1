import ExcelJS from 'exceljs';
import {
  chinaTimeText,
  fenToYuan,
  MONEY_EXPORT_MAX_ROWS,
  MONEY_HISTORY_MESSAGES as M,
  MONEY_QUEUE_NAMES,
  moneyTabName,
  parseChinaTime,
  PAYOUT_BATCH_HEADERS,
  type MoneyQueue,
  type MoneyTab,
  type PhonePage,
} from '@shop/contract';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import * as repo from './money-history.repository.js';
import type { StaffActor } from './staff-actor.js';
import type { VoucherLinks } from './staff-orders.service.js';

/** ADR 0030: the money history lists, their export and the withdrawals' bank batch-payment file. */

/** Reads need only where and who (the one staff actor type, narrowed). */
export type HistoryActor = Pick<StaffActor, 'platId' | 'staffId'>;

export interface HistoryFilters {
  queue: MoneyQueue;
  tab: MoneyTab;
  keyword?: string;
  code?: string;
  minAmount?: number;
  maxAmount?: number;
  dateKind: 'submitted' | 'decided';
  from?: string;
  to?: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A China-time day's first instant; refuses a day that does not exist (2026-02-30). */
function dayStart(day: string): number {
  const ms = parseChinaTime(`${day} 00:00:00`);
  if (Number.isNaN(ms) || chinaTimeText(new Date(ms)).slice(0, 10) !== day) throw new AppError('VALIDATION', M.dateInvalid);
  return ms;
}

export function toHistoryFilter(platId: string, f: HistoryFilters): repo.MoneyHistoryFilter {
  return {
    platId,
    queue: f.queue,
    tab: f.tab,
    keyword: f.keyword,
    code: f.code,
    minAmount: f.minAmount,
    maxAmount: f.maxAmount,
    dateKind: f.dateKind,
    fromAt: f.from ? new Date(dayStart(f.from)).toISOString() : undefined,
    beforeAt: f.to ? new Date(dayStart(f.to) + DAY_MS).toISOString() : undefined,
  };
}

const PAY_TYPE_TEXT: Record<number, string> = { 1: '线下转账', 2: '微信支付', 3: '总分支付' };
const STATE_TAB: Record<number, MoneyTab> = { 0: 'pending', 1: 'approved', 2: 'rejected' };

function kindText(queue: MoneyQueue, r: repo.MoneyHistoryDbRow): string {
  const pay = PAY_TYPE_TEXT[Number(r.pay_type)];
  switch (queue) {
    case 'offline':
      return '订单线下支付';
    case 'recharge': {
      const what = Number(r.grade_up_type) === 1 ? '首充' : '升级';
      const grades = [r.old_grade, r.new_grade].filter(Boolean).join(' → ');
      return [what, grades, pay].filter(Boolean).join(' · ');
    }
    case 'bond':
      return ['保证金缴纳', pay].filter(Boolean).join(' · ');
    case 'withdrawal':
      return '提现';
    case 'bondReturn':
      return '保证金退还';
  }
}

/** One stored row as the wire row (fen; the contract turns it into yuan). Vouchers signed for this staff member. */
export function toHistoryRow(queue: MoneyQueue, r: repo.MoneyHistoryDbRow, sign: (u: string) => string) {
  const amount = Number(r.amount);
  const fee = Number(r.fee);
  const payType = Number(r.pay_type);
  const bank = [r.receive_bank, r.receive_sub_bank].filter(Boolean).join(' ');
  const receiving = r.receive_number ? { name: r.receive_name, number: r.receive_number, bank } : null;
  // Vouchers name the agent's remitting account and our receiving account; withdrawals and deposit refunds are paid
  // by us into the agent's collection account (ADR 0030).
  const weHave = queue === 'offline' || queue === 'recharge' || queue === 'bond';
  const agentAccount = weHave ? (r.remit_number || r.remit_name ? { name: r.remit_name, number: r.remit_number, bank: '' } : null) : receiving;
  const platformAccount = weHave && payType !== 2 ? receiving : null;
  return {
    id: Number(r.id),
    queue,
    code: r.code,
    kindText: kindText(queue, r),
    createDate: chinaTimeText(r.created_at),
    agentId: Number(r.agent_id),
    agentName: r.agent_name,
    agentPhone: r.phone,
    agentCode: r.agent_code,
    amount,
    fee,
    arrival: amount - fee,
    payType,
    agentAccount,
    platformAccount,
    voucherImgUrl: r.voucher
      .split(/[;,]/)
      .map((u) => u.trim())
      .filter(Boolean)
      .map(sign)
      .join(','),
    remark: r.remark,
    checkState: Number(r.check_state),
    stateText: moneyTabName(queue, STATE_TAB[Number(r.check_state)] ?? 'pending'),
    decidedAt: r.checked_at ? chinaTimeText(r.checked_at) : null,
    decidedBy: r.staff_name || r.staff_username || '',
    reason: r.check_remark,
    payoutReference: r.payout_reference,
  };
}
export type HistoryRow = ReturnType<typeof toHistoryRow>;

const yuan = (fen: number) => Number(fenToYuan(fen));
const accountText = (a: { name: string; number: string; bank: string } | null) => (a ? [a.name, a.number, a.bank].filter(Boolean).join(' ') : '');
const stamp = (now: Date) => chinaTimeText(now).replace(/[-: ]/g, '').slice(0, 14);

export function createMoneyHistory(deps: Deps, links: VoucherLinks) {
  const k = deps.db.kysely;
  const signer = (a: HistoryActor) => (u: string) => links.signedUrl(u, { staffId: a.staffId });

  return {
    async list(a: HistoryActor, f: HistoryFilters & { phonePage: { pageSize: number; pageNum: number } }) {
      const filter = toHistoryFilter(a.platId, f);
      const { pageSize, pageNum } = f.phonePage;
      const total = await repo.countHistory(k, filter);
      const rows = await repo.pageHistory(k, filter, pageSize, (pageNum - 1) * pageSize);
      const phonePage: PhonePage = { pageSize, pageNum, pageTotal: Math.ceil(total / pageSize) };
      const sign = signer(a);
      return { objs: rows.map((r) => toHistoryRow(f.queue, r, sign)), obj: { phonePage, total } };
    },

    /** The filtered rows as XLSX, in the list's order. */
    async export(a: HistoryActor, f: HistoryFilters) {
      const filter = toHistoryFilter(a.platId, f);
      const total = await repo.countHistory(k, filter);
      if (total > MONEY_EXPORT_MAX_ROWS) throw new AppError('VALIDATION', M.exportTooMany);
      const rows = (await repo.pageHistory(k, filter, MONEY_EXPORT_MAX_ROWS, 0)).map((r) => toHistoryRow(f.queue, r, (u) => u));
      const w = f.queue === 'withdrawal';
      const columns = [
        { header: '单号', key: 'code', width: 22 },
        { header: '类型', key: 'kind', width: 18 },
        { header: '提交时间', key: 'createDate', width: 20 },
        { header: '代理商', key: 'agent', width: 12 },
        { header: '手机号', key: 'phone', width: 14 },
        { header: '金额（元）', key: 'amount', width: 14, numFmt: '0.00' },
        ...(w
          ? [
              { header: '手续费（元）', key: 'fee', width: 12, numFmt: '0.00' },
              { header: '应打款（元）', key: 'arrival', width: 14, numFmt: '0.00' },
            ]
          : []),
        { header: w ? '代理商收款账户' : '代理商账户', key: 'agentAccount', width: 36 },
        { header: '平台收款账户', key: 'platformAccount', width: 36 },
        { header: '状态', key: 'state', width: 10 },
        { header: '审核人', key: 'decidedBy', width: 12 },
        { header: '审核时间', key: 'decidedAt', width: 20 },
        { header: '驳回原因', key: 'reason', width: 30 },
        { header: '打款流水号', key: 'payoutReference', width: 24 },
      ];
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet(MONEY_QUEUE_NAMES[f.queue]);
      sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width, style: 'numFmt' in c && c.numFmt ? { numFmt: c.numFmt } : {} }));
      sheet.getRow(1).font = { bold: true };
      for (const r of rows) {
        sheet.addRow({
          code: r.code,
          kind: r.kindText,
          createDate: r.createDate,
          agent: r.agentName,
          phone: r.agentPhone,
          amount: yuan(r.amount),
          fee: yuan(r.fee),
          arrival: yuan(r.arrival),
          agentAccount: accountText(r.agentAccount),
          platformAccount: r.platformAccount ? accountText(r.platformAccount) : r.payType === 2 ? '微信支付' : '',
          state: r.stateText,
          decidedBy: r.decidedBy,
          decidedAt: r.decidedAt ?? '',
          reason: r.checkState === 2 ? r.reason : '',
          payoutReference: r.payoutReference,
        });
      }
      const data = Buffer.from(await book.xlsx.writeBuffer());
      const name = `${MONEY_QUEUE_NAMES[f.queue]}-${moneyTabName(f.queue, f.tab)}-${stamp(deps.clock.now())}.xlsx`;
      return { obj: { fileName: name, base64: data.toString('base64'), rows: rows.length } };
    },

    /**
     * The selected 待打款 withdrawals as the bank's batch-payment sheet: 金额 is what arrives (amount − fee), yuan with
     * two decimals; 用途 names the withdrawal so the bank's result file can be matched back. Any selected item no longer
     * pending refuses the whole file (it would be paid twice).
     */
    async payoutBatch(a: HistoryActor, ids: number[]) {
      const unique = [...new Set(ids)];
      const rows = await repo.withdrawalsByIds(k, a.platId, unique);
      if (rows.length !== unique.length || rows.some((r) => Number(r.check_state) !== 0)) throw new AppError('VALIDATION', M.notPending);
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('批量打款');
      sheet.columns = PAYOUT_BATCH_HEADERS.map((h) => ({ header: h, key: h, width: h === '收款账号' ? 26 : h === '用途' ? 24 : 16 }));
      sheet.getRow(1).font = { bold: true };
      for (const r of rows) {
        sheet.addRow({
          提现单号: r.code,
          收款账号: r.receive_number,
          收款户名: r.receive_name,
          开户行: r.receive_bank,
          支行: r.receive_sub_bank,
          金额: yuan(Number(r.amount) - Number(r.fee)),
          用途: `代理商提现 ${r.code}`,
        });
      }
      sheet.getColumn('金额').numFmt = '0.00';
      // account numbers stay text: a long number typed as a number loses its last digits in Excel
      sheet.getColumn('收款账号').numFmt = '@';
      const data = Buffer.from(await book.xlsx.writeBuffer());
      return { obj: { fileName: `批量打款-${stamp(deps.clock.now())}.xlsx`, base64: data.toString('base64'), rows: rows.length } };
    },
  };
}
export type MoneyHistory = ReturnType<typeof createMoneyHistory>;
