import { ORDER_REFUND_CHANGE as C, ORDER_REFUND_MESSAGES as M, ORDER_REFUND_STATE, ORDER_STATE, fenToYuan } from '@shop/contract';
import type { Deps } from '../deps.js';
import type { OrderRow } from '../db/schema.js';
import type { Executor, Trx } from '../db/types.js';
import { iso } from '../lib/clock.js';
import { AppError } from '../lib/errors.js';
import { addSales, returnActivityStock, returnStock } from '../modules/catalog/catalog.queries.js';
import { collectionAccountsOf, networkIncomeRepo } from '../modules/funds/funds.queries.js';
import { once } from '../modules/idempotency/idempotency.queries.js';
import { moveBalance, type Movement } from '../modules/ledger/ledger.repository.js';
import * as orders from '../modules/order/order.queries.js';
import { removeRefundedOrder } from '../modules/performance/performance.queries.js';
import type { WechatLifecycle } from '../modules/payment/payment.queries.js';
import { refundRepo } from '../modules/refund/refund.queries.js';
import { auditOrderWrite, operatorName, type StaffActor } from '../modules/staff/staff.queries.js';
import { accrueOrder } from './network-income.js';
import { planRefund, type RefundLineInput } from './refund-plan.js';

export type { RefundLineInput, RefundPlan } from './refund-plan.js';

const refuse = (message: string) => new AppError('VALIDATION', message);
const stateChanged = () => refuse(M.stateChanged);
const PAID_STATES: number[] = [ORDER_STATE.toShip, ORDER_STATE.shipped, ORDER_STATE.done];

/** One refund as the after-sales flow and the staff console ask for it (ADR 0034). */
export interface RefundRequest {
  orderId: number;
  /** Left out: everything still refundable (the whole order). */
  lines?: RefundLineInput[];
  reason: string;
  staff: StaffActor;
  /** ADR 0023: one refund per key; the same key with another request is refused. */
  key: string;
  /** Shipped lines' stock comes back only when the goods came back (after-sales return); not shipped: always. */
  returnStock?: boolean;
  /** The caller's own step in the refund's transaction (ADR 0036: the after-sales request becomes 已退款 with it). */
  also?: (trx: Trx, done: { refundId: number }) => Promise<void>;
}

/**
 * The reversal of a paid order, wholly or by line (ADR 0034): one function for the staff refund and the after-sales
 * flow. `preview` answers the figures; `refund` moves them in one transaction (the WeChat refund asked after it).
 */
