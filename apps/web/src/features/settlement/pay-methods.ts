import { SETTLE_METHOD } from '@shop/contract/order';

/** pay_methods.type (1 WeChat, 2 income, 3 goods fund, 4 offline) → the settlement radio code and its label. */
export const METHOD_OF_TYPE: Record<number, { method: 1 | 2 | 3 | 4; label: string }> = {
  3: { method: SETTLE_METHOD.balance, label: '货款余额支付' },
  1: { method: SETTLE_METHOD.wechat, label: '微信支付' },
  2: { method: SETTLE_METHOD.income, label: '总分支付' },
  4: { method: SETTLE_METHOD.offline, label: '线下支付' },
};
