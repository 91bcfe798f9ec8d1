import { sql, type Kysely } from 'kysely';
import type { MoneyQueue, MoneyTab } from '@shop/contract';
import type { Database } from '../../db/schema.js';
import type { Executor } from '../../db/types.js';

/**
 * ADR 0030: the five money queues read as one history (read only; each table stays its owner's to write). Every
 * queue's row is normalised to the same columns, so the filters, paging and export are written once.
 */

export interface MoneyHistoryFilter {
  platId: string;
  queue: MoneyQueue;
  tab: MoneyTab;
  keyword?: string;
  code?: string;
  minAmount?: number;
  maxAmount?: number;
  dateKind: 'submitted' | 'decided';
  /** ISO instants: from included, before excluded. */
  fromAt?: string;
  beforeAt?: string;
}

export interface MoneyHistoryDbRow {
  id: number | string;
  code: string;
  amount: number | string;
  fee: number | string;
  created_at: string;
  checked_at: string | null;
  check_state: number;
  check_remark: string;
  payout_reference: string;
  agent_id: number | string;
  agent_name: string;
  phone: string;
  agent_code: string;
  staff_name: string | null;
  staff_username: string | null;
  pay_type: number | string;
  remit_name: string;
  remit_number: string;
  receive_bank: string;
  receive_sub_bank: string;
  receive_name: string;
  receive_number: string;
  voucher: string;
  remark: string;
  grade_up_type: number | string;
  old_grade: string | null;
  new_grade: string | null;
}

const STATE: Record<MoneyTab, number> = { pending: 0, approved: 1, rejected: 2 };

const none = sql<string>`''`;
const zero = sql<number>`0`;

/** The queue's table joined to its agent and decider, selected as MoneyHistoryDbRow; `code` and `amount` name its columns. */
function source(db: Executor, queue: MoneyQueue): { q: any; code: string; amount: string } {
  const k = db as unknown as Kysely<Database>;
  const common = (q: any) =>
    q
      .innerJoin('agents as a', 'a.id', 't.agent_id')
      .leftJoin('staff as s', 's.id', 't.checked_by')
      .select([
        't.id',
        't.created_at',
        't.checked_at',
        't.check_state',
        't.check_remark',
        'a.id as agent_id',
        'a.agent_name',
        'a.phone',
        'a.agent_code',
        's.display_name as staff_name',
        's.username as staff_username',
      ]);
  const paidBy = (q: any) =>
    q.select([
      't.pay_type',
      't.remit_account_name as remit_name',
      't.remit_account_number as remit_number',
      't.receive_bank_name as receive_bank',
      't.receive_sub_bank_name as receive_sub_bank',
      't.receive_account_name as receive_name',
      't.receive_account_number as receive_number',
      't.voucher_img_url as voucher',
      't.remark',
    ]);
  const noGrades = (q: any) => q.select([zero.as('grade_up_type'), sql<null>`null`.as('old_grade'), sql<null>`null`.as('new_grade')]);
  switch (queue) {
    case 'offline':
      return {
        // a receipt is an offline voucher: its pay type is always 1
        q: noGrades(
          common(k.selectFrom('receipt_records as t').innerJoin('orders as o', 'o.id', 't.order_id')).select([
            'o.order_code as code',
            't.pay_money as amount',
            zero.as('fee'),
            none.as('payout_reference'),
            sql<number>`1`.as('pay_type'),
            't.remit_account_name as remit_name',
            't.remit_account_number as remit_number',
            't.receive_bank_name as receive_bank',
            't.receive_sub_bank_name as receive_sub_bank',
            't.receive_account_name as receive_name',
            't.receive_account_number as receive_number',
            't.voucher_img_url as voucher',
            't.remark',
          ]),
        ),
        code: 'o.order_code',
        amount: 't.pay_money',
      };
    case 'recharge':
      return {
        q: paidBy(common(k.selectFrom('recharge_applies as t')))
          .leftJoin('grades as g0', 'g0.id', 't.old_grade_id')
          .leftJoin('grades as g1', 'g1.id', 't.new_grade_id')
          .select(['t.recharge_code as code', 't.recharge_money as amount', zero.as('fee'), none.as('payout_reference'), 't.grade_up_type', 'g0.grade_name as old_grade', 'g1.grade_name as new_grade']),
        code: 't.recharge_code',
        amount: 't.recharge_money',
      };
    case 'bond':
      return {
        q: noGrades(paidBy(common(k.selectFrom('bond_pays as t'))).select(['t.bond_code as code', 't.bond_money as amount', zero.as('fee'), none.as('payout_reference')])),
        code: 't.bond_code',
        amount: 't.bond_money',
      };
    case 'withdrawal':
      return {
        q: noGrades(
          common(k.selectFrom('withdrawals as t')).select([
            't.withdraw_code as code',
            't.amount',
            't.fee',
            't.payout_reference',
            zero.as('pay_type'),
            none.as('remit_name'),
            none.as('remit_number'),
            't.receive_bank_name as receive_bank',
            't.receive_sub_bank_name as receive_sub_bank',
            't.receive_account_name as receive_name',
            't.receive_account_number as receive_number',
            none.as('voucher'),
            none.as('remark'),
          ]),
        ),
        code: 't.withdraw_code',
        amount: 't.amount',
      };
    case 'bondReturn':
      return {
        q: noGrades(
          common(k.selectFrom('bond_returns as t')).select([
            't.bond_return_code as code',
            't.return_bond_money as amount',
            zero.as('fee'),
            't.payout_reference',
            zero.as('pay_type'),
            none.as('remit_name'),
            none.as('remit_number'),
            't.receive_bank_name as receive_bank',
            't.receive_sub_bank_name as receive_sub_bank',
            't.receive_account_name as receive_name',
            't.receive_account_number as receive_number',
            none.as('voucher'),
            't.remark',
          ]),
        ),
        code: 't.bond_return_code',
        amount: 't.return_bond_money',
      };
  }
}

