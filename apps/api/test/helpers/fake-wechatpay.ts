import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { KeyObject } from 'node:crypto';
import {
  MAX_CLOCK_SKEW_S,
  requestMessage,
  rsaVerify,
  sealNotification,
  SIGNATURE_TYPE,
  signedHeaders,
  type SignedNotification,
} from '../../src/providers/wechatpay/wechatpay-crypto.js';
import type { Refund, Transaction } from '../../src/providers/wechatpay/wechatpay-provider.js';
import { sha1Hex, writeBill, type BillLine } from '../../src/providers/wechatpay/wechatpay-bill.js';
import { chinaTimeText } from '@shop/contract/china-time';

/**
 * reference §3 V1: wechatpay-go utils/sign_test.go (Apache-2.0), its `TESTING KEY` read as `PRIVATE KEY`.
 * The fake uses it as the "platform" key: its public half is in the V4 certificate below.
 */
export const TEST_KEY_PEM = `-----BEGIN PRIVATE KEY-----
MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQDZUJN33V+dSfvd
fL0Mu+39XrZNXFFMQSy1V15FpncHeV47SmV0TzTqZc7hHB0ddqAdDi8Z5k3TKqb7
6sOwYr5TcAfuR6PIPaleyE0/0KrljBum2Isa2Nyq7Dgc3ElBQ6YN4l/a+DpvKaz1
FSKmKrhLNskqokWVSlu4g8OlKlbPXQ9ibII14MZRQrrkTmHYHzfi7GXXM0thAKuR
0HNvyhTHBh4/lrYM3GaMvmWwkwvsMavnOex6+eioZHBOb1/EIZ/LzC6zuHArPpyW
3daGaZ1rtQB1vVzTyERAVVFsXXgBHvfFud3w3ShsJYk8JvMwK2RpJ5/gV0QSARcm
LDRUAlPzAgMBAAECggEBAMc7rDeUaXiWv6bMGbZ3BTXpg1FhdddnWUnYE8HfX/km
OFI7XtBHXcgYFpcjYz4D5787pcsk7ezPidAj58zqenuclmjKnUmT3pfbI5eCA2v4
C9HnbYDrmUPK1ZcADtka4D6ScDccpNYNa1g2TFHzkIrEa6H+q7S3O2fqxY/DRVtN
0JIXalBb8daaqL5QVzSmM2BMVnHy+YITJWIkP2a3pKs9C0W65JGDsnG0wVrHinHF
+cnhFZIbaPEI//DAFMc9NkrWOKVRTEgcCUxCFaHOZVNxDWZD7A2ZfJB2rK6eg//y
gEiFDR2h6mTaDowMB4YF2n2dsIO4/dCG8vPHI20jn4ECgYEA/ZGu6lEMlO0XZnam
AZGtiNgLcCfM/C2ZERZE7QTRPZH1WdK92Al9ndldsswFw4baJrJLCmghjF/iG4zi
hhBvLnOLksnZUfjdumxoHDWXo2QBWbI5QsWIE7AuTiWgWj1I7X4fCXSQf6i+M/y2
6TogQ7d0ANpZFyOkTNMn/tiJvLECgYEA22XqlamG/yfAGWery5KNH2DGlTIyd6xJ
WtJ9j3jU99lZ0bCQ5xhiBbU9ImxCi3zgTsoqLWgA/p00HhNFNoUcTl9ofc0G3zwT
D1y0ZzcnVKxGJdZ6ohW52V0hJStAigtjYAsUgjm7//FH7PiQDBDP1Wa6xSRkDQU/
aSbQxvEE8+MCgYEA3bb8krW7opyM0XL9RHH0oqsFlVO30Oit5lrqebS0oHl3Zsr2
ZGgoBlWBsEzk3UqUhTFwm/DhJLTSJ/TQPRkxnhQ5/mewNhS9C7yua7wQkzVmWN+V
YeUGTvDGDF6qDz12/vJAgSwDDRym8x4NcXD5tTw7mmNRcwIfL22SkysThIECgYAV
BgccoEoXWS/HP2/u6fQr9ZIR6eV8Ij5FPbZacTG3LlS1Cz5XZra95UgebFFUHHtC
EY1JHJY7z8SWvTH8r3Su7eWNaIAoFBGffzqqSVazfm6aYZsOvRY6BfqPHT3p/H1h
Tq6AbBffxrcltgvXnCTORjHPglU0CjSxVs7awW3AEQKBgB5WtaC8VLROM7rkfVIq
+RXqE5vtJfa3e3N7W3RqxKp4zHFAPfr82FK5CX2bppEaxY7SEZVvVInKDc5gKdG/
jWNRBmvvftZhY59PILHO2X5vO4FXh7suEjy6VIh0gsnK36mmRboYIBGsNuDHjXLe
BDa+8mDLkWu5nHEhOxy2JJZl
-----END PRIVATE KEY-----`;

