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
  amountFen: number;
}

export interface WechatPayProvider {
  readonly name: 'sandbox' | 'official';
  /** JSAPI prepay (POST /v3/pay/transactions/jsapi); answers the prepay_id. */
  jsapiPrepay(p: { outTradeNo: string; description: string; amountFen: number; openId: string; expiresAt: Date }): Promise<string>;
  /** The parameters the page passes to getBrandWCPayRequest, signed with the merchant key. */
  jsapiParams(prepayId: string): JsapiParams;
  /** Verifies a payment notification (headers + raw body) and decrypts its resource; throws when not genuine. */
  verifyNotification(headers: Record<string, string | string[] | undefined>, rawBody: string): Promise<PaidNotice>;
  /** GET /v3/pay/transactions/out-trade-no/{out_trade_no} */
  query(outTradeNo: string): Promise<PaidNotice>;
  /** POST /v3/pay/transactions/out-trade-no/{out_trade_no}/close */
  close(outTradeNo: string): Promise<void>;
}
