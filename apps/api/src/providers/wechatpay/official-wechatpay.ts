import { createPrivateKey, type KeyObject } from 'node:crypto';
import {
  APIV3_KEY_BYTES,
  authorization,
  newNonce,
  openNotification,
  paySignMessage,
  requestMessage,
  rfc3339China,
  rsaSign,
  verifySigned,
  type PlatformKeys,
} from './wechatpay-crypto.js';
import {
  toPaidNotice,
  toRefundNotice,
  type Refund,
  type RefundNotice,
  type RefundRequest,
  toPaymentNotification,
  WechatPayApiError,
  type JsapiParams,
  type PaidNotice,
  type Transaction,
  type WechatPayProvider,
} from './wechatpay-provider.js';
import { parseBill, sha1Hex, type Bill, type BillTicket } from './wechatpay-bill.js';

export const OFFICIAL_BASE_URL = 'https://api.mch.weixin.qq.com';

export interface OfficialWechatPayOptions {
  appId: string;
  mchId: string;
  /** Serial of the merchant API certificate (serial_no in Authorization). */
  merchantSerial: string;
  /** apiclient_key.pem */
  merchantPrivateKey: KeyObject | string;
  /** Platform certificates and/or the WeChat Pay public key, by serial (both during a migration). */
  platformKeys: PlatformKeys;
  /** 32 bytes. */
  apiV3Key: string;
  /** Public HTTPS, no query string. */
  notifyUrl: string;
  baseUrl?: string;
  /** For response timestamps; tests pin it. */
  now?: () => Date;
  timeoutMs?: number;
}

/** api.mch.weixin.qq.com: every request signed with the merchant key, every answer's signature verified. */
export class OfficialWechatPayProvider implements WechatPayProvider {
  readonly name = 'official' as const;
  readonly appId: string;
  readonly mchId: string;
  private readonly key: KeyObject;
  private readonly base: string;
  private readonly now: () => Date;

  constructor(private readonly o: OfficialWechatPayOptions) {
    if (Buffer.byteLength(o.apiV3Key, 'utf8') !== APIV3_KEY_BYTES) throw new Error('WECHATPAY_APIV3_KEY must be 32 bytes');
    if (o.platformKeys.size === 0) throw new Error('no WeChat Pay platform certificate or public key');
    this.appId = o.appId;
    this.mchId = o.mchId;
    this.key = typeof o.merchantPrivateKey === 'string' ? createPrivateKey(o.merchantPrivateKey) : o.merchantPrivateKey;
    this.base = (o.baseUrl ?? OFFICIAL_BASE_URL).replace(/\/+$/, '');
    this.now = o.now ?? (() => new Date());
  }

  async jsapiPrepay(p: { outTradeNo: string; description: string; amountFen: number; openId: string; expiresAt: Date }): Promise<string> {
    const body = await this.request<{ prepay_id?: string }>('POST', '/v3/pay/transactions/jsapi', {
      appid: this.appId,
      mchid: this.mchId,
      description: [...p.description].slice(0, 127).join(''),
      out_trade_no: p.outTradeNo,
      time_expire: rfc3339China(p.expiresAt),
      notify_url: this.o.notifyUrl,
      amount: { total: p.amountFen, currency: 'CNY' },
      payer: { openid: p.openId },
    });
    if (!body?.prepay_id) throw new WechatPayApiError(200, 'NO_PREPAY_ID');
    return body.prepay_id;
  }

  jsapiParams(prepayId: string): JsapiParams {
    const timeStamp = String(Math.floor(this.now().getTime() / 1000));
    const nonceStr = newNonce();
    const pkg = `prepay_id=${prepayId}`;
    return { appId: this.appId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign: rsaSign(paySignMessage(this.appId, timeStamp, nonceStr, pkg), this.key) };
  }

  async verifyNotification(headers: Record<string, string | string[] | undefined>, rawBody: string, now: Date) {
    return toPaymentNotification(openNotification({ headers, rawBody, now, keys: this.o.platformKeys, apiV3Key: this.o.apiV3Key }));
  }

  async query(outTradeNo: string): Promise<PaidNotice> {
    try {
      const tx = await this.request<Transaction>('GET', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(this.mchId)}`);
      return toPaidNotice(tx ?? {});
    } catch (err) {
      // Never created at WeChat (the prepay call failed): it cannot be paid.
      if (err instanceof WechatPayApiError && err.code === 'ORDER_NOT_EXIST') {
        return { ...toPaidNotice({ out_trade_no: outTradeNo, mchid: this.mchId, appid: this.appId }), tradeState: 'NOTPAY' };
      }
      throw err;
    }
  }

  async close(outTradeNo: string): Promise<void> {
    await this.request('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`, { mchid: this.mchId });
  }