/** reference §3 V4: the certificate of wechatpay-go core/notify/notify_test.go; it pairs with the V1 key. */
export const V4_CERT_PEM = `-----BEGIN CERTIFICATE-----
MIIDVzCCAj+gAwIBAgIJANfOWdH1ItcBMA0GCSqGSIb3DQEBCwUAMEIxCzAJBgNV
BAYTAlhYMRUwEwYDVQQHDAxEZWZhdWx0IENpdHkxHDAaBgNVBAoME0RlZmF1bHQg
Q29tcGFueSBMdGQwHhcNMjEwNDI3MDg1NTIzWhcNMzEwNDI1MDg1NTIzWjBCMQsw
CQYDVQQGEwJYWDEVMBMGA1UEBwwMRGVmYXVsdCBDaXR5MRwwGgYDVQQKDBNEZWZh
dWx0IENvbXBhbnkgTHRkMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA
2VCTd91fnUn73Xy9DLvt/V62TVxRTEEstVdeRaZ3B3leO0pldE806mXO4RwdHXag
HQ4vGeZN0yqm++rDsGK+U3AH7kejyD2pXshNP9Cq5YwbptiLGtjcquw4HNxJQUOm
DeJf2vg6byms9RUipiq4SzbJKqJFlUpbuIPDpSpWz10PYmyCNeDGUUK65E5h2B83
4uxl1zNLYQCrkdBzb8oUxwYeP5a2DNxmjL5lsJML7DGr5znsevnoqGRwTm9fxCGf
y8wus7hwKz6clt3Whmmda7UAdb1c08hEQFVRbF14AR73xbnd8N0obCWJPCbzMCtk
aSef4FdEEgEXJiw0VAJT8wIDAQABo1AwTjAdBgNVHQ4EFgQUT1c7nd/SUO76HSoZ
umNUJv1R5PwwHwYDVR0jBBgwFoAUT1c7nd/SUO76HSoZumNUJv1R5PwwDAYDVR0T
BAUwAwEB/zANBgkqhkiG9w0BAQsFAAOCAQEAfTjxKRQMzNB/U6ZoCUS+BSNfa2Oh
0plMN6ZuzwiVVZwg1jywvv5yv04koS7Pd4i9E4gt9ZBUQXlpq+A3oOCEEHNRR6b2
kyazGRM7s0OP5X21WrbpSmKmU6K7hkfx30yYs08LVs/Q8DIhvaj1FCFeJzUCzYn/
fHMq4tsbKO0dKAeydPM/nrUZBmaYQVKMVOORGLFjFKVO7JV6Kq/R86ouhjEPgJOe
2xulNBUcjicqtZlBdEh/PWCYP2SpGVDclKm8jeo175T3EVAkdKzzmfpxtMmnMlmq
cTJOU9TxuGvNASMtjj7pYIerTx+xgZDXEVBWFW9PjJ0TV06tCRsgSHItgg==
-----END CERTIFICATE-----`;
export const V4_SERIAL = 'D7CE59D1F522D701';

export interface FakeWechatPayOptions {
  mchId: string;
  appId: string;
  merchantSerial: string;
  /** Our requests must verify with this (the merchant certificate's key). */
  merchantPublicKey: KeyObject;
  apiV3Key: string;
}

interface Stored {
  body: Record<string, any>;
  prepayId: string;
  tx: Transaction;
}

/** A request the fake received, with whether its signature checked out. */
export interface SeenRequest {
  method: string;
  url: string;
  body: string;
  headers: IncomingMessage['headers'];
  signatureOk: boolean;
}

