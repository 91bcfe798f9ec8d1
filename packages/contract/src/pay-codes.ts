/**
 * Pay codes and their maps (spec 1 §4, spec 2 §4), once for both sides. Three vocabularies meet here: the settlement
 * radio the agent picks, the order's payType the server records, and the platform's pay_methods.type switches.
 */

/** spec 1 §4 settlement radio: 1 goods-fund balance, 2 WeChat, 3 total-branch income, 4 offline. */
export const SETTLE_METHOD = { balance: 1, wechat: 2, income: 3, offline: 4 } as const;
export type SettleMethod = (typeof SETTLE_METHOD)[keyof typeof SETTLE_METHOD];

/** spec 2 §4 order payType beyond the radio's own: points only, and the freight of a points exchange paid by money. */
export const ORDER_PAY_TYPE_CODE = {
  balance: 1,
  wechat: 2,
  income: 3,
  offline: 4,
  pointsOnly: 5,
  exchangeBalance: 9,
  exchangeWechat: 12,
  exchangeIncome: 14,
  exchangeOffline: 15,
} as const;

/** Settlement radio → order payType. */
export const ORDER_PAY_TYPE: Record<SettleMethod, number> = { 1: 1, 2: 2, 3: 3, 4: 4 };

/**
 * Settlement radio → order payType of a points exchange with money to pay (exchange kinds 1 and 2): spec 1 §4 maps
 * offline, WeChat and income; the goods fund with points is spec 2 §4's 9 (ADR 0027).
 */
export const EXCHANGE_PAY_TYPE: Partial<Record<SettleMethod, number>> = {
  [SETTLE_METHOD.balance]: ORDER_PAY_TYPE_CODE.exchangeBalance,
  [SETTLE_METHOD.wechat]: ORDER_PAY_TYPE_CODE.exchangeWechat,
  [SETTLE_METHOD.income]: ORDER_PAY_TYPE_CODE.exchangeIncome,
  [SETTLE_METHOD.offline]: ORDER_PAY_TYPE_CODE.exchangeOffline,
};

/** pay_methods.type (selectPayMethod): 1 WeChat, 2 total-branch income, 3 goods fund, 4 offline. */
export const PAY_METHOD_TYPE = { wechat: 1, income: 2, balance: 3, offline: 4 } as const;

/** pay_methods offline voucher rule (lineChargeVoucher, lineOrderVoucher): 1 a proof only, 2 the remitter's name and account too. */
export const OFFLINE_VOUCHER = { proofOnly: 1, remitterRequired: 2 } as const;

/** Settlement radio → the pay_methods.type that must be enabled for it. */
export const SETTLE_METHOD_TYPE: Record<SettleMethod, number> = {
  [SETTLE_METHOD.balance]: PAY_METHOD_TYPE.balance,
  [SETTLE_METHOD.wechat]: PAY_METHOD_TYPE.wechat,
  [SETTLE_METHOD.income]: PAY_METHOD_TYPE.income,
  [SETTLE_METHOD.offline]: PAY_METHOD_TYPE.offline,
};

/** spec 2 §4 order payType (splits included), as the shop's order detail, the console and the export say it. */
export const ORDER_PAY_TYPE_TEXT: Readonly<Record<number, string>> = {
  1: '货款余额',
  2: '微信支付',
  3: '总分支付',
  4: '线下支付',
  5: '积分支付',
  6: '货款余额+微信',
  7: '货款余额+总分',
  8: '货款余额+线下',
  9: '货款余额+积分',
  10: '微信+总分',
  11: '微信+线下',
  12: '微信+积分',
  13: '总分+线下',
  14: '总分+积分',
  15: '线下+积分',
};
