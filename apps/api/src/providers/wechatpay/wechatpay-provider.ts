import type { Bill } from './wechatpay-bill.js';

/** WeChat Pay API v3, JSAPI (reference §1). Amounts are fen. The sandbox implements the same contract locally. */
export interface JsapiParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  /** `prepay_id=...` */
  package: string;
  signType: 'RSA';
  paySign: string;
}

export interface PaidNotice {
  outTradeNo: string;
  transactionId: string;
  /** SUCCESS, REFUND, NOTPAY, CLOSED, REVOKED, USERPAYING, PAYERROR */
  tradeState: string;
  /** amount.total (what the order asked), not payer_total (less with coupons). */
  amountFen: number;
  /** Whose payment it is: checked against ours before anything is credited (reference §1.4 step 3). */
  mchid: string;
  appid: string;
  currency: string;
}

/** A refund as WeChat answers it (refund call, refund query, refund notification). */
export interface RefundNotice {
  outRefundNo: string;
  refundId: string;
  outTradeNo: string;
  /** SUCCESS, CLOSED, PROCESSING, ABNORMAL */
  status: string;
  refundFen: number;
  totalFen: number;
  mchid: string;
}

/** A verified, decrypted notification: a payment (TRANSACTION.*) or a refund (REFUND.*); other events carry neither. */
export interface PaymentNotification {
  id: string;
  /** TRANSACTION.SUCCESS for a payment; REFUND.SUCCESS / REFUND.ABNORMAL / REFUND.CLOSED for a refund. */
  eventType: string;
  transaction: PaidNotice | null;
  refund?: RefundNotice | null;
}

export interface RefundRequest {
  outTradeNo: string;
  /** Ours, unique: WeChat refunds one out_refund_no once, however often it is asked. */
  outRefundNo: string;
  reason: string;
  refundFen: number;
  totalFen: number;
}

export interface WechatPayProvider {
  readonly name: 'sandbox' | 'official';
  readonly appId: string;
  readonly mchId: string;
  /** JSAPI prepay (POST /v3/pay/transactions/jsapi); answers the prepay_id. */
  jsapiPrepay(p: { outTradeNo: string; description: string; amountFen: number; openId: string; expiresAt: Date }): Promise<string>;
  /** The parameters the page passes to getBrandWCPayRequest, signed with the merchant key. */
  jsapiParams(prepayId: string): JsapiParams;
  /**
   * Verifies a payment notification (headers + raw body; timestamp within 5 minutes of `now`, known serial,
   * signature) and decrypts its resource; throws WechatPaySignatureError when it is not genuine.
   */
  verifyNotification(headers: Record<string, string | string[] | undefined>, rawBody: string, now: Date): Promise<PaymentNotification>;
  /** GET /v3/pay/transactions/out-trade-no/{out_trade_no}; an order WeChat does not know answers NOTPAY. */
  query(outTradeNo: string): Promise<PaidNotice>;
  /** POST /v3/pay/transactions/out-trade-no/{out_trade_no}/close; throws WechatPayApiError ORDERPAID when paid. */
  close(outTradeNo: string): Promise<void>;
  /** POST /v3/refund/domestic/refunds (idempotent by out_refund_no); the result comes later by notification. */
  refund(r: RefundRequest): Promise<RefundNotice>;
  /** GET /v3/refund/domestic/refunds/{out_refund_no} */
  queryRefund(outRefundNo: string): Promise<RefundNotice>;
  /**
   * The day's trade bill (reference §8.1: GET /v3/bill/tradebill bill_type=ALL, download, SHA-1 checked, parsed);
   * `date` is the China date 'YYYY-MM-DD'. A day without trades (NO_STATEMENT_EXIST) answers an empty bill; a bill
   * still being made throws WechatPayApiError STATEMENT_CREATING.
   */
  downloadTradeBill(date: string): Promise<Bill>;
  /** The day's refund bill (the same call with bill_type=REFUND). */
  downloadRefundBill(date: string): Promise<Bill>;
}

/** A refusal answered by WeChat Pay (or the sandbox): HTTP status and its `code` (ORDERPAID, SIGN_ERROR, ...). */
export class WechatPayApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message = code,
  ) {
    super(`wechatpay ${status} ${code}: ${message}`);
  }
}

/** The v3 Transaction object (query answer and notification resource), as far as we read it. */
export interface Transaction {
  appid?: string;
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_type?: string;
  trade_state?: string;
  trade_state_desc?: string;
  success_time?: string;
  payer?: { openid?: string };
  amount?: { total?: number; payer_total?: number; currency?: string; payer_currency?: string };
}

export function toPaidNotice(tx: Transaction): PaidNotice {
  return {
    outTradeNo: String(tx.out_trade_no ?? ''),
    transactionId: String(tx.transaction_id ?? ''),
    tradeState: String(tx.trade_state ?? ''),
    amountFen: Number(tx.amount?.total ?? Number.NaN),
    mchid: String(tx.mchid ?? ''),
    appid: String(tx.appid ?? ''),
    currency: String(tx.amount?.currency ?? ''),
  };
}

/** The v3 refund object (refund answer, refund query) and the refund notification's resource. */
export interface Refund {
  mchid?: string;
  refund_id?: string;
  out_refund_no?: string;
  transaction_id?: string;
  out_trade_no?: string;
  /** refund answer / query */
  status?: string;
  /** refund notification */
  refund_status?: string;
  success_time?: string;
  amount?: { total?: number; refund?: number; currency?: string; payer_total?: number; payer_refund?: number };
}

export function toRefundNotice(r: Refund): RefundNotice {
  return {
    outRefundNo: String(r.out_refund_no ?? ''),
    refundId: String(r.refund_id ?? ''),
    outTradeNo: String(r.out_trade_no ?? ''),
    status: String(r.status ?? r.refund_status ?? ''),
    refundFen: Number(r.amount?.refund ?? Number.NaN),
    totalFen: Number(r.amount?.total ?? Number.NaN),
    mchid: String(r.mchid ?? ''),
  };
}

/** A notification's decrypted text: transaction events carry a transaction, refund events a refund. */
export function toPaymentNotification(opened: { id: string; eventType: string; plaintext: string }): PaymentNotification {
  if (opened.eventType.startsWith('REFUND.')) {
    return { id: opened.id, eventType: opened.eventType, transaction: null, refund: toRefundNotice(JSON.parse(opened.plaintext) as Refund) };
  }
  if (!opened.eventType.startsWith('TRANSACTION.')) return { id: opened.id, eventType: opened.eventType, transaction: null };
  return { id: opened.id, eventType: opened.eventType, transaction: toPaidNotice(JSON.parse(opened.plaintext) as Transaction) };
}
