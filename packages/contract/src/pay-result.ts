import * as z from 'zod/mini';
import { yuanOut } from './money.js';
import { defineOp } from './operation.js';
import { int, required } from './validation.js';

/** spec 2 §2 /orderPayResult and §9: the serial number's prefix decides what was paid. */
export const PAY_KINDS = { DD: '订单支付', VD: '店铺订单', HK: '货款充值', HG: '合规金' } as const;
export type PayKind = keyof typeof PAY_KINDS;

export function payKindOf(serial: string): PayKind | null {
  const prefix = serial.slice(0, 2).toUpperCase();
  return prefix in PAY_KINDS ? (prefix as PayKind) : null;
}

/** What the WeChat pay sheet's answer tells the payer (spec 1 §4, spec 2 §4 payment flow). */
/** A WeChat payment's state (wechat_payments.state, wire wxPayState): 4 paid too late, given back (ADR 0012). */
export const WX_PAY_STATE = { open: 0, paid: 1, closed: 2, failed: 3, late: 4 } as const;

export const PAY_OUTCOME_TEXT = { ok: '支付成功', cancel: '支付取消', fail: '支付失败，请重试' } as const;
/** spec 3 §8: the account screens (top-up, upgrade) word the pay sheet's answer so. */
export const ACCOUNT_PAY_OUTCOME_TEXT = { ok: '支付成功', cancel: '已取消支付', fail: '支付失败，请重试' } as const;
export const PAY_OUTSIDE_WECHAT = '请使用微信浏览器登录支付';
/** spec 2 §2: offline payment states 5 and 6 (and an order awaiting review). */
export const PAY_REVIEW_TEXT = '已提交，等待商家审核';

/** spec 2 §7: the order a payment serial number (out_trade_no, or the order code) belongs to; the agent's own only. */
export const selOrderInfoBySerialNumber = defineOp({
  name: 'selOrderInfoBySerialNumber',
  path: '/api/order/selOrderInfoBySerialNumber.do',
  auth: 'agent',
  input: z.object({ serialNumber: required('订单不存在', z.maxLength(64, '订单不存在')) }),
  output: z.object({
    obj: z.object({
      id: int(),
      orderCode: z.string(),
      orderType: int(),
      payType: int(),
      circulationState: int(),
      /** 1 once paid. */
      payState: int(),
      actualMoney: yuanOut,
      goodsPayMoney: yuanOut,
      /** The part paid (or to be paid) by WeChat. */
      otherActualMoney: yuanOut,
      offlinePayMoney: yuanOut,
      /** China time, null until paid. */
      payDate: z.nullable(z.string()),
      /** The WeChat payment under this serial number: 0 pending, 1 paid, 2 closed, 3 failed; null for an order code. */
      wxPayState: z.nullable(int()),
      /** Its amount. */
      wxPayMoney: z.nullable(yuanOut),
    }),
  }),
});