/** LIKE text with its wildcards taken literally (the filter is a part of a name, phone or code, not a pattern). */
const literal = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function filtered(db: Executor, f: MoneyHistoryFilter) {
  const { q: base, code, amount } = source(db, f.queue);
  const time = f.dateKind === 'decided' ? 't.checked_at' : 't.created_at';
  let q = base.where('t.plat_id', '=', f.platId).where('t.check_state', '=', STATE[f.tab]);
  if (f.keyword) {
    const like = `%${literal(f.keyword)}%`;
    q = q.where((eb: any) => eb.or([sql<boolean>`a.agent_name like ${like} escape '\\'`, sql<boolean>`a.phone like ${like} escape '\\'`]));
  }
  if (f.code) q = q.where(sql<boolean>`${sql.ref(code)} like ${`${literal(f.code.toUpperCase())}%`} escape '\\'`);
  if (f.minAmount !== undefined) q = q.where(amount, '>=', f.minAmount);
  if (f.maxAmount !== undefined) q = q.where(amount, '<=', f.maxAmount);
  if (f.fromAt) q = q.where(time, '>=', f.fromAt);
  if (f.beforeAt) q = q.where(time, '<', f.beforeAt);
  return q;
}

export async function countHistory(db: Executor, f: MoneyHistoryFilter): Promise<number> {
  const r = await filtered(db, f).clearSelect().select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Pending oldest first (the queue is worked from its front); decided newest decision first. */
export async function pageHistory(db: Executor, f: MoneyHistoryFilter, limit: number, offset: number): Promise<MoneyHistoryDbRow[]> {
  const q = filtered(db, f);
  const ordered = f.tab === 'pending' ? q.orderBy('t.id', 'asc') : q.orderBy('t.checked_at', 'desc').orderBy('t.id', 'desc');
  return ordered.limit(limit).offset(offset).execute();
}

/** Withdrawals of the platform by id, with the same columns (the batch-payment file). */
export function withdrawalsByIds(db: Executor, platId: string, ids: number[]): Promise<MoneyHistoryDbRow[]> {
  return source(db, 'withdrawal').q.where('t.plat_id', '=', platId).where('t.id', 'in', ids).orderBy('t.id', 'asc').execute();
}

/** Withdrawals of the platform by code (the bank's result file). */
export function withdrawalsByCodes(db: Executor, platId: string, codes: string[]) {
  return db.selectFrom('withdrawals').selectAll().where('plat_id', '=', platId).where('withdraw_code', 'in', codes).execute();
}
