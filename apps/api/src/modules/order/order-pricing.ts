import { EXCHANGE_PAY_TYPE, ORDER_PAY_TYPE, ORDER_PAY_TYPE_CODE, type Fen, type SettleMethod } from '@shop/contract';

export interface FreightRule {
  first_weight: number;
  first_fee: number;
  extra_weight: number;
  extra_fee: number;
}

/** First weight for the first fee, then each started step of extra weight for the extra fee. No rule: no freight. */
export function freightFor(rule: FreightRule | undefined, grams: number): Fen {
  if (!rule || grams <= 0) return 0;
  if (grams <= rule.first_weight || rule.extra_weight <= 0) return rule.first_fee;
  return rule.first_fee + Math.ceil((grams - rule.first_weight) / rule.extra_weight) * rule.extra_fee;
}

/** The province of a six-digit county code: its first two digits and four zeros. */
export const provinceOf = (countyCode: string) => `${countyCode.slice(0, 2)}0000`;

/**
 * spec 1 §4 Freight: free for the buyer when postState is 1 and the goods total reaches the threshold; the postage is
 * then borne by the upper agent when there is one (isUpSendPost 1).
 */
export function buyerFreight(p: {
  freight: Fen;
  goods: Fen;
  rules: { post_state: number; post_money: number; up_pays_post?: number } | undefined;
  hasUpperAgent: boolean;
}): { postMoney: Fen; isUpSendPost: 0 | 1 } {
  const free = !!p.rules && p.rules.post_state === 1 && p.goods >= p.rules.post_money;
  if (!free || p.freight === 0) return { postMoney: p.freight, isUpSendPost: 0 };
  // The order rules may leave it with headquarters instead (up_pays_post 0, ADR 0022).
  return { postMoney: 0, isUpSendPost: p.hasUpperAgent && p.rules!.up_pays_post !== 0 ? 1 : 0 };
}

/** spec 1 §9: welfare goods earn price ÷ chargeMoney (rounded) × chargeGetPoint (rounded) points. */
export function welfareGiftPoints(price: Fen, setting: { charge_money: number; charge_get_point: number } | undefined): number {
  if (!setting || setting.charge_money <= 0) return 0;
  return Math.round(Math.round(price / setting.charge_money) * setting.charge_get_point);
}

/**
 * spec 1 §4 points exchange pay types: pure points is 5; with freight to pay in money the method maps to
 * 15 offline, 12 WeChat, 14 income (exchange kinds 1 and 2); money-only exchanges (kind 3) keep the plain method.
 */
export function exchangePayType(p: { exchangeType: number; method?: SettleMethod; money: Fen; freight: Fen }): number | null {
  if (p.money === 0 && p.freight === 0) return ORDER_PAY_TYPE_CODE.pointsOnly;
  if (!p.method) return null;
  if (p.exchangeType === 3) return ORDER_PAY_TYPE[p.method];
  return EXCHANGE_PAY_TYPE[p.method] ?? null;
}

/**
 * spec 1 §4: "a points order that the points fully cover switches to total-score pay": a welfare order whose points
 * offset leaves nothing to pay in money is total-score pay (3) of nothing, paid as it is saved (ADR 0027).
 */
export function coveredByPoints(p: { offsetMoney: Fen; actualMoney: Fen }): boolean {
  return p.offsetMoney > 0 && p.actualMoney === 0;
}
