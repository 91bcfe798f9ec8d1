import { ORDER_REFUND_MESSAGES as M, ORDER_REFUND_STATE, ORDER_STATE } from '@shop/contract';
import type { OrderRow } from '../db/schema.js';
import type { Executor } from '../db/types.js';
import { AppError } from '../lib/errors.js';
import * as agents from '../modules/agent/agent.queries.js';
import { networkIncomeRepo } from '../modules/funds/funds.queries.js';
import * as orders from '../modules/order/order.queries.js';
import { paidPaymentOf, type WechatPaymentRow } from '../modules/payment/payment.queries.js';
import { lineShare, refundRepo, shareOf, allocate, splitByMethod, type Parts, type RefundLine } from '../modules/refund/refund.queries.js';
import { earningsByLine } from './network-income.js';

/*
 * The figures of one refund of a paid order (ADR 0034), computed from the order as read inside the caller's
 * transaction: which lines and units, the split by how the order was paid, the gift points, the network income to
 * cancel or claw back. Nothing moves here; flows/refund-order.ts moves what the plan says.
 */

const refuse = (message: string) => new AppError('VALIDATION', message);
const PAID_STATES: number[] = [ORDER_STATE.toShip, ORDER_STATE.shipped, ORDER_STATE.done];

export interface RefundLineInput {
  lineId: number;
  qty: number;
}

type Line = Awaited<ReturnType<typeof orders.linesOf>>[number];

/** Every figure of one refund, computed from the order as read (ADR 0034); nothing moves here. */
export interface RefundPlan {
  order: OrderRow;
  isFull: boolean;
  /** Paid lines and quantities of this refund, plus (whole refund) the gift lines' remaining units. */
  lines: { line: Line; qty: number; amount: number; points: number }[];
  amount: number;
  parts: Parts;
  points: number;
  giftDue: number;
  giftTaken: number;
  giftShort: number;
  stockBack: boolean;
  income: { row: Awaited<ReturnType<typeof networkIncomeRepo.incomesOfOrder>>[number]; x: number; claw: number; debt: number }[];
  incomeCancelled: number;
  incomeClawed: number;
  incomeDebt: number;
  payment: WechatPaymentRow | undefined;
}

/** The weight of a paid line in the order's totals: its goods money, else its points, else its units (ADR 0034). */
function weightsOf(lines: readonly Line[]): number[] {
  const money = lines.map((l) => Number(l.prod_all_money));
  if (money.some((x) => x > 0)) return money;
  const points = lines.map((l) => Number(l.total_point));
  if (points.some((x) => x > 0)) return points;
  return lines.map((l) => l.buy_num);
}

/** What `lines` carry of `total` once refunded as far as `after` says (cumulative, floored per line). */
function cumulative(total: number, weights: readonly number[], lines: readonly RefundLine[], after: boolean): number {
  const parts = allocate(total, weights);
  return lines.reduce((s, l, i) => s + shareOf(parts[i]!, l.before + (after ? l.qty : 0), l.buyNum), 0);
}

