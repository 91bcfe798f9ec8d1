import { randomUUID } from 'node:crypto';
import { AGENT_GATE_MESSAGES, CATALOG_MESSAGES, agentGateOf, ORDER_PAY_TYPE, ORDER_PAY_TYPE_CODE, POINTS_CHANGE, pointsOffset, type Fen } from '@shop/contract';
import type { Deps } from '../deps.js';
import type { Trx } from '../db/types.js';
import { AppError } from '../http/errors.js';
import { addMs, iso, MINUTE } from '../lib/clock.js';
import * as agents from '../modules/agent/agent.repository.js';
import * as carts from '../modules/cart/cart.repository.js';
import { activityLinesFor, addSales, giftsForGrade, priceForAgent, takeActivityStock, takeStock } from '../modules/catalog/catalog.queries.js';
import { MIXED_ZONES, outOfStock } from '../modules/cart/cart.service.js';
import { moveBalance } from '../modules/ledger/ledger.repository.js';
import * as orders from '../modules/order/order.repository.js';
import { buyerFreight, exchangePayType, freightFor, provinceOf, welfareGiftPoints } from '../modules/order/order-pricing.js';

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

export interface PlaceOrderInput {
  orderType: 1 | 2 | 3;
  /** Settlement radio: 1 balance, 2 WeChat, 3 income, 4 offline; none when nothing is payable in money. */
  payType?: 1 | 2 | 3 | 4;
  lines: { singleProdId: number; buyNum: number }[];
  seckillId?: number;
  usePoints?: boolean;
  orderNote?: string;
  cartIds?: number[];
  idempotencyKey?: string;
  /** What the screen showed (fen), compared with what the server computes. */
  shown?: { totalMoney?: Fen; postMoney?: Fen; actualMoney?: Fen };
  /** A check of the pay method against the computed amounts, before anything is taken. */
  guard?: (amounts: { actualMoney: Fen; payType: number }) => Promise<void> | void;
}

/** One priced line, as the order will record it. */
interface Priced {
  prodId: number;
  singleProdId: number;
  activityItemId: number | null;
  prodName: string;
  specDispStr: string;
  imgUrl: string;
  weight: number;
  buyNum: number;
  oldPrice: Fen;
  unitPrice: Fen;
  unitPoints: number;
  touchMoney: Fen;
  touchState: number;
  isGift: boolean;
}

/** spec 1 §4 agent status gate (the contract's agentGateOf): only an active agent without a deposit due may buy. */
export function assertMayBuy(agent: { is_active: number; agent_status: number; is_need_bond_status: number }) {
  if (!agent.is_active) throw new AppError('UNAUTHENTICATED');
  const gate = agentGateOf({ agentStatus: agent.agent_status, isNeedBondStatus: agent.is_need_bond_status });
  if (gate !== 'open') throw new AppError('VALIDATION', AGENT_GATE_MESSAGES[gate]);
}

/**
 * Takes the stock of the ordered lines (refusing the order when one is short) and of the gifts (a gift out of stock is
 * left out), then counts the units sold. Rows are locked in one global order, every spec (or activity item) by spec id,
 * then products by id, as closing does (flows/close-order.ts): placing locked a line's spec, then its product, then the
 * gift's spec, while a close of another order locked the gift's spec first, and PostgreSQL found a deadlock (issue 7 #11).
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
    if (!gift && !ok) throw new AppError('VALIDATION', outOfStock(line.specDispStr));
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
  const t = new Date(now.getTime() + 8 * 3_600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `DD${t}${String(orderId % 1_000_000).padStart(6, '0')}`;
}

/**
 * saveOrderInfo (spec 1 §3, §4): prices every line for the agent's grade, adds the first-order gifts, computes freight
 * and the points offset, then in one transaction takes the stock (never below zero), takes the points with a ledger
 * record, saves the order and its lines and clears the ordered cart lines. Amounts sent by the client are only compared.
 */
