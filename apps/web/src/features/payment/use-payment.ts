import { fnSelBaseOfflinePayAccount, PAY_METHOD, selectOrderPayInfo } from '@shop/contract/payment';
import { PAY_METHOD_TYPE } from '@shop/contract/pay-codes';
import type { Reply } from '../../lib/api.js';
import { useOp } from '../../lib/query.js';

export type PayInfo = Reply<typeof selectOrderPayInfo>['obj'];
export type OfflineAccount = Reply<typeof fnSelBaseOfflinePayAccount>['objs'][number];

/**
 * The order's payment situation from the server (always fresh: it moves with balances and time), and the offline
 * accounts. Whether the remitter is required comes with the situation (lineChargeVoucher), not from a call of its own.
 */
export function usePayment(orderId: number | null) {
  const info = useOp(selectOrderPayInfo, { id: orderId ?? 0 }, { enabled: !!orderId, staleTime: 0 });
  const offline = !!info.data?.obj.methods.includes(4);
  const accounts = useOp(fnSelBaseOfflinePayAccount, { accountBelongType: 0 }, { enabled: offline });
  return { info, accounts: accounts.data?.objs ?? [] };
}

/** spec 2 §2: WeChat 6, income 7, offline 8 — the first enabled one is chosen by default. */
export const PAY_OPTIONS = [
  { payType: PAY_METHOD.wechat, methodType: PAY_METHOD_TYPE.wechat, label: '微信支付' },
  { payType: PAY_METHOD.income, methodType: PAY_METHOD_TYPE.income, label: '总分支付' },
  { payType: PAY_METHOD.offline, methodType: PAY_METHOD_TYPE.offline, label: '线下支付' },
] as const;

/** Who pays what: the goods fund's part and the chosen method's part, zero parts left out. */
export function paySplit(info: PayInfo, payType: number | null): { label: string; money: string }[] {
  const parts: { label: string; money: string }[] = [];
  if (info.goodsPayMoney !== '0.00') parts.push({ label: '货款余额支付', money: info.goodsPayMoney });
  const method = PAY_OPTIONS.find((o) => o.payType === payType);
  if (info.outstanding !== '0.00') parts.push({ label: method ? method.label : '还需支付', money: info.outstanding });
  return parts;
}