export function createOrderRefunds(deps: Deps, wechat: WechatLifecycle) {
  const k = deps.db.kysely;

  /** Paid ordinary orders earn their income first (the job would), so the refund reverses what was really earned. */
  async function accrue(trx: Trx, order: OrderRow, at: string) {
    if (order.order_type !== 1 || order.pay_state !== 1) return;
    await accrueOrder(trx, { id: Number(order.id), plat_id: order.plat_id, order_code: order.order_code, create_agent_id: Number(order.create_agent_id) }, at);
  }

  async function orderOf(db: Executor, platId: string, orderId: number) {
    const order = await orders.findOrderById(db, orderId);
    if (!order || order.plat_id !== platId) throw new AppError('RECORD_NOT_FOUND', M.orderNotFound);
    return order;
  }

  async function move(trx: Trx, m: Movement) {
    if ((await moveBalance(trx, m)) === null) throw stateChanged();
  }

  /** The ledger part, in the caller's transaction; answers the refund's id and the WeChat refund to ask for. */
  async function apply(trx: Trx, req: RefundRequest, by: string, at: string) {
    const order = await orderOf(trx, req.staff.platId, req.orderId);
    await accrue(trx, order, at);
    const p = await planRefund(trx, order, req);
    const orderId = Number(order.id);
    const agentId = Number(order.create_agent_id);
    const refundMoney = Number(order.refund_money) + p.amount;
    const next = p.isFull
      ? { state: ORDER_STATE.refunded, refundState: ORDER_REFUND_STATE.full, refundMoney }
      : { state: order.circulation_state, refundState: ORDER_REFUND_STATE.partial, refundMoney };
    if (p.isFull) orders.assertTransition(order.circulation_state, ORDER_STATE.refunded);
    // Compare-and-set on the order, then on each line in id order: a second refund, shipping or receipt racing this
    // one finds the order moved and changes nothing (ADR 0034).
    if (!(await orders.recordOrderRefund(trx, orderId, { state: order.circulation_state, refundMoney: Number(order.refund_money) }, next))) throw stateChanged();
    // ADR 0045: a whole refund takes the order out of its month of the performance rollup (a partial one keeps it).
    if (p.isFull) await removeRefundedOrder(trx, order);
    for (const l of [...p.lines].sort((a, b) => Number(a.line.id) - Number(b.line.id))) {
      if (!(await orders.recordLineRefund(trx, { id: Number(l.line.id), refundNum: l.line.refund_num, buyNum: l.line.buy_num }, l.qty))) throw stateChanged();
    }

    const staffName = by.startsWith('staff:') ? by.slice('staff:'.length) : by;
    const refundId = await refundRepo.insertRefund(trx, {
      plat_id: order.plat_id,
      order_id: orderId,
      agent_id: agentId,
      refund_code: `tmp-${orderId}-${refundMoney}`,
      is_full: p.isFull ? 1 : 0,
      reason: req.reason.slice(0, 200),
      order_state: order.circulation_state,
      amount: p.amount,
      store_amount: p.parts.store,
      income_amount: p.parts.income,
      wechat_amount: p.parts.wechat,
      offline_amount: p.parts.offline,
      points: p.points,
      gift_points_taken: p.giftTaken,
      gift_points_short: p.giftShort,
      income_cancelled: p.incomeCancelled,
      income_clawed: p.incomeClawed,
      income_debt: p.incomeDebt,
      stock_returned: p.stockBack ? 1 : 0,
      staff_id: req.staff.staffId,
      staff_name: staffName,
      created_at: at,
    });
    const code = `TK${order.order_code}${refundId}`;
    await refundRepo.setRefundCode(trx, refundId, code);
    await refundRepo.insertRefundLines(trx, p.lines.map((l) => ({ refund_id: refundId, order_line_id: Number(l.line.id), qty: l.qty, amount: l.amount, points: l.points })));

    if (p.stockBack) {
      // Specs then products in id order (ADR about the stock lock order): two refunds cannot deadlock on PostgreSQL.
      const byStock = [...p.lines].sort((a, b) => Number(a.line.single_prod_id) - Number(b.line.single_prod_id));
      for (const l of byStock) {
        if (l.line.activity_item_id !== null) await returnActivityStock(trx, Number(l.line.activity_item_id), l.qty);
        else await returnStock(trx, Number(l.line.single_prod_id), l.qty);
      }
      const sold = new Map<number, number>();
      for (const l of p.lines) if (!l.line.is_first_gift) sold.set(Number(l.line.prod_id), (sold.get(Number(l.line.prod_id)) ?? 0) + l.qty);
      for (const [prodId, n] of [...sold].sort(([x], [y]) => x - y)) await addSales(trx, prodId, -n);
    }

    // The buyer's accounts, each with its spec 3 §9 code and the order as subject.
    const base = { platId: order.plat_id, agentId, orderCode: order.order_code, at };
    if (p.parts.store > 0) await move(trx, { ...base, account: 'store', amount: p.parts.store, changeState: C.store, remark: '订单退款' });
    if (p.parts.income > 0) await move(trx, { ...base, account: 'totalScore', amount: p.parts.income, changeState: C.income, remark: '订单退款' });
    if (p.points > 0) await move(trx, { ...base, account: 'integral', amount: p.points, changeState: C.points, remark: '订单退款退回积分' });
    if (p.giftTaken > 0) await move(trx, { ...base, account: 'integral', amount: -p.giftTaken, changeState: C.giftPointsBack, remark: '订单退款收回赠送积分' });

    let wechatRefundNo: string | null = null;
    if (p.parts.wechat > 0) {
      if (!p.payment) throw refuse(M.wechatMissing);
      wechatRefundNo = code;
      await wechat.refunds.recordPartIn(trx, p.payment, { amount: p.parts.wechat, outRefundNo: code, orderRefundId: refundId, reason: req.reason, at });
    }
    if (p.parts.offline > 0) {
      // The agent's default collection account (default first), as a withdrawal is paid (ADR 0017).
      const [account] = await collectionAccountsOf(trx, agentId, 1, 0);
      await refundRepo.insertPayout(trx, {
        plat_id: order.plat_id,
        refund_id: refundId,
        agent_id: agentId,
        amount: p.parts.offline,
        bank_name: account?.bank_dic_name ?? '',
        account_name: account?.account_name ?? '',
        account_number: account?.account_number ?? '',
        pay_reference: null,
        paid_by: null,
        paid_at: null,
        created_at: at,
      });
    }

    // Network income, earners in id order: frozen income cancelled, released income clawed back, the rest a debt.
    for (const r of [...p.income].sort((a, b) => Number(a.row.agent_id) - Number(b.row.agent_id) || Number(a.row.id) - Number(b.row.id))) {
      const earner = { platId: order.plat_id, agentId: Number(r.row.agent_id), orderCode: order.order_code, at };
      if (r.row.state === 0) {
        if (!(await networkIncomeRepo.cancelFrozen(trx, r.row, r.x, at))) throw stateChanged();
        await move(trx, { ...earner, account: 'award', amount: -r.x, changeState: C.frozenIncomeCancelled, remark: '订单退款，收益作废' });
      } else {
        if (!(await networkIncomeRepo.addClawed(trx, r.row, r.x))) throw stateChanged();
        const kind = r.row.source_kind === 'recharge' ? 'recharge' : 'order';
        if (r.claw > 0) await move(trx, { ...earner, account: 'totalScore', amount: -r.claw, changeState: C.clawBack[kind], remark: '订单退款，收益追回' });
        if (r.debt > 0) await networkIncomeRepo.insertDebt(trx, { plat_id: order.plat_id, agent_id: Number(r.row.agent_id), amount: r.debt, source_code: order.order_code, created_at: at });
      }
    }

    const summary = `退款 ¥${fenToYuan(p.amount)}${p.isFull ? '（全部）' : '（部分）'}`;
    await orders.addLog(trx, { order_id: orderId, order_state: next.state, opt_name: p.isFull ? '全部退款' : '部分退款', opt_by: by, opt_remark: `${summary} ${req.reason}`.slice(0, 200), created_at: at });
    await auditOrderWrite(trx, req.staff, {
      operation: 'refundOrder',
      targetKind: 'order',
      targetId: orderId,
      agentId,
      amount: p.amount,
      before: `${order.circulation_state}/${fenToYuan(Number(order.refund_money))}`,
      after: `${next.state}/${fenToYuan(refundMoney)}`,
      reason: req.reason,
      detail: `${code} 货款${fenToYuan(p.parts.store)} 总分${fenToYuan(p.parts.income)} 微信${fenToYuan(p.parts.wechat)} 线下${fenToYuan(p.parts.offline)} 积分${p.points} 收回赠送积分${p.giftTaken}`,
      at,
    });
    return { refundId, wechatRefundNo };
  }

  return {
    plan: planRefund,

    /** The figures the same request would move now (the console shows them before confirming). */
    async preview(actor: StaffActor, input: { orderId: number; lines?: RefundLineInput[] }) {
      let order = await orderOf(k, actor.platId, input.orderId);
      // Income not yet accrued is accrued now, as the job would, so the preview shows what will be reversed.
      if (order.order_type === 1 && order.pay_state === 1 && PAID_STATES.includes(order.circulation_state)) {
        await k.transaction().execute((trx) => accrue(trx, order, iso(deps.clock.now())));
        order = await orderOf(k, actor.platId, input.orderId);
      }
      return planRefund(k, order, input);
    },

    /**
     * refundOrder: one refund per key (ADR 0023), the ledger part in one transaction; the WeChat part is recorded
     * there as processing and asked of WeChat after the commit (the reconcile job asks again if WeChat is away).
     */
    async refund(req: RefundRequest) {
      const by = operatorName(req.staff);
      const at = iso(deps.clock.now());
      const { key, staff, also, ...input } = req;
      const sub = { platId: staff.platId, actorKind: 'staff' as const, actorId: staff.staffId, key, operation: 'refundOrder', input, at };
      const done = await once(k, sub, (claim) =>
        k.transaction().execute(async (trx) => {
          await claim(trx);
          const made = await apply(trx, req, by, at);
          if (also) await also(trx, made);
          return made;
        }),
      );
      if (done.wechatRefundNo) {
        await wechat.refunds.askByNo(done.wechatRefundNo).catch((err: unknown) => deps.log.warn({ outRefundNo: done.wechatRefundNo, err: String(err) }, 'wechatpay refund not asked yet'));
      }
      return done;
    },
  };
}
export type OrderRefunds = ReturnType<typeof createOrderRefunds>;