  async refund(r: RefundRequest): Promise<RefundNotice> {
    const body = await this.request<Refund>('POST', '/v3/refund/domestic/refunds', {
      out_trade_no: r.outTradeNo,
      out_refund_no: r.outRefundNo,
      reason: [...r.reason].slice(0, 80).join(''),
      notify_url: this.o.notifyUrl,
      amount: { refund: r.refundFen, total: r.totalFen, currency: 'CNY' },
    });
    return toRefundNotice(body ?? {});
  }

  async queryRefund(outRefundNo: string): Promise<RefundNotice> {
    return toRefundNotice((await this.request<Refund>('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(outRefundNo)}`)) ?? {});
  }

  downloadTradeBill(date: string): Promise<Bill> {
    return this.bill(date, 'ALL');
  }

  downloadRefundBill(date: string): Promise<Bill> {
    return this.bill(date, 'REFUND');
  }

  /**
   * reference §8.1: apply for the bill (signed, answer verified), fetch the short-lived download URL at once with a
   * signed GET, check the SHA-1 of the file against the answer's hash_value, then parse it.
   */
  private async bill(date: string, type: 'ALL' | 'REFUND'): Promise<Bill> {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`not a bill date: ${date}`);
    let ticket: BillTicket | null;
    try {
      ticket = await this.request<BillTicket>('GET', `/v3/bill/tradebill?bill_date=${date}&bill_type=${type}`);
    } catch (err) {
      if (err instanceof WechatPayApiError && err.code === 'NO_STATEMENT_EXIST') return { rows: [], count: 0 }; // no trades that day
      throw err;
    }
    if (!ticket?.download_url || !ticket.hash_value) throw new WechatPayApiError(200, 'NO_DOWNLOAD_URL');
    const text = await this.download(ticket.download_url);
    if ((ticket.hash_type ?? 'SHA1').toUpperCase() !== 'SHA1' || sha1Hex(text) !== ticket.hash_value.toLowerCase()) {
      throw new WechatPayApiError(200, 'BILL_HASH_MISMATCH', '账单摘要不符');
    }
    return parseBill(text);
  }

  /** The file behind a download_url: a signed GET (the URL's path and query are signed); the body is the bill, not JSON. */
  private async download(downloadUrl: string): Promise<string> {
    const u = new URL(downloadUrl);
    const path = `${u.pathname}${u.search}`;
    const timestamp = Math.floor(this.now().getTime() / 1000);
    const nonce = newNonce();
    const signature = rsaSign(requestMessage('GET', path, timestamp, nonce, ''), this.key);
    const res = await fetch(downloadUrl, {
      headers: { authorization: authorization({ mchid: this.mchId, nonce, signature, timestamp, serial: this.o.merchantSerial }), accept: '*/*', 'user-agent': 'agent-shop/1.0 (+wechatpay-apiv3)' },
      signal: AbortSignal.timeout(this.o.timeoutMs ?? 30_000),
    });
    const text = await res.text();
    if (!res.ok) throw new WechatPayApiError(res.status, `HTTP_${res.status}`);
    return text;
  }

  /** One signed call; answers the verified JSON body (null for 204), throws WechatPayApiError on a refusal. */
  private async request<T>(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<T | null> {
    const body = payload === undefined ? '' : JSON.stringify(payload); // serialised once: the signed bytes are the sent bytes
    const timestamp = Math.floor(this.now().getTime() / 1000);
    const nonce = newNonce();
    const signature = rsaSign(requestMessage(method, url, timestamp, nonce, body), this.key);
    const headers: Record<string, string> = {
      authorization: authorization({ mchid: this.mchId, nonce, signature, timestamp, serial: this.o.merchantSerial }),
      accept: 'application/json',
      'user-agent': 'agent-shop/1.0 (+wechatpay-apiv3)',
    };
    if (body) headers['content-type'] = 'application/json';
    // Public-key mode: asking with the key id gets answers signed by that key (reference §1.4).
    const pubKeyId = [...this.o.platformKeys.keys()].find((s) => s.startsWith('PUB_KEY_ID_'));
    if (pubKeyId) headers['wechatpay-serial'] = pubKeyId;

    const res = await fetch(`${this.base}${url}`, { method, headers, body: body || undefined, signal: AbortSignal.timeout(this.o.timeoutMs ?? 10_000) });
    const text = await res.text();
    if (!res.ok) {
      let code = `HTTP_${res.status}`;
      let message = '';
      try {
        ({ code = code, message = '' } = JSON.parse(text) as { code?: string; message?: string });
      } catch {
        // not JSON: keep the status
      }
      throw new WechatPayApiError(res.status, code, message);
    }
    // An answer that is not signed by WeChat Pay is not believed (wechatpay-go validates every response).
    verifySigned(res.headers, text, this.o.platformKeys, this.now());
    return text ? (JSON.parse(text) as T) : null;
  }
}
