import {
  ORDER_REFUND_MESSAGES as M,
  ORDER_REFUND_STATE_TEXT,
  ORDER_STATE,
  REFUND_PAYOUT_STATE_TEXT,
  WECHAT_PART_STATE_TEXT,
  chinaTimeText,
} from '@shop/contract';
import type { Deps } from '../deps.js';
import type { Executor } from '../db/types.js';
import { iso } from '../lib/clock.js';
import { AppError } from '../lib/errors.js';
import * as orders from '../modules/order/order.queries.js';
import { refundsOfOrderRefunds } from '../modules/payment/payment.queries.js';
import { refundRepo, type OrderRefundRow, type PayoutListRow } from '../modules/refund/refund.queries.js';
import { auditOrderWrite, operatorName, type StaffActor } from '../modules/staff/staff.queries.js';
import type { OrderRefunds, RefundLineInput, RefundPlan } from './refund-order.js';

const time = (at: string | null) => (at ? chinaTimeText(new Date(at)) : null);
const PAID_STATES: number[] = [ORDER_STATE.toShip, ORDER_STATE.shipped, ORDER_STATE.done];

/** The figures of a plan as the wire carries them (fen; the contract turns them into yuan). */
export function figuresOf(p: RefundPlan) {
  return {
    amount: p.amount,
    storeAmount: p.parts.store,
    incomeAmount: p.parts.income,
    wechatAmount: p.parts.wechat,
    offlineAmount: p.parts.offline,
    points: p.points,
    giftPointsTaken: p.giftTaken,
    giftPointsShort: p.giftShort,
    incomeCancelled: p.incomeCancelled,
    incomeClawed: p.incomeClawed,
    incomeDebt: p.incomeDebt,
    stockReturned: p.stockBack,
    isFull: p.isFull,
    lines: p.lines.map((l) => ({ lineId: Number(l.line.id), prodName: l.line.prod_name, specDispStr: l.line.spec_disp_str, qty: l.qty, amount: l.amount, isGift: !!l.line.is_first_gift })),
  };
}

function payoutOut(r: PayoutListRow) {
  return {
    id: Number(r.id),
    refundCode: r.refund_code,
    orderCode: r.order_code,
    agentName: r.create_agent_name,
    agentPhone: r.create_agent_tel,
    amount: Number(r.amount),
    bankName: r.bank_name,
    accountName: r.account_name,
    accountNumber: r.account_number,
    state: r.state,
    stateText: REFUND_PAYOUT_STATE_TEXT[r.state] ?? '',
    payReference: r.pay_reference,
    paidBy: r.paid_by,
    paidDate: time(r.paid_at),
    createDate: time(r.created_at)!,
  };
}

/** The refunds of an order with their lines, WeChat part and payout (ADR 0034), oldest first. */
async function recordsOf(db: Executor, orderId: number) {
  const refunds = await refundRepo.refundsOfOrder(db, orderId);
  const ids = refunds.map((r) => Number(r.id));
  const [lines, wechat, payouts, orderLines] = await Promise.all([
    refundRepo.linesOfRefunds(db, ids),
    refundsOfOrderRefunds(db, ids),
    refundRepo.payoutsOfRefunds(db, ids),
    orders.linesOf(db, [orderId]),
  ]);
  return refunds.map((r: OrderRefundRow) => {
    const w = wechat.find((x) => Number(x.order_refund_id) === Number(r.id));
    const p = payouts.find((x) => Number(x.refund_id) === Number(r.id));
    return {
      id: Number(r.id),
      refundCode: r.refund_code,
      reason: r.reason,
      staffName: r.staff_name,
      createDate: time(r.created_at)!,
      amount: Number(r.amount),
      storeAmount: Number(r.store_amount),
      incomeAmount: Number(r.income_amount),
      wechatAmount: Number(r.wechat_amount),
      offlineAmount: Number(r.offline_amount),
      points: Number(r.points),
      giftPointsTaken: Number(r.gift_points_taken),
      giftPointsShort: Number(r.gift_points_short),
      incomeCancelled: Number(r.income_cancelled),
      incomeClawed: Number(r.income_clawed),
      incomeDebt: Number(r.income_debt),
      stockReturned: r.stock_returned === 1,
      isFull: r.is_full === 1,
      lines: lines
        .filter((l) => Number(l.refund_id) === Number(r.id))
        .map((l) => {
          const ol = orderLines.find((x) => Number(x.id) === Number(l.order_line_id));
          return { lineId: Number(l.order_line_id), prodName: ol?.prod_name ?? '', specDispStr: ol?.spec_disp_str ?? '', qty: l.qty, amount: Number(l.amount), isGift: !!ol?.is_first_gift };
        }),
      wechatState: w ? w.state : null,
      wechatStateText: w ? (WECHAT_PART_STATE_TEXT[w.state] ?? '') : '',
      payoutState: p ? p.state : null,
      payoutStateText: p ? (REFUND_PAYOUT_STATE_TEXT[p.state] ?? '') : '',
    };
  });
}