export async function planRefund(db: Executor, order: OrderRow, req: { lines?: RefundLineInput[]; returnStock?: boolean }): Promise<RefundPlan> {
  if (order.circulation_state === ORDER_STATE.refunded || order.refund_state === ORDER_REFUND_STATE.full) throw refuse(M.alreadyRefunded);
  if (!PAID_STATES.includes(order.circulation_state) || order.pay_state !== 1) throw refuse(M.notPaid);
  const all = await orders.linesOf(db, [Number(order.id)]);
  const paid = all.filter((l) => !l.is_first_gift);
  const gifts = all.filter((l) => l.is_first_gift);

  const wanted = new Map<number, number>();
  if (!req.lines) {
    for (const l of paid) if (l.buy_num > l.refund_num) wanted.set(Number(l.id), l.buy_num - l.refund_num);
  } else {
    for (const r of req.lines) {
      const l = all.find((x) => Number(x.id) === r.lineId);
      if (!l) throw refuse(M.lineNotFound);
      if (l.is_first_gift) throw refuse(M.lineGift);
      if (wanted.has(r.lineId)) throw refuse(M.lineRepeated);
      if (r.qty > l.buy_num - l.refund_num) throw refuse(M.qtyTooMany(l.prod_name, l.buy_num - l.refund_num));
      wanted.set(r.lineId, r.qty);
    }
  }
  // Nothing left (another refund took the rest while this one read the order): the order is wholly refunded.
  if (wanted.size === 0) throw refuse(req.lines ? M.lineRequired : M.alreadyRefunded);

  const rl: RefundLine[] = paid.map((l) => ({ id: Number(l.id), buyNum: l.buy_num, before: l.refund_num, qty: wanted.get(Number(l.id)) ?? 0 }));
  const isFull = rl.every((l) => l.before + l.qty === l.buyNum);
  const weights = weightsOf(paid);
  const actual = Number(order.actual_money);
  const goodsPaid = Math.max(0, actual - Number(order.post_money));
  const money = lineShare(goodsPaid, weights, rl);
  // The whole refund takes all that is left, freight and every remainder fen included: the refunds sum to the order.
  const amount = isFull ? actual - Number(order.refund_money) : money.total;

  const payment = await paidPaymentOf(db, 'order', Number(order.id));
  const held: Parts = {
    store: Number(order.goods_pay_money),
    income: Number(order.award_pay_money),
    wechat: payment ? Number(payment.amount) : 0,
    offline: Number(order.offline_pay_money),
  };
  if (held.store + held.income + held.wechat + held.offline !== actual) throw refuse(M.paymentIncomplete);
  const so = await refundRepo.refundedSoFar(db, Number(order.id));
  const left: Parts = { store: held.store - so.store, income: held.income - so.income, wechat: held.wechat - so.wechat, offline: held.offline - so.offline };
  if (amount > left.store + left.income + left.wechat + left.offline || amount < 0) throw refuse(M.paymentIncomplete);
  const parts = splitByMethod(amount, left);

  const totalPoints = Number(order.balance_point) + Number(order.actual_point);
  const pts = lineShare(totalPoints, weights, rl);
  const points = isFull ? totalPoints - so.points : pts.total;
  const gift = Number(order.gift_point);
  const giftDue = isFull ? gift - so.giftTaken - so.giftShort : lineShare(gift, weights, rl).total;
  const balances = await agents.findBalances(db, Number(order.create_agent_id));
  // Points never below zero: what was spent meanwhile is recorded as the shortfall (ADR 0034).
  const giftTaken = Math.min(giftDue, Math.max(0, balances.lave_integral + points));
  const stockBack = order.circulation_state === ORDER_STATE.toShip || req.returnStock === true;

  const lines = paid
    .map((line, i) => ({ line, qty: rl[i]!.qty, amount: money.perLine[i]!, points: pts.perLine[i]! }))
    .filter((l) => l.qty > 0);
  if (isFull) for (const g of gifts) if (g.buy_num > g.refund_num) lines.push({ line: g, qty: g.buy_num - g.refund_num, amount: 0, points: 0 });

  // Network income: each earner's row gives back the refunded units' share of what it earned, shared over the lines
  // by what each line earned that earner (the chain walked again; ADR 0034).
  const income: RefundPlan['income'] = [];
  const rows = await networkIncomeRepo.incomesOfOrder(db, Number(order.id));
  const walk = rows.length ? await earningsByLine(db, { id: Number(order.id), create_agent_id: Number(order.create_agent_id) }) : { lines: [], earners: [] };
  const irl: RefundLine[] = walk.lines.map((il) => rl.find((r) => r.id === Number(il.id)) ?? { id: Number(il.id), buyNum: il.buy_num, before: 0, qty: 0 });
  const earnerIncome = new Map<number, number>();
  for (const row of rows) {
    const earned = Number(row.amount) + Number(row.cancelled_amount);
    const reversed = Number(row.cancelled_amount) + Number(row.clawed_amount);
    const weights = walk.earners.find((e) => e.agentId === Number(row.agent_id))?.perLine ?? irl.map((l) => l.buyNum);
    const target = isFull ? earned : cumulative(earned, weights, irl, true);
    const x = Math.max(0, target - reversed);
    if (x === 0) continue;
    if (row.state === 0) {
      income.push({ row, x, claw: 0, debt: 0 });
    } else {
      const agentId = Number(row.agent_id);
      if (!earnerIncome.has(agentId)) earnerIncome.set(agentId, (await agents.findBalances(db, agentId)).lave_income);
      const claw = Math.min(x, earnerIncome.get(agentId)!);
      earnerIncome.set(agentId, earnerIncome.get(agentId)! - claw);
      income.push({ row, x, claw, debt: x - claw });
    }
  }
  const sum = (f: (r: (typeof income)[number]) => number) => income.reduce((s, r) => s + f(r), 0);
  return {
    order,
    isFull,
    lines,
    amount,
    parts,
    points,
    giftDue,
    giftTaken,
    giftShort: giftDue - giftTaken,
    stockBack,
    income,
    incomeCancelled: sum((r) => (r.row.state === 0 ? r.x : 0)),
    incomeClawed: sum((r) => r.claw),
    incomeDebt: sum((r) => r.debt),
    payment,
  };
}
