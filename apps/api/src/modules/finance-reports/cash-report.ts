import type { CashSubject } from '@shop/contract';
import type { Executor } from '../../db/types.js';
import { chinaDate, chinaMidnight, DAY } from '../../lib/clock.js';
import * as bond from '../bond/bond.queries.js';
import * as funds from '../funds/funds.queries.js';
import * as ledger from '../ledger/ledger.queries.js';
import * as payment from '../payment/payment.queries.js';
import * as upgrade from '../upgrade/upgrade.queries.js';

/*
 * The cash report (ADR 0031): money in by WeChat and offline per subject, money out (withdrawals paid, refunds),
 * fees kept and deposits held, per China day and in total; integer fen summed from the owners' rows.
 */

const dayOf = (at: string | null) => (at ? chinaDate(new Date(at)) : '');
const accountLabel = (r: { receive_bank_name: string; receive_account_name: string; receive_account_number: string }) =>
  [r.receive_bank_name, r.receive_account_name, r.receive_account_number].filter(Boolean).join(' ') || '未记录收款账户';

const SUBJECTS: readonly CashSubject[] = ['order', 'recharge', 'upgrade', 'bond', 'store_order'];
const zeroSubjects = () => ({ order: 0, recharge: 0, upgrade: 0, bond: 0, store_order: 0 }) as Record<CashSubject, number>;
function emptyDay(day: string) {
  return {
    day,
    wechatIn: zeroSubjects(),
    offlineIn: zeroSubjects(),
    offlineByAccount: new Map<string, number>(),
    moneyIn: 0,
    withdrawalsPaid: 0,
    refundsWechat: 0,
    refundsDeposit: 0,
    moneyOut: 0,
    feesKept: 0,
    depositsHeld: 0,
  };
}
export type CashDay = ReturnType<typeof emptyDay>;
export const dayWire = (d: CashDay) => ({ ...d, offlineByAccount: [...d.offlineByAccount].map(([account, amount]) => ({ account, amount })) });

/** The days from `from` to `to`, both included. */
function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let ms = Date.parse(`${from}T00:00:00Z`); ms <= Date.parse(`${to}T00:00:00Z`); ms += DAY) out.push(new Date(ms).toISOString().slice(0, 10));
  return out;
}

export async function cashDays(k: Executor, platId: string, from: string, to: string) {
  const fromUtc = chinaMidnight(from);
  const beforeUtc = chinaMidnight(to, 1);
  const [wx, refunds, offOrders, offRecharges, offBonds, bondReturns, withdrawals, bondBefore, bondRecords] = await Promise.all([
    payment.wechatReceivedBetween(k, platId, fromUtc, beforeUtc),
    payment.wechatRefundedBetween(k, platId, fromUtc, beforeUtc),
    payment.offlineOrdersApprovedBetween(k, platId, fromUtc, beforeUtc),
    upgrade.offlineRechargesApprovedBetween(k, platId, fromUtc, beforeUtc),
    bond.offlineBondsApprovedBetween(k, platId, fromUtc, beforeUtc),
    bond.bondReturnsPaidBetween(k, platId, fromUtc, beforeUtc),
    funds.withdrawalsPaidBetween(k, platId, fromUtc, beforeUtc),
    ledger.sumLedger(k, { platId, account: 'bond', beforeUtc: fromUtc }),
    ledger.recordsBetween(k, platId, ['bond'], fromUtc, beforeUtc),
  ]);
  const days = new Map(daysOf(from, to).map((d) => [d, emptyDay(d)]));
  const at = (when: string | null) => days.get(dayOf(when));
  for (const p of wx) {
    const d = at(p.at);
    if (d) d.wechatIn[p.subject_kind] += Number(p.amount);
  }
  const offline = (when: string | null, subject: CashSubject, amount: number, account: string) => {
    const d = at(when);
    if (!d) return;
    d.offlineIn[subject] += amount;
    d.offlineByAccount.set(account, (d.offlineByAccount.get(account) ?? 0) + amount);
  };
  for (const r of offOrders) offline(r.at, 'order', Number(r.amount), accountLabel(r));
  for (const r of offRecharges) offline(r.at, Number(r.grade_up_type) === 2 ? 'upgrade' : 'recharge', Number(r.amount), accountLabel(r));
  for (const r of offBonds) offline(r.at, 'bond', Number(r.amount), accountLabel(r));
  for (const r of refunds) {
    const d = at(r.at);
    if (d) d.refundsWechat += Number(r.amount);
  }
  for (const r of bondReturns) {
    const d = at(r.at);
    if (d) d.refundsDeposit += Number(r.amount);
  }
  for (const w of withdrawals) {
    const d = at(w.at);
    if (!d) continue;
    d.withdrawalsPaid += Number(w.amount) - Number(w.fee);
    d.feesKept += Number(w.fee);
  }
  // Deposits held at each day's end: the deposit ledger up to then (ADR 0031).
  let held = bondBefore.get('bond') ?? 0;
  const byDay = new Map<string, number>();
  for (const r of bondRecords) byDay.set(dayOf(r.created_at), (byDay.get(dayOf(r.created_at)) ?? 0) + Number(r.amount));
  for (const d of days.values()) {
    held += byDay.get(d.day) ?? 0;
    d.depositsHeld = held;
    d.moneyIn = SUBJECTS.reduce((s, x) => s + d.wechatIn[x] + d.offlineIn[x], 0);
    d.moneyOut = d.withdrawalsPaid + d.refundsWechat + d.refundsDeposit;
  }
  const list = [...days.values()];
  const total = emptyDay('合计');
  for (const d of list) {
    for (const x of SUBJECTS) {
      total.wechatIn[x] += d.wechatIn[x];
      total.offlineIn[x] += d.offlineIn[x];
    }
    for (const [a, v] of d.offlineByAccount) total.offlineByAccount.set(a, (total.offlineByAccount.get(a) ?? 0) + v);
    total.moneyIn += d.moneyIn;
    total.withdrawalsPaid += d.withdrawalsPaid;
    total.refundsWechat += d.refundsWechat;
    total.refundsDeposit += d.refundsDeposit;
    total.moneyOut += d.moneyOut;
    total.feesKept += d.feesKept;
  }
  total.depositsHeld = held;
  return { list, total };
}
