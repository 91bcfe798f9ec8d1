import { SETTLE_METHOD } from '@shop/contract/pay-codes';

type Method = 1 | 2 | 3 | 4;

/** pay_methods.type (1 WeChat, 2 income, 3 goods fund, 4 offline) → the settlement radio code and its label. */
export const METHOD_OF_TYPE: Record<number, { method: Method; label: string }> = {
  3: { method: SETTLE_METHOD.balance, label: '货款余额支付' },
  1: { method: SETTLE_METHOD.wechat, label: '微信支付' },
  2: { method: SETTLE_METHOD.income, label: '总分支付' },
  4: { method: SETTLE_METHOD.offline, label: '线下支付' },
};

/**
 * The method chosen when the settlement opens: the goods-fund balance (radio code 1, spec 1 §4 "1 goods-fund balance"
 * first), else WeChat, else the first one offered. The agent can change it; none when nothing is offered.
 */
const DEFAULT_ORDER: Method[] = [SETTLE_METHOD.balance, SETTLE_METHOD.wechat];

export function defaultMethod(offered: Method[]): Method | null {
  return DEFAULT_ORDER.find((m) => offered.includes(m)) ?? offered[0] ?? null;
}
