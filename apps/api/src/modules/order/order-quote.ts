import { CART_MESSAGES, CATALOG_MESSAGES, ORDER_PAY_TYPE, ORDER_PAY_TYPE_CODE, pointsOffset, type Fen } from '@shop/contract';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import * as agents from '../agent/agent.queries.js';
import type { AgentProfileRow } from '../agent/agent.queries.js';
import { activityLinesFor, giftsForGrade, priceForAgent } from '../catalog/catalog.queries.js';
import * as orders from './order.repository.js';
import { buyerFreight, coveredByPoints, exchangePayType, freightFor, provinceOf, welfareGiftPoints } from './order-pricing.js';

/** What an order is priced from (saveOrderInfo, previewOrder, selectOrderPostMoney). */
export interface QuoteInput {
  orderType: 1 | 2 | 3;
  /** Settlement radio: 1 balance, 2 WeChat, 3 income, 4 offline; none when nothing is payable in money. */
  payType?: 1 | 2 | 3 | 4;
  lines: { singleProdId: number; buyNum: number }[];
  seckillId?: number;
  usePoints?: boolean;
  /** The agent's profile the caller read in this request (saveOrderInfo reads it for its key), not read again. */
  me?: AgentProfileRow;
}

/** One priced line, as the order will record it. */
export interface Priced {
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

/**
 * Order pricing, a read of the order module (ADR 0013): the settlement preview, the freight call and placing an order
 * price the same way. Nothing is taken.
 */
export function createQuote({ db, clock }: Pick<Deps, 'db' | 'clock'>) {
  const k = db.kysely;

  async function priceLines(agent: { id: number; gradeId: number; platId: string }, input: QuoteInput, now: Date) {
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
      if (s.prodType !== input.orderType) throw new AppError('VALIDATION', CART_MESSAGES.mixedZones);
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
  async function quote(agentId: number, countyCode: string | null, input: QuoteInput) {
    const now = clock.now();
    const me = input.me ?? (await agents.findProfileById(k, agentId));
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
    const covered = input.orderType !== 3 && coveredByPoints({ offsetMoney: offset.money, actualMoney });
    const payType =
      input.orderType === 3
        ? exchangePayType({ exchangeType, method: input.payType, money: goods, freight: postMoney })
        : covered
          ? ORDER_PAY_TYPE_CODE.income
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
      /** Nothing to pay in money (pure points exchange 5, or points covering it all): paid as it is saved. */
      paidOnSave: payType === ORDER_PAY_TYPE_CODE.pointsOnly || covered,
      giftPoints,
      available: { points: balances.lave_integral, store: balances.last_store, income: balances.lave_income },
      /** The balances row as read (pay-method rules and the payment password use it rather than reading it again). */
      balances,
    };
  }

  return quote;
}
export type Quote = Awaited<ReturnType<ReturnType<typeof createQuote>>>;
