import { balanceSituation, CONFIRM_PAY_STATE, type Fen, fenToYuan, INCOME_CHANGE, offlineSentState, ORDER_STATE, PAY_METHOD, STORE_CHANGE } from '@shop/contract';
import type { Deps } from '../../deps.js';
import type { OrderRow } from '../../db/schema.js';
import type { Trx } from '../../db/types.js';
import { AppError } from '../../lib/errors.js';
import { addMs, iso, MINUTE } from '../../lib/clock.js';
import * as agents from '../../modules/agent/agent.queries.js';
import type { PayPasswordGuard } from '../../modules/agent/pay-password.js';
import { once, type Claim } from '../../modules/idempotency/idempotency.queries.js';
import { moveBalance } from '../../modules/ledger/ledger.repository.js';
import * as orders from '../../modules/order/order.queries.js';
import * as payments from '../../modules/payment/payment.queries.js';
import { addPaidOrder } from '../../modules/performance/performance.queries.js';
import type { VoucherCheck, WechatLifecycle } from '../../modules/payment/payment.queries.js';
import { offlineProof } from './offline-proof.js';
import { creditGiftPoints, paidType } from './order-payment.js';

/** How long a WeChat payment may stay open before the reconcile job closes it. */
export const WECHAT_PAY_WINDOW_MS = 15 * MINUTE;

export interface PaymentInput {
  id: number;
  payType: 1 | 6 | 7 | 8;
  goodsPayMoney?: Fen;
  awardPayMoney?: Fen;
  otherActualMoney?: Fen;
  offlinePayMoney?: Fen;
  orderReceiptRecordBo?: {
    accountId: number;
    remitAccountName?: string;
    remitAccountNumber?: string;
    voucherImgUrl: string;
    remark?: string;
  };
  payPassword?: string;
  idempotencyKey?: string;
}

