import { randomUUID } from 'node:crypto';
import { INCOME_CHANGE, STORE_MESSAGES as M, STORE_ORDER_PREFIX, STORE_ORDER_STATE as S, chinaTimeText, fenToYuan } from '@shop/contract';
import type { Deps } from '../deps.js';
import type { Trx } from '../db/types.js';
import { addMs, DAY, iso, MINUTE } from '../lib/clock.js';
import { AppError } from '../lib/errors.js';
import { isUniqueViolation } from '../lib/db-errors.js';
import { recordAudit } from '../modules/audit/audit.queries.js';
import { addSales, returnStock, takeStock } from '../modules/catalog/catalog.queries.js';
import { networkIncomeRepo } from '../modules/funds/funds.queries.js';
import { once } from '../modules/idempotency/idempotency.queries.js';
import { moveBalance } from '../modules/ledger/ledger.repository.js';
import { autoReceiveDays } from '../modules/order/order.queries.js';
import { paidPaymentOf, type WechatLifecycle } from '../modules/payment/payment.queries.js';
import type { StaffActor } from '../modules/staff/staff.queries.js';
import { storeOrders, type ConsumerService, type StoreOrderRow, type StoreService } from '../modules/store/store.queries.js';

const refuse = (msg: string) => new AppError('VALIDATION', msg);
const stateChanged = () => refuse('订单状态已变化，请刷新后重试');
const BATCH = 200;

export interface CheckoutInput {
  shopId: number;
  lines: { singleProdId: number; buyNum: number }[];
  receiverName: string;
  receiverPhone: string;
  receiverProvince: string;
  receiverCity: string;
  receiverCounty: string;
  receiveCountyId: string;
  receiverAddress: string;
  orderNote?: string;
  payMoney?: number;
  idempotencyKey: string;
}

/** VD + yyMMddHHmmss (China time) + the order id's last six digits: unique by construction, as the DD codes. */
const orderCode = (now: Date, id: number) => `${STORE_ORDER_PREFIX}${chinaTimeText(now).replace(/\D/g, '').slice(2)}${String(id % 1_000_000).padStart(6, '0')}`;

/**
 * A consumer's VD orders (ADR 0038): checkout at the store's prices with the stock taken in the agents' lock order,
 * WeChat payment through the one payment wing, cancel and close with the stock back, shipping by the warehouse,
 * receipt (the retail income's release clock), and finance's whole refund reversing the income exactly.
 */
