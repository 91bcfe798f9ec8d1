import { randomUUID } from 'node:crypto';
import { CART_MESSAGES, POINTS_CHANGE, type Fen } from '@shop/contract';
import type { Deps } from '../deps.js';
import type { Trx } from '../db/types.js';
import { AppError } from '../lib/errors.js';
import { addMs, iso, MINUTE } from '../lib/clock.js';
import * as addresses from '../modules/address/address.queries.js';
import type { PayPasswordGuard } from '../modules/agent/pay-password.js';
import * as agents from '../modules/agent/agent.queries.js';
import * as carts from '../modules/cart/cart.queries.js';
import { addSales, takeActivityStock, takeStock } from '../modules/catalog/catalog.queries.js';
import { once, type Claim } from '../modules/idempotency/idempotency.queries.js';
import { moveBalance } from '../modules/ledger/ledger.repository.js';
import * as orders from '../modules/order/order.queries.js';
import { creditGiftPoints } from './payment/order-payment.js';
import { assertMayBuy, createPayMethodRules, createQuote, type Priced, type Quote, type QuoteInput } from '../modules/order/order.queries.js';
import { chinaTimeText } from '@shop/contract/china-time';

export interface Receiver {
  name: string;
  phone: string;
  nation: string;
  province: string;
  city: string;
  county: string;
  countyCode: string;
  postCode: string;
  address: string;
}

export interface PlaceOrderInput extends QuoteInput {
  orderNote?: string;
  cartIds?: number[];
  idempotencyKey?: string;
  /** What the screen showed (fen), compared with what the server computes. */
  shown?: { totalMoney?: Fen; postMoney?: Fen; actualMoney?: Fen };
  /** A check of the pay method against the computed amounts, before anything is taken. */
  guard?: (amounts: { actualMoney: Fen; payType: number; points: number; balances: Quote['balances'] }) => Promise<void> | void;
  /** Records the idempotency key first in the order's transaction (ADR 0023). */
  claim?: Claim;
}

/**
 * Takes the stock of the ordered lines (refusing the order when one is short) and of the gifts (a gift out of stock is
 * left out), then counts the units sold. Rows are locked in one global order, every spec (or activity item) by spec id,
 * then products by id, as closing does (flows/close-order.ts): placing locked a line's spec, then its product, then the
 * gift's spec, while a close of another order locked the gift's spec first, and PostgreSQL found a deadlock.
 * Answers the gifts given.
 */
async function takeStockInLockOrder(trx: Trx, lines: Priced[], gifts: Priced[]): Promise<Priced[]> {
  const takes = [...lines.map((line) => ({ line, gift: false })), ...gifts.map((line) => ({ line, gift: true }))].sort(
    (a, b) => a.line.singleProdId - b.line.singleProdId || Number(a.gift) - Number(b.gift),
  );
  const gifted = new Set<Priced>();
  for (const { line, gift } of takes) {
    const ok = line.activityItemId
      ? await takeActivityStock(trx, line.activityItemId, line.buyNum)
      : await takeStock(trx, line.singleProdId, line.buyNum);
    if (gift && ok) gifted.add(line);
    if (!gift && !ok) throw new AppError('VALIDATION', CART_MESSAGES.outOfStock(line.specDispStr));
  }
  const sold = new Map<number, number>();
  for (const line of lines) sold.set(line.prodId, (sold.get(line.prodId) ?? 0) + line.buyNum);
  for (const [prodId, n] of [...sold].sort(([x], [y]) => x - y)) await addSales(trx, prodId, n);
  return gifts.filter((g) => gifted.has(g));
}

/**
 * DD + yyyyMMddHHmmss (China time) + the order id's last six digits: unique by construction (random digits collided
 * at a few hundred orders a second).
 */
function orderCode(now: Date, orderId: number) {
  const t = chinaTimeText(now).replace(/\D/g, '');
  return `DD${t}${String(orderId % 1_000_000).padStart(6, '0')}`;
}