/** Paying an order (spec 1 §4): the money split, the balance parts, WeChat and the offline voucher. */
export function createPaymentFlow(deps: Deps, payPassword: PayPasswordGuard, wechat: WechatLifecycle, voucherCheck: VoucherCheck) {
  const { db, clock } = deps;
  const k = db.kysely;

  /** The order's money split as the server sees it now (spec 1 §4 isCanState). */
  async function split(order: OrderRow, agentId: number) {
    const [b, methods] = await Promise.all([agents.findBalances(k, agentId), orders.findPayMethods(k, order.plat_id, true)]);
    // Sent for offline review: the split it was sent with, not one recomputed from today's balance (ADR 0027).
    if (order.circulation_state === ORDER_STATE.review) {
      const fromBalance = Number(order.goods_pay_money);
      const sent = { state: offlineSentState(fromBalance), fromBalance, outstanding: Number(order.offline_pay_money), shortfall: 0 };
      return { ...sent, balances: b, methods: methods.map((m) => m.type) };
    }
    const goodsFund = methods.find((m) => m.type === 3);
    const goods = order.actual_money - order.post_money;
    const s = balanceSituation({
      balance: goodsFund ? b.last_store : 0,
      goods: Math.max(0, goods),
      freight: order.post_money,
      freightFromBalance: goodsFund?.is_can_pay_postage === 1,
      // spec 1 §4: offline chosen at order time (state 5) pays the whole order offline, the goods fund takes nothing.
      offline: order.pay_type === 4 || order.pay_type === 15,
    });
    return { ...s, balances: b, methods: methods.map((m) => m.type) };
  }

  /** `read`: the order as this request already read it (undefined: not the agent's), so it is not read twice. */
  async function payableOrder(agentId: number, orderId: number, read?: { order: OrderRow | undefined }) {
    const order = read ? read.order : await orders.findOrderForAgent(k, agentId, orderId);
    if (!order) throw new AppError('RECORD_NOT_FOUND', '订单不存在');
    if (order.circulation_state !== ORDER_STATE.unpaid) throw new AppError('VALIDATION', '订单已支付或已关闭，请勿重复支付');
    if (order.pay_deadline && order.pay_deadline <= iso(clock.now())) throw new AppError('VALIDATION', '订单已超时关闭');
    return order;
  }

  /** Takes the balance and income parts in the caller's transaction; false when a balance no longer covers them. */
  async function take(trx: Trx, order: OrderRow, agentId: number, fromBalance: Fen, income: { goods: Fen; postage: Fen }) {
    const at = iso(clock.now());
    const base = { platId: order.plat_id, agentId, orderCode: order.order_code, at };
    if (fromBalance > 0) {
      const left = await moveBalance(trx, { ...base, account: 'store', amount: -fromBalance, changeState: STORE_CHANGE.purchaseUse, remark: '订单支付' });
      if (left === null) throw new AppError('VALIDATION', '货款余额不足');
    }
    for (const [amount, changeState, remark] of [
      [income.goods, INCOME_CHANGE.purchaseUse, '订单支付'],
      [income.postage, INCOME_CHANGE.postage, '订单运费'],
    ] as const) {
      if (amount <= 0) continue;
      const left = await moveBalance(trx, { ...base, account: 'totalScore', amount: -amount, changeState, remark });
      if (left === null) throw new AppError('VALIDATION', '总分余额不足');
    }
  }

  async function startWechat(order: OrderRow, agentId: number, openId: string | null, pin: string | undefined) {
    const again = await wechat.resume('order', Number(order.id), openId);
    if (again) return again;
    if (!openId) throw new AppError('VALIDATION', '您未绑定微信支付');
    const s = await split(order, agentId);
    if (!s.methods.includes(1)) throw new AppError('VALIDATION', '该支付方式暂未开启');
    // ADR 0024: the goods fund's share leaves the account here (reserved), so it needs the payment password too.
    if (s.outstanding > 0 && s.fromBalance > 0) await payPassword.verify(agentId, pin, s.balances);
    const now = clock.now();
    // Never open past the order's own window: WeChat then refuses a payment the order could no longer take.
    const windowEnd = addMs(now, WECHAT_PAY_WINDOW_MS);
    const expiresAt = order.pay_deadline && new Date(order.pay_deadline) < windowEnd ? new Date(order.pay_deadline) : windowEnd;
    return wechat.open({
      kind: 'order',
      subjectId: Number(order.id),
      platId: order.plat_id,
      agentId,
      serialPrefix: order.order_code,
      description: `订单${order.order_code}`,
      // The balance part is reserved now and given back if the WeChat payment does not complete.
      amount: s.outstanding > 0 ? s.outstanding : order.actual_money,
      goodsPart: s.outstanding > 0 ? s.fromBalance : 0,
      openId,
      expiresAt,
    });
  }

  return {
    split,

    /** The payment screen: the split, balances, enabled methods and the deadline. */
    async info(agentId: number, orderId: number) {
      const order = await orders.findOrderForAgent(k, agentId, orderId);
      if (!order) throw new AppError('RECORD_NOT_FOUND', '订单不存在');
      const s = await split(order, agentId);
      return {
        order,
        situation: s,
        lineChargeVoucher: await payments.lineChargeVoucher(k, order.plat_id),
        wechatPending: !!(await payments.findOpenPayment(k, 'order', Number(order.id))),
      };
    },

    /**
     * orderPayment (spec 2 §4 Payment flow): the server decides what each source pays and refuses other figures. One
     * payment per key (ADR 0023); a WeChat start moves nothing here and is not kept (the wing resumes an open payment).
     */
    async pay(agentId: number, input: PaymentInput & { idempotencyKey: string }, openId: string | null) {
      const target = await orders.findOrderForAgent(k, agentId, input.id);
      const s = { platId: target?.plat_id ?? '', actorKind: 'agent' as const, actorId: agentId, key: input.idempotencyKey, operation: 'orderPayment', input, at: iso(clock.now()) };
      // The order read for the key's subject is the one paid: the state is checked again by compare-and-set below.
      return once(k, s, (claim) => payOnce(agentId, input, openId, claim, { order: target }));
    },

    /** orderPrePay: the WeChat start alone; nothing moves here, so there is nothing to claim. */
    async prepay(agentId: number, orderId: number, openId: string | null) {
      return payOnce(agentId, { id: orderId, payType: PAY_METHOD.wechat }, openId, async () => {});
    },
  };

  async function payOnce(agentId: number, input: PaymentInput, openId: string | null, claim: Claim, read?: { order: OrderRow | undefined }) {
    const order = await payableOrder(agentId, input.id, read);
    if (input.payType === PAY_METHOD.wechat) return { order, wechat: await startWechat(order, agentId, openId, input.payPassword) };
    // Paid another way while a WeChat payment is open: that one is closed and gives its reservation back first.
    await wechat.withdraw('order', Number(order.id));

    const s = await split(order, agentId);
    const method = s.outstanding === 0 ? PAY_METHOD.balance : input.payType;
    if (method === PAY_METHOD.balance && s.outstanding > 0) throw new AppError('VALIDATION', `货款余额不足，还差 ¥${fenToYuan(s.outstanding)}`);
    const totalScorePart = method === PAY_METHOD.income ? s.outstanding : 0;
    const offlinePart = method === PAY_METHOD.offline ? s.outstanding : 0;
    const expected = { goodsPayMoney: s.fromBalance, awardPayMoney: totalScorePart, offlinePayMoney: offlinePart, otherActualMoney: 0 };
    for (const key of Object.keys(expected) as (keyof typeof expected)[]) {
      if (input[key] !== undefined && input[key] !== expected[key]) throw new AppError('VALIDATION', '支付金额有误，请刷新后重试');
    }
    const postage = Math.min(totalScorePart, order.post_money);
    if (method === PAY_METHOD.income && s.balances.lave_income < totalScorePart) throw new AppError('VALIDATION', '总分余额不足');
    // spec 3 §5: the payment password guards balance and total-score payment; ADR 0024 adds the goods fund's share
    // of an offline payment (money leaves the account) and refuses every one of them while no password is set.
    if (method === PAY_METHOD.balance || method === PAY_METHOD.income || s.fromBalance > 0) await payPassword.verify(agentId, input.payPassword, s.balances);

    let receipt: Awaited<ReturnType<typeof offlineReceipt>> | null = null;
    if (method === PAY_METHOD.offline) receipt = await offlineReceipt(order, input);

    const at = iso(clock.now());
    const to = method === PAY_METHOD.offline ? ORDER_STATE.review : ORDER_STATE.toShip;
    const paid = await k.transaction().execute(async (trx) => {
      await claim(trx);
      // The compare-and-set answers the paid row (RETURNING): nothing below writes the order, so it is not read again.
      const moved = await orders.moveStateReturning(trx, order.id, ORDER_STATE.unpaid, to, {
        pay_type: paidType(order, method, s.fromBalance > 0),
        pay_state: method === PAY_METHOD.offline ? 0 : 1,
        pay_date: method === PAY_METHOD.offline ? null : at,
        goods_pay_money: s.fromBalance,
        award_pay_money: totalScorePart,
        offline_pay_money: offlinePart,
        confirm_pay_state: method === PAY_METHOD.offline ? CONFIRM_PAY_STATE.pending : CONFIRM_PAY_STATE.none,
        confirm_reject_reason: null,
      });
      // Two payments at once: one moves the order, the other finds it moved and takes nothing.
      if (!moved) throw new AppError('VALIDATION', '订单已支付或已关闭，请勿重复支付');
      await take(trx, order, agentId, s.fromBalance, { goods: totalScorePart - postage, postage });
      if (receipt) await payments.insertReceipt(trx, { ...receipt, created_at: at });
      else {
        await creditGiftPoints(trx, order, at);
        await addPaidOrder(trx, order, at); // ADR 0045: the monthly performance rollup
      }
      return moved;
    });
    return { order: paid, wechat: null };
  }

  async function offlineReceipt(order: OrderRow, input: PaymentInput) {
    const r = input.orderReceiptRecordBo;
    if (!r) throw new AppError('VALIDATION', '请选择收款账户');
    const proof = await offlineProof(k, voucherCheck, order.plat_id, Number(order.create_agent_id), r, ';');
    return {
      plat_id: order.plat_id,
      order_id: order.id,
      agent_id: order.create_agent_id,
      pay_money: order.actual_money,
      post_money: order.post_money,
      ...proof,
      remark: r.remark ?? '',
      check_state: 0,
    };
  }
}
export type PaymentFlow = ReturnType<typeof createPaymentFlow>;