/**
 * WeChat Pay on 127.0.0.1 (ephemeral port): checks our request signatures with the merchant public key, answers
 * prepay / query / close as reference §1.1 and §1.5 describe, and signs every answer with the V1 key under the V4
 * certificate's serial. `tamper` corrupts the next answers after signing, to prove our side refuses them.
 */
export async function startFakeWechatPay(o: FakeWechatPayOptions) {
  const orders = new Map<string, Stored>();
  const seen: SeenRequest[] = [];
  const refunds = new Map<string, Refund>();
  const state = { tamper: null as null | 'body' | 'signature' | 'serial', next: 0, billTamper: false, billCreating: false };
  /** Bill files by download token (reference §8.1: the URL is short-lived; here it lives until read). */
  const files = new Map<string, string>();

  const answer = (res: ServerResponse, status: number, payload?: unknown) => {
    let body = payload === undefined ? '' : JSON.stringify(payload);
    const headers = signedHeaders(body, TEST_KEY_PEM, V4_SERIAL, new Date());
    if (state.tamper === 'body' && body) body = body.replace(/}$/, ',"x":1}');
    if (state.tamper === 'signature') headers['wechatpay-signature'] = `WECHATPAY/SIGNTEST/${headers['wechatpay-signature']}`;
    if (state.tamper === 'serial') headers['wechatpay-serial'] = 'FFFFFFFFFFFFFFFF';
    res.writeHead(status, { ...(body ? { 'content-type': 'application/json' } : {}), ...headers, 'request-id': `fake-${(state.next += 1)}` });
    res.end(body);
  };
  const refuse = (res: ServerResponse, status: number, code: string, message: string) => answer(res, status, { code, message });

  function checkSignature(req: IncomingMessage, body: string): boolean {
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith(`${SIGNATURE_TYPE} `)) return false;
    const fields = Object.fromEntries([...auth.slice(SIGNATURE_TYPE.length + 1).matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (fields.mchid !== o.mchId || fields.serial_no !== o.merchantSerial || !fields.nonce_str || !fields.signature) return false;
    if (Math.abs(Date.now() / 1000 - Number(fields.timestamp)) >= MAX_CLOCK_SKEW_S) return false;
    return rsaVerify(requestMessage(req.method!, req.url!, fields.timestamp!, fields.nonce_str, body), fields.signature, o.merchantPublicKey);
  }

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const signatureOk = checkSignature(req, body);
    seen.push({ method: req.method!, url: req.url!, body, headers: req.headers, signatureOk });
    if (!req.headers.accept || !req.headers['user-agent']) return refuse(res, 400, 'INVALID_REQUEST', 'Http头缺少Accept或User-Agent');
    if (!signatureOk) return refuse(res, 401, 'SIGN_ERROR', '签名错误');

    const url = new URL(req.url!, 'http://fake');
    if (req.method === 'POST' && url.pathname === '/v3/pay/transactions/jsapi') return prepay(res, JSON.parse(body));
    const q = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && q) {
      if (url.searchParams.get('mchid') !== o.mchId) return refuse(res, 400, 'PARAM_ERROR', 'mchid');
      const stored = orders.get(decodeURIComponent(q[1]!));
      return stored ? answer(res, 200, stored.tx) : refuse(res, 404, 'ORDER_NOT_EXIST', '订单不存在');
    }
    const c = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(url.pathname);
    if (req.method === 'POST' && c) {
      if (JSON.parse(body || '{}').mchid !== o.mchId) return refuse(res, 400, 'PARAM_ERROR', 'mchid');
      const stored = orders.get(decodeURIComponent(c[1]!));
      if (!stored) return refuse(res, 404, 'ORDER_NOT_EXIST', '订单不存在');
      if (stored.tx.trade_state === 'SUCCESS') return refuse(res, 400, 'ORDERPAID', '订单已支付');
      stored.tx = { ...stored.tx, trade_state: 'CLOSED', trade_state_desc: '订单已关闭' };
      return answer(res, 204);
    }
    if (req.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') return refund(res, JSON.parse(body));
    const r = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && r) {
      const known = refunds.get(decodeURIComponent(r[1]!));
      return known ? answer(res, 200, known) : refuse(res, 404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
    }
    if (req.method === 'GET' && url.pathname === '/v3/bill/tradebill') return billTicket(res, url);
    if (req.method === 'GET' && url.pathname === '/v3/billdownload/file') {
      const text = files.get(url.searchParams.get('token') ?? '');
      if (text === undefined) return refuse(res, 404, 'RESOURCE_NOT_EXISTS', '账单不存在');
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      return res.end(state.billTamper ? text.replace('`SUCCESS', '`REVOKED') : text);
    }
    refuse(res, 404, 'NOT_FOUND', 'no such API');
  });

  /** GET /v3/bill/tradebill: the bill of the day from the fake's own payments and refunds, or NO_STATEMENT_EXIST. */
  function billTicket(res: ServerResponse, url: URL) {
    const date = url.searchParams.get('bill_date') ?? '';
    const type = url.searchParams.get('bill_type');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || (type !== 'ALL' && type !== 'REFUND')) return refuse(res, 400, 'PARAM_ERROR', '参数错误');
    if (state.billCreating) return refuse(res, 400, 'STATEMENT_CREATING', '账单生成中');
    const onDay = (at: string | undefined) => !!at && chinaTimeText(at).slice(0, 10) === date;
    const base = { appId: o.appId, mchId: o.mchId, description: '商品', openId: 'o_payer', refundId: '', outRefundNo: '', refundFen: 0, refundState: '' };
    const lines: BillLine[] = [];
    if (type === 'ALL') {
      for (const { tx } of orders.values()) {
        if (tx.trade_state !== 'SUCCESS' || !onDay(tx.success_time)) continue;
        lines.push({ ...base, tradeTime: chinaTimeText(tx.success_time!), transactionId: tx.transaction_id ?? '', outTradeNo: tx.out_trade_no ?? '', tradeState: 'SUCCESS', totalFen: tx.amount?.total ?? 0 });
      }
    }
    for (const r of refunds.values()) {
      if (r.status !== 'SUCCESS' || !onDay(r.success_time)) continue;
      const at = chinaTimeText(r.success_time!);
      lines.push({ ...base, tradeTime: at, transactionId: r.transaction_id ?? '', outTradeNo: r.out_trade_no ?? '', tradeState: 'REFUND', totalFen: r.amount?.total ?? 0, refundId: r.refund_id ?? '', outRefundNo: r.out_refund_no ?? '', refundFen: r.amount?.refund ?? 0, refundState: 'SUCCESS', refundAppliedAt: at, refundSucceededAt: at });
    }
    if (lines.length === 0) return refuse(res, 400, 'NO_STATEMENT_EXIST', '当日无交易');
    const text = writeBill(type, lines);
    const token = `${type}-${date}-${(state.next += 1)}`;
    files.set(token, text);
    answer(res, 200, { hash_type: 'SHA1', hash_value: sha1Hex(text), download_url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3/billdownload/file?token=${token}` });
  }

  /** POST /v3/refund/domestic/refunds: a paid order's refund, idempotent by out_refund_no; answered PROCESSING. */
  function refund(res: ServerResponse, b: Record<string, any>) {
    const stored = orders.get(b.out_trade_no);
    const ok =
      typeof b.out_refund_no === 'string' &&
      /^[0-9A-Za-z_\-|*@]{1,64}$/.test(b.out_refund_no) &&
      /^https:\/\/[^?#]+$/.test(b.notify_url) &&
      Number.isSafeInteger(b.amount?.refund) &&
      b.amount.refund > 0 &&
      b.amount.currency === 'CNY';
    if (!ok) return refuse(res, 400, 'PARAM_ERROR', '参数错误');
    if (!stored) return refuse(res, 404, 'RESOURCE_NOT_EXISTS', '订单不存在');
    if (stored.tx.trade_state !== 'SUCCESS') return refuse(res, 403, 'NOT_ENOUGH', '订单未支付');
    if (b.amount.total !== stored.tx.amount?.total || b.amount.refund > b.amount.total) return refuse(res, 400, 'PARAM_ERROR', '退款金额有误');
    const known = refunds.get(b.out_refund_no);
    if (known) return answer(res, 200, known);
    const created: Refund = {
      refund_id: `5030${Date.now()}${refunds.size}`,
      out_refund_no: b.out_refund_no,
      transaction_id: stored.tx.transaction_id,
      out_trade_no: b.out_trade_no,
      status: 'PROCESSING',
      amount: { total: b.amount.total, refund: b.amount.refund, currency: 'CNY', payer_total: b.amount.total, payer_refund: b.amount.refund },
    };
    refunds.set(b.out_refund_no, created);
    answer(res, 200, created);
  }

  function prepay(res: ServerResponse, b: Record<string, any>) {
    const ok =
      b.appid === o.appId &&
      b.mchid === o.mchId &&
      typeof b.description === 'string' &&
      [...b.description].length <= 127 &&
      /^[0-9A-Za-z_\-|*]{6,32}$/.test(b.out_trade_no) &&
      /^https:\/\/[^?#]+$/.test(b.notify_url) &&
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/.test(b.time_expire) &&
      Number.isSafeInteger(b.amount?.total) &&
      b.amount.total > 0 &&
      b.amount.currency === 'CNY' &&
      typeof b.payer?.openid === 'string';
    if (!ok) return refuse(res, 400, 'PARAM_ERROR', '参数错误');
    const known = orders.get(b.out_trade_no);
    // Same out_trade_no and same parameters: the same prepay_id (reference §1.1).
    if (known) {
      if (JSON.stringify(known.body) !== JSON.stringify(b)) return refuse(res, 400, 'INVALID_REQUEST', '订单号重复');
      return answer(res, 200, { prepay_id: known.prepayId });
    }
    const prepayId = `wx${Date.now()}${orders.size}`;
    orders.set(b.out_trade_no, {
      body: b,
      prepayId,
      tx: {
        appid: o.appId,
        mchid: o.mchId,
        out_trade_no: b.out_trade_no,
        trade_type: 'JSAPI',
        trade_state: 'NOTPAY',
        trade_state_desc: '订单未支付',
        payer: { openid: b.payer.openid },
        amount: { total: b.amount.total, currency: 'CNY', payer_total: b.amount.total, payer_currency: 'CNY' },
      },
    });
    answer(res, 200, { prepay_id: prepayId });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    seen,
    orders,
    /** Bills: the downloaded file altered after its hash was taken; or the bill not made yet (STATEMENT_CREATING). */
    billState(p: { tamper?: boolean; creating?: boolean }) {
      state.billTamper = p.tamper ?? false;
      state.billCreating = p.creating ?? false;
    },
    /** Corrupt the answers from now on (null: answer honestly again). */
    tamper(kind: typeof state.tamper) {
      state.tamper = kind;
    },
    /** The payer pays: the transaction becomes SUCCESS. */
    pay(outTradeNo: string, at = new Date()) {
      const stored = orders.get(outTradeNo)!;
      stored.tx = { ...stored.tx, trade_state: 'SUCCESS', trade_state_desc: '支付成功', transaction_id: `4200${Date.now()}${orders.size}`, success_time: at.toISOString() };
      return stored.tx;
    },
    /** A notification of a transaction as WeChat sends it: encrypted with the APIv3 key, signed with the V1 key. */
    notification(tx: Transaction, now = new Date()): SignedNotification {
      return sealNotification({
        id: `fake-${Date.now()}`,
        eventType: 'TRANSACTION.SUCCESS',
        summary: '支付成功',
        resource: tx,
        originalType: 'transaction',
        apiV3Key: o.apiV3Key,
        platformKey: TEST_KEY_PEM,
        platformSerial: V4_SERIAL,
        now,
      });
    },
    refunds,
    /** WeChat finishes a refund: SUCCESS, and the REFUND.SUCCESS notification it sends (refund_status, mchid). */
    refundNotification(outRefundNo: string, now = new Date()): SignedNotification {
      const known = refunds.get(outRefundNo)!;
      known.status = 'SUCCESS';
      known.success_time = now.toISOString();
      const { status, ...rest } = known;
      return sealNotification({
        id: `fake-r-${Date.now()}`,
        eventType: 'REFUND.SUCCESS',
        summary: '退款成功',
        resource: { ...rest, mchid: o.mchId, refund_status: status, success_time: now.toISOString() },
        originalType: 'refund',
        apiV3Key: o.apiV3Key,
        platformKey: TEST_KEY_PEM,
        platformSerial: V4_SERIAL,
        now,
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeWechatPay = Awaited<ReturnType<typeof startFakeWechatPay>>;