export function createPlaceOrder({ db, clock }: Deps) {
  const k = db.kysely;

  async function priceLines(agent: { id: number; gradeId: number; platId: string }, input: PlaceOrderInput, now: Date) {
    if (input.orderType === 3) {
      if (!input.seckillId) throw new AppError('VALIDATION', CATALOG_MESSAGES.activityClosed);
      const items = await activityLinesFor(k, { platId: agent.platId, activityId: input.seckillId, gradeId: agent.gradeId, now });
      const first = items.values().next().value;
      if (!first) throw new AppError('VALIDATION', CATALOG_MESSAGES.activityClosed);
      if (first.actState === 1) throw new AppError('VALIDATION', '活动未开始');
      if (first.actState === 3) throw new AppError('VALIDATION', '活动已结束');
      const priced = input.lines.map((line): Priced => {
        const item = items.get(line.singleProdId);
        if (!item) throw new AppError('VALIDATION', CATALOG_MESSAGES.itemClosed);
        const pointsOnly = item.exchangeType === 1;
        const moneyOnly = item.exchangeType === 3;
        return {
          prodId: item.prodId,
          singleProdId: line.singleProdId,
          activityItemId: item.itemId,
          prodName: item.prodName,
          specDispStr: item.specDispStr,
          imgUrl: item.imgUrl,
          weight: item.weight,
          buyNum: line.buyNum,
          oldPrice: item.price,
          unitPrice: pointsOnly ? 0 : item.exchangePrice,
          unitPoints: moneyOnly ? 0 : item.exchangeIntegral,
          touchMoney: 0,
          touchState: 0,
          isGift: false,
        };
      });
      return { priced, exchangeType: first.exchangeType };
    }
    const singles = await priceForAgent(k, input.lines.map((l) => l.singleProdId), agent.gradeId);
    const priced = input.lines.map((line): Priced => {
      const s = singles.get(line.singleProdId);
      if (!s) throw new AppError('RECORD_NOT_FOUND', '商品不存在');
      if (s.prodType !== input.orderType) throw new AppError('VALIDATION', MIXED_ZONES);
      return {
        prodId: s.prodId,
        singleProdId: line.singleProdId,
        activityItemId: null,
        prodName: s.prodName,
        specDispStr: s.specDispStr,
        imgUrl: s.imgUrl,
        weight: s.weight,
        buyNum: line.buyNum,
        oldPrice: s.price,
        unitPrice: s.finalPrice,
        unitPoints: 0,
        touchMoney: Math.min(s.touchMoney, s.finalPrice),
        touchState: s.touchState,
        isGift: false,
      };
    });
    return { priced, exchangeType: 0 };
  }

  /** spec 1 §4: self-operated settlements carry the free gift items of the agent's grade (isFirstGift 1). */
  async function gifts(agent: { id: number; gradeId: number }): Promise<Priced[]> {
    return (await giftsForGrade(k, agent.gradeId)).map(({ buyNum, single: s }) => ({
      prodId: s.prodId,
      singleProdId: s.singleProdId,
      activityItemId: null,
      prodName: s.prodName,
      specDispStr: s.specDispStr,
      imgUrl: s.imgUrl,
      weight: s.weight,
      buyNum,
      oldPrice: s.price,
      unitPrice: 0,
      unitPoints: 0,
      touchMoney: 0,
      touchState: 0,
      isGift: true,
    }));
  }

  /**
   * Prices an order as it would be saved: lines for the agent's grade (or the activity), gifts, freight to the county
   * (none without one), points offset and pay type. Nothing is taken.
   */
  async function quote(agentId: number, countyCode: string | null, input: PlaceOrderInput) {
    const now = clock.now();
    const me = await agents.findProfileById(k, agentId);
    if (!me) throw new AppError('UNAUTHENTICATED');
    const agent = { id: agentId, gradeId: Number(me.grade_id), platId: me.plat_id };

    const { priced, exchangeType } = await priceLines(agent, input, now);
    const giftLines = input.orderType === 1 ? await gifts(agent) : [];

    const goods = priced.reduce((n, l) => n + l.unitPrice * l.buyNum, 0);
    const exchangePoints = priced.reduce((n, l) => n + l.unitPoints * l.buyNum, 0);
    const grams = [...priced, ...giftLines].reduce((n, l) => n + l.weight * l.buyNum, 0);
    const rules = await orders.findRules(k, agent.platId);
    const freight = countyCode ? freightFor(await orders.findFreightRule(k, agent.platId, provinceOf(countyCode)), grams) : 0;
    const { postMoney, isUpSendPost } = buyerFreight({ freight, goods, rules, hasUpperAgent: me.up_id !== null });

    const setting = await orders.findPointSetting(k, agent.platId);
    const balances = await agents.findBalances(k, agentId);
    const deductible = priced.reduce((n, l) => n + (l.touchState === 1 ? l.touchMoney * l.buyNum : 0), 0);
    // spec 1 §2: the points switch is offered for welfare orders whose first product allows points.
    const pointsOffered = input.orderType === 2 && priced[0]?.touchState === 1;
    const possible = pointsOffered
      ? pointsOffset({ deductible, pointChange: setting?.point_change ?? 1, available: balances.lave_integral })
      : { points: 0, money: 0 };
    const offset = pointsOffered && input.usePoints ? possible : { points: 0, money: 0 };
    const allMoney = goods + postMoney;
    const actualMoney = allMoney - offset.money;
    const payType =
      input.orderType === 3
        ? exchangePayType({ exchangeType, method: input.payType, money: goods, freight: postMoney })
        : input.payType
          ? ORDER_PAY_TYPE[input.payType]
          : null;
    const giftPoints =
      input.orderType === 2 ? priced.reduce((n, l) => n + welfareGiftPoints(l.unitPrice, setting) * l.buyNum, 0) : 0;
    return {
      me,
      agent,
      priced,
      giftLines,
      exchangeType,
      goods,
      exchangePoints,
      postMoney,
      isUpSendPost,
      freeFrom: rules?.post_state === 1 ? rules.post_money : null,
      payMinutes: rules?.no_pay_minutes ?? 30,
      pointsOffered,
      possible,
      offset,
      allMoney,
      actualMoney,
      payType,
      giftPoints,
      available: { points: balances.lave_integral, store: balances.last_store, income: balances.lave_income },
    };
  }

  async function placeOrder(agentId: number, receiver: Receiver, input: PlaceOrderInput) {
    const nowDate = clock.now();
    const now = iso(nowDate);
    if (input.idempotencyKey) {
      const earlier = await orders.findByIdempotencyKey(k, agentId, input.idempotencyKey);
      if (earlier) return earlier;
    }
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
    await input.guard?.({ actualMoney, payType });
    const paidByPoints = payType === ORDER_PAY_TYPE_CODE.pointsOnly;

    try {
      return await k.transaction().execute(async (trx) => {
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
        await orders.setOrderCode(trx, orderId, code);
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

        if (input.cartIds?.length) await carts.deleteLines(trx, agentId, input.cartIds);
        const order = await orders.findOrderForAgent(trx, agentId, orderId);
        return order!;
      });
    } catch (err) {
      // The same key sent twice at once: both pass the look-up above, the unique (agent, key) lets one insert; the
      // other rolls back and answers the first order (issue 7 defect 8).
      const earlier = isUniqueViolation(err) && input.idempotencyKey ? await orders.findByIdempotencyKey(k, agentId, input.idempotencyKey) : undefined;
      if (!earlier) throw err;
      return earlier;
    }
  }

  return { quote, placeOrder };
}
export type OrderFlow = ReturnType<typeof createPlaceOrder>;

const isUniqueViolation = (err: unknown) => ['23505', 'SQLITE_CONSTRAINT_UNIQUE'].includes(String((err as { code?: unknown })?.code));