export function createStoreOrders(deps: Deps, o: { store: StoreService; consumers?: ConsumerService; wechat: WechatLifecycle }) {
  const k = deps.db.kysely;
  const { clock } = deps;

  const answer = (r: StoreOrderRow) => ({ id: Number(r.id), orderCode: r.order_code, actualMoney: Number(r.actual_money), payDeadline: chinaTimeText(r.pay_deadline) });

  /** The stock back and the units unsold, in the same lock order as taking them (spec by id, then product by id). */
  async function giveStockBack(trx: Trx, orderId: number) {
    const lines = await storeOrders.linesOf(trx, [orderId]);
    for (const l of [...lines].sort((a, b) => Number(a.single_prod_id) - Number(b.single_prod_id))) await returnStock(trx, Number(l.single_prod_id), l.buy_num);
    const sold = new Map<number, number>();
    for (const l of lines) sold.set(Number(l.prod_id), (sold.get(Number(l.prod_id)) ?? 0) + l.buy_num);
    for (const [prodId, n] of [...sold].sort(([x], [y]) => x - y)) await addSales(trx, prodId, -n);
    return lines.reduce((s, l) => s + l.buy_num, 0);
  }

  async function ownOrder(consumerId: number, id: number) {
    const r = await storeOrders.orderById(k, id);
    if (!r || Number(r.consumer_id) !== consumerId) throw refuse(M.orderNotFound);
    return r;
  }

  /** Closes an unpaid order (consumer cancel 6, or the window ran out 7): its open payment first, then stock back. */
  async function closeUnpaid(r: StoreOrderRow, to: 6 | 7, reason: string): Promise<boolean> {
    if ((await o.wechat.closeOpen('store_order', Number(r.id))) === 'paid') return false;
    const at = iso(clock.now());
    return k.transaction().execute(async (trx) => {
      if (!(await storeOrders.moveOrder(trx, Number(r.id), S.unpaid, to, { close_date: at, close_reason: reason }))) return false;
      await o.wechat.abandonOpenIn(trx, 'store_order', Number(r.id), at);
      await giveStockBack(trx, Number(r.id));
      return true;
    });
  }

  /** Receipt (consumer or job): 4 → 5, and the retail income may be released receipt + the release days later. */
  async function receive(r: StoreOrderRow, at: string): Promise<boolean> {
    const days = await networkIncomeRepo.releaseDays(k, r.plat_id);
    return k.transaction().execute(async (trx) => {
      if (!(await storeOrders.moveOrder(trx, Number(r.id), S.shipped, S.done, { receipt_date: at }))) return false;
      await networkIncomeRepo.setReleaseAt(trx, 'store_order', Number(r.id), iso(addMs(new Date(at), days * DAY)));
      return true;
    });
  }

  return {
    async checkout(consumerId: number, input: CheckoutInput) {
      const consumer = await o.consumers!.get(consumerId);
      if (!consumer.phone) throw refuse(M.phoneUnconfirmed);
      const earlier = await storeOrders.orderByKey(k, consumerId, input.idempotencyKey);
      if (earlier) return answer(earlier);
      const s = await o.store.openStore(input.shopId);
      if (s.plat_id !== consumer.platId) throw refuse(M.storeClosed);
      // One line per spec (a cart may repeat one): quantities summed.
      const wanted = new Map<number, number>();
      for (const l of input.lines) wanted.set(l.singleProdId, (wanted.get(l.singleProdId) ?? 0) + l.buyNum);
      const specs = new Map((await o.store.sellable(s.plat_id, Number(s.id), Number(s.grade_id))).filter((x) => x.shown === 1).map((x) => [Number(x.single_prod_id), x]));
      const lines = [...wanted].sort(([a], [b]) => a - b).map(([singleProdId, buyNum]) => {
        const spec = specs.get(singleProdId);
        if (!spec) throw refuse(M.productNotRetail);
        return {
          prod_id: Number(spec.product_id),
          single_prod_id: singleProdId,
          prod_name: spec.prod_name,
          spec_disp_str: spec.spec_disp_str,
          img_url: spec.img_url || spec.main_img_url,
          buy_num: buyNum,
          retail_price: spec.price,
          grade_price: spec.gradePrice,
          line_money: spec.price * buyNum,
          line_income: (spec.price - spec.gradePrice) * buyNum,
        };
      });
      const total = lines.reduce((x, l) => x + l.line_money, 0);
      const income = lines.reduce((x, l) => x + l.line_income, 0);
      if (input.payMoney !== undefined && input.payMoney !== total) throw refuse(M.priceChanged);
      const now = clock.now();
      const minutes = await storeOrders.payMinutes(k, s.plat_id);
      try {
        const id = await k.transaction().execute(async (trx) => {
          const orderId = await storeOrders.insertOrder(trx, {
            plat_id: s.plat_id,
            order_code: `${STORE_ORDER_PREFIX}-${randomUUID()}`,
            store_id: Number(s.id),
            agent_id: Number(s.agent_id),
            consumer_id: consumerId,
            state: S.unpaid,
            total_money: total,
            actual_money: total,
            retail_income: income,
            consumer_phone: consumer.phone!,
            receiver_name: input.receiverName,
            receiver_phone: input.receiverPhone,
            receiver_province: input.receiverProvince,
            receiver_city: input.receiverCity,
            receiver_county: input.receiverCounty,
            receive_county_id: input.receiveCountyId,
            receiver_address: input.receiverAddress,
            order_note: input.orderNote ?? '',
            idempotency_key: input.idempotencyKey,
            created_at: iso(now),
            pay_deadline: iso(addMs(now, minutes * MINUTE)),
          });
          await storeOrders.setOrderCode(trx, orderId, orderCode(now, orderId));
          await storeOrders.insertLines(trx, lines.map((l) => ({ ...l, order_id: orderId })));
          // The agents' lock order (flows/place-order): specs by id, then products by id.
          for (const l of lines) if (!(await takeStock(trx, l.single_prod_id, l.buy_num))) throw refuse(M.stockShort(l.prod_name));
          const sold = new Map<number, number>();
          for (const l of lines) sold.set(l.prod_id, (sold.get(l.prod_id) ?? 0) + l.buy_num);
          for (const [prodId, n] of [...sold].sort(([x], [y]) => x - y)) await addSales(trx, prodId, n);
          return orderId;
        });
        return answer((await storeOrders.orderById(k, id))!);
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        const same = await storeOrders.orderByKey(k, consumerId, input.idempotencyKey);
        if (!same) throw err;
        return answer(same);
      }
    },

    /** JSAPI prepay with the consumer's own openId (the sandbox outside WeChat); a second tap answers the same payment. */
    async prepay(consumerId: number, id: number) {
      const consumer = await o.consumers!.get(consumerId);
      const r = await ownOrder(consumerId, id);
      if (r.state !== S.unpaid) throw refuse(M.orderNotUnpaid);
      const now = clock.now();
      if (r.pay_deadline <= iso(now)) {
        await closeUnpaid(r, S.timedOut, '超时未支付');
        throw refuse('订单已超时关闭，请重新下单');
      }
      const again = await o.wechat.resume('store_order', id, consumer.openId);
      if (again) return again;
      return o.wechat.open({
        kind: 'store_order',
        subjectId: id,
        platId: r.plat_id,
        agentId: Number(r.agent_id),
        serialPrefix: r.order_code,
        description: `店铺订单 ${r.order_code}`,
        amount: Number(r.actual_money),
        goodsPart: 0,
        openId: consumer.openId,
        expiresAt: new Date(r.pay_deadline),
      });
    },

    async consumerReceive(consumerId: number, id: number) {
      const r = await ownOrder(consumerId, id);
      if (r.state !== S.shipped) throw refuse(r.state === S.done ? '订单已确认收货' : M.orderNotShipped);
      if (!(await receive(r, iso(clock.now())))) throw stateChanged();
    },

    async consumerCancel(consumerId: number, id: number) {
      const r = await ownOrder(consumerId, id);
      if (r.state !== S.unpaid) throw refuse('只有待付款的订单可以取消');
      if (!(await closeUnpaid(r, S.closed, '买家取消'))) throw refuse(M.orderNotUnpaid);
    },

    /** spec 2 §7 /vapi read-back: the consumer's own VD order by its out_trade_no or its code. */
    async bySerial(consumerId: number, serial: string) {
      const byCode = await storeOrders.orderByCode(k, serial);
      const payment = byCode ? null : await storeOrders.paymentBySerial(k, serial);
      const r = byCode ?? (payment ? await storeOrders.orderById(k, Number(payment.subject_id)) : undefined);
      if (!r || Number(r.consumer_id) !== consumerId) throw refuse(M.orderNotFound);
      return { r, payment };
    },

    /** The warehouse ships a paid VD order (3 → 4), audited as `operation` (the queue's batch file too, ADR 0042). */
    async ship(actor: StaffActor, input: { id: number; logisticsName: string; waybillCode: string }, operation = 'staffShipStoreOrder') {
      const r = await storeOrders.orderById(k, input.id);
      if (!r || r.plat_id !== actor.platId) throw refuse(M.orderNotFound);
      if (r.state !== S.toShip) throw refuse(M.orderNotToShip);
      const at = iso(clock.now());
      await k.transaction().execute(async (trx) => {
        if (!(await storeOrders.moveOrder(trx, input.id, S.toShip, S.shipped, { send_date: at, logistics_name: input.logisticsName, waybill_code: input.waybillCode }))) throw refuse(M.orderNotToShip);
        await recordAudit(trx, {
          platId: actor.platId, staffId: actor.staffId, staffName: actor.staffName, role: actor.role, ip: actor.ip, at,
          operation, targetKind: 'store_order', targetId: input.id, targetLabel: r.order_code, agentId: Number(r.agent_id),
          before: '待发货', after: '待收货', detail: `${input.logisticsName} ${input.waybillCode}`,
        });
      });
    },

    /**
     * Finance's whole refund of a paid VD order (ADR 0038, ADR 0034's rules), once per idempotency key: 8 退款 by
     * compare-and-set, WeChat back to the consumer (asked after the commit), stock back while not shipped, the retail
     * income cancelled while frozen (19) or clawed back from the 总分 once released (23), a shortfall kept as a debt.
     */
    async refund(actor: StaffActor, input: { id: number; reason: string; idempotencyKey: string }) {
      const at = iso(clock.now());
      const submission = { platId: actor.platId, actorKind: 'staff' as const, actorId: actor.staffId, key: input.idempotencyKey, operation: 'staffRefundStoreOrder', input: { id: input.id, reason: input.reason }, at };
      const done = await once(k, submission, async (claim) => {
        const r = await storeOrders.orderById(k, input.id);
        if (!r || r.plat_id !== actor.platId) throw refuse(M.orderNotFound);
        if (r.state === S.refunded) throw refuse(M.orderAlreadyRefunded);
        if (![S.toShip, S.shipped, S.done].includes(r.state as 3 | 4 | 5)) throw refuse(M.orderNotRefundable);
        const payment = await paidPaymentOf(k, 'store_order', input.id);
        if (!payment || Number(payment.amount) !== Number(r.actual_money)) throw refuse(M.wechatMissing);
        return k.transaction().execute(async (trx) => {
          await claim(trx);
          if (!(await storeOrders.moveOrder(trx, input.id, r.state, S.refunded, { refund_money: Number(r.actual_money), income_state: 3, close_date: at, close_reason: input.reason }))) throw stateChanged();
          const stockReturned = r.state === S.toShip ? await giveStockBack(trx, input.id) : 0;
          let cancelled = 0;
          let clawed = 0;
          for (const row of await networkIncomeRepo.incomesOfSource(trx, 'store_order', input.id)) {
            const agentId = Number(row.agent_id);
            const base = { platId: r.plat_id, agentId, orderCode: r.order_code, at };
            if (row.state === 0) {
              const x = Number(row.amount);
              if (!(await networkIncomeRepo.cancelFrozen(trx, row, x, at))) throw stateChanged();
              if ((await moveBalance(trx, { ...base, account: 'award', amount: -x, changeState: INCOME_CHANGE.orderCancelledAdd, remark: '店铺订单退款，零售收益作废' })) === null) throw new Error(`VD ${r.order_code}: frozen income short`);
              cancelled += x;
            } else {
              const x = Number(row.amount) - Number(row.clawed_amount);
              if (x <= 0) continue;
              if (!(await networkIncomeRepo.addClawed(trx, row, x))) throw stateChanged();
              const claw = await clawBack(trx, base, x);
              if (x - claw > 0) await networkIncomeRepo.insertDebt(trx, { plat_id: r.plat_id, agent_id: agentId, amount: x - claw, source_code: r.order_code, created_at: at });
              clawed += x;
            }
          }
          await o.wechat.refunds.recordIn(trx, payment, `店铺订单退款：${input.reason}`.slice(0, 80), at);
          await recordAudit(trx, {
            platId: actor.platId, staffId: actor.staffId, staffName: actor.staffName, role: actor.role, ip: actor.ip, at,
            operation: 'staffRefundStoreOrder', targetKind: 'store_order', targetId: input.id, targetLabel: r.order_code, agentId: Number(r.agent_id),
            amount: Number(r.actual_money), reason: input.reason,
            detail: `${r.order_code} 微信退款${fenToYuan(Number(r.actual_money))} 零售收益作废${fenToYuan(cancelled)} 追回${fenToYuan(clawed)} 退回库存${stockReturned}件`,
          });
          return { refundMoney: Number(r.actual_money), incomeCancelled: cancelled, incomeClawed: clawed, stockReturned, paymentId: Number(payment.id) };
        });
      });
      await o.wechat.refunds.askFor(done.paymentId).catch((err: unknown) => deps.log.warn({ paymentId: done.paymentId, err: String(err) }, 'wechatpay refund not asked yet'));
      const { paymentId: _p, ...obj } = done;
      return obj;
    },

    /** Job: unpaid VD orders whose window ran out close (7) with their stock back; each once. */
    async closeExpired(now: Date) {
      let n = 0;
      for (const r of await storeOrders.unpaidExpired(k, iso(now), BATCH)) if (await closeUnpaid(r, S.timedOut, '超时未支付').catch(() => false)) n += 1;
      return n;
    },

    /** Job: shipped VD orders not confirmed within the order rules' days are received (ADR 0027's rule). */
    async autoReceive(now: Date) {
      let n = 0;
      for (const platId of await storeOrders.platformsWithShipped(k)) {
        const days = await autoReceiveDays(k, platId);
        for (const r of await storeOrders.shippedSentBy(k, platId, iso(addMs(now, -days * DAY)), BATCH)) if (await receive(r, iso(now))) n += 1;
      }
      return n;
    },
  };
}
export type StoreOrders = ReturnType<typeof createStoreOrders>;

/** What the 总分 can give back now (never below zero); the caller keeps the rest as a debt (ADR 0034). */
async function clawBack(trx: Trx, base: { platId: string; agentId: number; orderCode: string; at: string }, x: number): Promise<number> {
  const m = { ...base, account: 'totalScore' as const, changeState: INCOME_CHANGE.serviceExpense, remark: '店铺订单退款，零售收益追回' };
  if ((await moveBalance(trx, { ...m, amount: -x })) !== null) return x;
  // Less than x left: take what there is, in one conditional move per attempt.
  const balance = await storeOrders.incomeBalance(trx, base.agentId);
  const part = Math.min(x, balance);
  if (part > 0 && (await moveBalance(trx, { ...m, amount: -part })) === null) throw stateChanged();
  return part;
}