/**
 * saveOrderInfo (spec 1 §3, §4): prices every line for the agent's grade, adds the first-order gifts, computes freight
 * and the points offset, then in one transaction takes the stock (never below zero), takes the points with a ledger
 * record, saves the order and its lines and clears the ordered cart lines. Amounts sent by the client are only compared.
 */
export function createPlaceOrder(deps: Deps, payPassword: PayPasswordGuard) {
  const k = deps.db.kysely;
  const { clock } = deps;
  const quote = createQuote(deps);
  const payMethodRules = createPayMethodRules(deps, payPassword);

  async function placeOrder(agentId: number, receiver: Receiver, input: PlaceOrderInput) {
    const nowDate = clock.now();
    const now = iso(nowDate);
    const q = await quote(agentId, receiver.countyCode, input);
    const { me, agent, priced, giftLines, goods, exchangePoints, postMoney, isUpSendPost, offset, allMoney, actualMoney, giftPoints } = q;
    assertMayBuy(me);
    if (exchangePoints > q.available.points) throw new AppError('VALIDATION', '积分不足');
    const shown = input.shown ?? {};
    if (
      (shown.totalMoney !== undefined && shown.totalMoney !== goods) ||
      (shown.postMoney !== undefined && shown.postMoney !== postMoney) ||
      (shown.actualMoney !== undefined && shown.actualMoney !== actualMoney)
    ) {
      throw new AppError('VALIDATION', '订单金额已变化，请刷新后重试');
    }
    const payType = q.payType;
    if (!payType) throw new AppError('VALIDATION', input.payType ? '积分兑换的运费请选择微信、总分或线下支付' : '请选择支付方式');
    await input.guard?.({ actualMoney, payType, points: offset.points + exchangePoints, balances: q.balances });
    // Nothing to pay in money (pure points 5, or points covering it all, ADR 0027): paid as it is saved.
    const paidByPoints = q.paidOnSave;

    return k.transaction().execute(async (trx) => {
      await input.claim?.(trx);
      const gifted = await takeStockInLockOrder(trx, priced, giftLines);

      const lineRows = [...priced, ...gifted].map((l) => {
        const linePoints = l.touchState === 1 && offset.money > 0 ? l.touchMoney * l.buyNum : 0;
        return {
          prod_id: l.prodId,
          single_prod_id: l.singleProdId,
          activity_item_id: l.activityItemId,
          prod_name: l.prodName,
          spec_disp_str: l.specDispStr,
          img_url: l.imgUrl,
          weight: l.weight,
          buy_num: l.buyNum,
          prod_old_price: l.oldPrice,
          prod_price: l.unitPrice,
          prod_deal_price: l.unitPrice,
          prod_all_money: l.unitPrice * l.buyNum,
          prod_point: l.unitPoints,
          total_point: l.unitPoints * l.buyNum,
          point_balance_money: linePoints,
          balance_point: 0,
          is_first_gift: l.isGift ? 1 : 0,
        };
      });
      const orderId = await orders.insertOrder(
        trx,
        {
          plat_id: agent.platId,
          order_code: `tmp${randomUUID().replace(/-/g, '').slice(0, 24)}`,
          order_type: input.orderType,
          pay_type: payType,
          circulation_state: paidByPoints ? 3 : 1,
          pay_state: paidByPoints ? 1 : 0,
          close_state: 0,
          total_money: goods,
          post_money: postMoney,
          all_money: allMoney,
          actual_money: actualMoney,
          point_balance_money: offset.money,
          balance_point: offset.points,
          prod_all_point: exchangePoints,
          actual_point: exchangePoints,
          gift_point: giftPoints,
          is_up_send_post: isUpSendPost,
          up_agent_id: me.up_id === null ? null : Number(me.up_id),
          seckill_id: input.orderType === 3 ? (input.seckillId ?? null) : null,
          is_first_gift: gifted.length > 0 ? 1 : 0,
          order_note: input.orderNote ?? '',
          create_agent_id: agentId,
          create_agent_name: me.agent_name,
          create_agent_tel: me.phone,
          create_agent_code: me.agent_code,
          apg_id: me.up_id === null ? null : Number(me.up_id),
          apg_code: me.up_code,
          apg_sys_code: me.up_code,
          receiver_name: receiver.name,
          receiver_phone: receiver.phone,
          receiver_nation: receiver.nation,
          receiver_province: receiver.province,
          receiver_city: receiver.city,
          receiver_county: receiver.county,
          receive_county_id: receiver.countyCode,
          receiver_post_code: receiver.postCode,
          receiver_address: receiver.address,
          idempotency_key: input.idempotencyKey ?? null,
          created_at: now,
          pay_date: paidByPoints ? now : null,
          pay_deadline: iso(addMs(nowDate, q.payMinutes * MINUTE)),
          close_date: null,
          close_reason: null,
        },
        lineRows,
      );
      const code = orderCode(nowDate, orderId);
      // The code's update answers the saved row (RETURNING), which is what the order's reader gets back: nothing below
      // writes the order row itself.
      const order = await orders.setOrderCode(trx, orderId, code);
      const pointsTaken = offset.points + exchangePoints;
      if (pointsTaken > 0) {
        const left = await moveBalance(trx, {
          platId: agent.platId,
          agentId,
          account: 'integral',
          amount: -pointsTaken,
          // spec 3 §9: 22 is an activity exchange, 23 a welfare offset.
          changeState: input.orderType === 3 ? POINTS_CHANGE.exchange : POINTS_CHANGE.offset,
          orderCode: code,
          remark: input.orderType === 3 ? '积分兑换' : '积分抵扣',
          at: now,
        });
        if (left === null) throw new AppError('VALIDATION', '积分不足');
      }
      if (paidByPoints) await creditGiftPoints(trx, { plat_id: agent.platId, create_agent_id: agentId, order_code: code, gift_point: giftPoints }, now);

      if (input.cartIds?.length) await carts.deleteLines(trx, agentId, input.cartIds);
      return order;
    });
  }


  /** saveOrderInfo: the agent's stored address as the receiver, the pay-method rules of spec 1 §5, then placeOrder. */
  async function save(agentId: number, input: PlaceOrderInput & { addressId: number; payPassword?: string; idempotencyKey: string }) {
    const me = await agents.findProfileById(k, agentId);
    if (!me) throw new AppError('UNAUTHENTICATED');
    // ADR 0023: one order per key; the same key with other lines, address or amounts is refused.
    const s = { platId: me.plat_id, actorKind: 'agent' as const, actorId: agentId, key: input.idempotencyKey, operation: 'saveOrderInfo', input, at: iso(clock.now()) };
    return once(k, s, async (claim) => {
      assertMayBuy(me);
      const address = await addresses.findForAgent(k, agentId, input.addressId);
      if (!address) throw new AppError('VALIDATION', '请选择收货地址');
      const receiver: Receiver = {
        name: address.receiverNmae,
        phone: address.receiverPhone,
        nation: address.country,
        province: address.province,
        city: address.city,
        county: address.district,
        countyCode: address.districtCode || address.cityCode || address.provinceCode,
        postCode: address.postCode,
        address: address.address,
      };
      const guard = ({ actualMoney, payType, points, balances }: { actualMoney: Fen; payType: number; points: number; balances: Quote['balances'] }) =>
        payMethodRules({ agentId, platId: me.plat_id, method: input.payType, payPassword: input.payPassword, actualMoney, payType, points, balances });
      // The profile read above for the key is the one the quote prices with (one read of the agent's row per order).
      return placeOrder(agentId, receiver, { ...input, guard, claim, me });
    });
  }

  return { placeOrder, save };
}
export type OrderFlow = ReturnType<typeof createPlaceOrder>;