/** The console's and the shop's reads of refunds, and finance paying an offline refund (ADR 0034). */
export function createRefundRecords(deps: Deps, refunds: OrderRefunds) {
  const k = deps.db.kysely;

  async function platformOrder(platId: string, orderId: number) {
    const order = await orders.findOrderById(k, orderId);
    if (!order || order.plat_id !== platId) throw new AppError('RECORD_NOT_FOUND', M.orderNotFound);
    return order;
  }

  return {
    async preview(actor: StaffActor, input: { orderId: number; lines?: RefundLineInput[] }) {
      return { obj: figuresOf(await refunds.preview(actor, input)) };
    },

    async refund(actor: StaffActor, input: { orderId: number; lines?: RefundLineInput[]; reason: string; idempotencyKey: string }) {
      const { refundId } = await refunds.refund({ orderId: input.orderId, lines: input.lines, reason: input.reason, staff: actor, key: input.idempotencyKey });
      const record = (await recordsOf(k, input.orderId)).find((r) => r.id === refundId);
      if (!record) throw new AppError('RECORD_NOT_FOUND', M.orderNotFound);
      return { obj: record };
    },

    async ofOrder(actor: StaffActor, orderId: number) {
      const order = await platformOrder(actor.platId, orderId);
      const lines = await orders.linesOf(k, [orderId]);
      return {
        obj: {
          refundable: PAID_STATES.includes(order.circulation_state) && order.pay_state === 1 && lines.some((l) => !l.is_first_gift && l.buy_num > l.refund_num),
          refundState: order.refund_state,
          refundMoney: Number(order.refund_money),
          lines: lines.map((l) => ({
            lineId: Number(l.id),
            prodName: l.prod_name,
            specDispStr: l.spec_disp_str,
            buyNum: l.buy_num,
            refundNum: l.refund_num,
            left: l.is_first_gift ? 0 : l.buy_num - l.refund_num,
            isGift: !!l.is_first_gift,
          })),
        },
        objs: await recordsOf(k, orderId),
      };
    },

    /** The agent's own order: its refund state and records (goods fund, total score, WeChat, offline, points). */
    async mine(agentId: number, orderId: number) {
      const order = await orders.findOrderForAgent(k, agentId, orderId);
      if (!order) throw new AppError('RECORD_NOT_FOUND', M.orderNotFound);
      const records = await recordsOf(k, orderId);
      return {
        obj: { refundState: order.refund_state, refundStateText: ORDER_REFUND_STATE_TEXT[order.refund_state] ?? '', refundMoney: Number(order.refund_money) },
        objs: records.map((r) => ({
          refundCode: r.refundCode,
          amount: r.amount,
          storeAmount: r.storeAmount,
          incomeAmount: r.incomeAmount,
          wechatAmount: r.wechatAmount,
          offlineAmount: r.offlineAmount,
          points: r.points,
          giftPointsTaken: r.giftPointsTaken,
          giftPointsShort: r.giftPointsShort,
          reason: r.reason,
          createDate: r.createDate,
          wechatStateText: r.wechatStateText,
          payoutStateText: r.payoutStateText,
        })),
      };
    },

    async payouts(actor: StaffActor, input: { state?: number; phonePage: { pageSize: number; pageNum: number } }) {
      const { pageSize, pageNum } = input.phonePage;
      const total = await refundRepo.countPayouts(k, actor.platId, input.state);
      const rows = await refundRepo.pagePayouts(k, actor.platId, input.state, pageSize, (pageNum - 1) * pageSize);
      return { objs: rows.map(payoutOut), obj: { phonePage: { pageSize, pageNum, pageTotal: Math.ceil(total / pageSize) }, total } };
    },

    /** 待打款 → 已打款 with the bank's reference, compare-and-set and audited (paid like a withdrawal, ADR 0017). */
    async payPayout(actor: StaffActor, input: { payoutId: number; payReference: string }) {
      const row = await refundRepo.findPayout(k, actor.platId, input.payoutId);
      if (!row) throw new AppError('RECORD_NOT_FOUND', M.payoutNotFound);
      if (row.state !== 0) throw new AppError('VALIDATION', M.payoutPaid);
      const by = operatorName(actor);
      const at = iso(deps.clock.now());
      await k.transaction().execute(async (trx) => {
        if (!(await refundRepo.markPayoutPaid(trx, Number(row.id), { reference: input.payReference, by: by.replace(/^staff:/, ''), at }))) throw new AppError('VALIDATION', M.payoutPaid);
        await auditOrderWrite(trx, actor, {
          operation: 'payRefundPayout',
          targetKind: 'refundPayout',
          targetId: Number(row.id),
          agentId: Number(row.agent_id),
          amount: Number(row.amount),
          before: '待打款',
          after: '已打款',
          reason: input.payReference,
          detail: `${row.refund_code} ${row.order_code} ${row.account_name} ${row.account_number}`,
          at,
        });
      });
      return { obj: payoutOut((await refundRepo.findPayout(k, actor.platId, input.payoutId))!) };
    },
  };
}
export type RefundRecords = ReturnType<typeof createRefundRecords>;
