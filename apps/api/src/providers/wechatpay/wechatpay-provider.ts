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

/** A verified, decrypted notification. `transaction` is null for events that carry no transaction. */
export interface PaymentNotification {
  id: string;
  /** TRANSACTION.SUCCESS for a payment; other events are acknowledged and ignored. */
  eventType: string;
  transaction: PaidNotice | null;
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

/** A notification's decrypted text as a payment notification (transaction events only carry a transaction). */
export function toPaymentNotification(opened: { id: string; eventType: string; plaintext: string }): PaymentNotification {
  if (!opened.eventType.startsWith('TRANSACTION.')) return { id: opened.id, eventType: opened.eventType, transaction: null };
  return { id: opened.id, eventType: opened.eventType, transaction: toPaidNotice(JSON.parse(opened.plaintext) as Transaction) };
}
