import { PAY_OUTCOME_TEXT, PAY_OUTSIDE_WECHAT } from '@shop/contract/pay-result';
import { BALANCE_STATE } from '@shop/contract/payment-state';
import { navigate } from './navigation.js';
import { toast } from './toast.js';
import { wechatBridge, type PayOutcome, type WechatPayParams } from './wechat-bridge.js';

/** /orderPayResult's query (spec 2 §2): payResult, orderId, actualMoney, out_trade_no, prePath; state 5|6 offline. */
export interface PayResultQuery {
  payResult: 0 | 1;
  orderId?: number;
  actualMoney?: string;
  outTradeNo?: string;
  prePath?: string;
  /** Offline payment submitted (spec 2 §4 isCanState 5 / 6): the page says it awaits the merchant's review. */
  state?: 5 | 6;
}

export function payResultUrl(q: PayResultQuery): string {
  const params = new URLSearchParams({ payResult: String(q.payResult) });
  if (q.orderId !== undefined) params.set('orderId', String(q.orderId));
  if (q.actualMoney !== undefined) params.set('actualMoney', q.actualMoney);
  if (q.outTradeNo) params.set('out_trade_no', q.outTradeNo);
  if (q.prePath) params.set('prePath', q.prePath);
  if (q.state) params.set('state', String(q.state));
  return `/orderPayResult?${params}`;
}

export function readPayResultQuery(params: URLSearchParams): PayResultQuery {
  const orderId = Number(params.get('orderId'));
  const state = Number(params.get('state'));
  const money = params.get('actualMoney');
  return {
    payResult: params.get('payResult') === '1' ? 1 : 0,
    orderId: Number.isInteger(orderId) && orderId > 0 ? orderId : undefined,
    actualMoney: money && /^\d+(\.\d{1,2})?$/.test(money) ? money : undefined,
    outTradeNo: params.get('out_trade_no') ?? undefined,
    prePath: params.get('prePath') ?? undefined,
    state: state === BALANCE_STATE.offline || state === BALANCE_STATE.offlineSplit ? state : undefined,
  };
}

/** spec 2 §5: WeChat Pay needs WeChat's browser (or, for the demo, the server's sandbox). Null when it can go ahead. */
export async function wechatPayBlocked(): Promise<string | null> {
  return (await wechatBridge.canPay()) ? null : PAY_OUTSIDE_WECHAT;
}

/**
 * spec 1 §4 / spec 2 §4: shows the pay sheet, toasts 支付成功 / 支付取消 / 支付失败，请重试 and goes to the result page,
 * as success only when the sheet said ok (cancel and failure show as failure).
 */
export async function payWithWechat(params: WechatPayParams, order: { id: number; actualMoney: string }, prePath?: string): Promise<PayOutcome> {
  const outcome = await wechatBridge.pay(params, { amount: order.actualMoney });
  // The message explains the move to the result page: it stays across that one navigation.
  toast(PAY_OUTCOME_TEXT[outcome], 2000, { keep: true });
  navigate(payResultUrl({ payResult: outcome === 'ok' ? 1 : 0, orderId: order.id, actualMoney: order.actualMoney, outTradeNo: params.outTradeNo, prePath }), { replace: true });
  return outcome;
}
