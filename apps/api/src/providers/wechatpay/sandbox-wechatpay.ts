import { generateKeyPairSync, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import { newNonce, openNotification, paySignMessage, rsaSign, sealNotification, type SignedNotification } from './wechatpay-crypto.js';
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
import { chinaTimeText } from '@shop/contract/china-time';
import { parseBill, writeBill, type Bill, type BillLine } from './wechatpay-bill.js';

export type SimulatedOutcome = 'pay' | 'cancel' | 'fail';
/** Hands a notification to our notify endpoint; answers the HTTP status it got. */
export type NotificationDelivery = (n: SignedNotification) => Promise<number>;

interface Prepaid {
  amountFen: number;
  openId: string;
  prepayId: string;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED';
  transactionId: string | null;
  /** When "WeChat" took the money (its bill's 交易时间). */
  paidAt: Date | null;
}

/** Sandbox prepay ids carry this prefix, so the web app knows to show the simulated pay sheet. */
export const SANDBOX_PREPAY_PREFIX = 'sandbox_';

/**
 * WeChat Pay on one machine: real signatures and encryption with keys made at start (RSA 2048 for the merchant and
 * for the "platform", a random 32-byte APIv3 key), and a memory of the prepays it answered. A simulated payment
 * sends a genuine signed, encrypted notification to our own notify endpoint, so the order is credited through the
 * same code as in production. It forgets everything on restart (an unknown order queries as NOTPAY).
 */
export class SandboxWechatPayProvider implements WechatPayProvider {
  readonly name = 'sandbox' as const;
  readonly mchId = 'sandbox-mch';
  readonly platformSerial = `SANDBOX${randomBytes(8).toString('hex').toUpperCase()}`;
  private readonly apiV3Key = randomBytes(16).toString('hex'); // 32 ASCII characters = 32 bytes
  private keys: { merchant: KeyObject; merchantPublic: KeyObject; platform: KeyObject; platformPublic: KeyObject } | null = null;
  private readonly prepaid = new Map<string, Prepaid>();
  private readonly refunds = new Map<string, Refund>();
  private deliver: NotificationDelivery | null = null;
  /** The app's clock once connected: refunds are timed by it, so its bills fall on the app's days. */
  private now: () => Date = () => new Date();

  constructor(readonly appId: string) {}

  /** Generated on first use: apps that never pay (most test files) do not pay for two RSA key generations. */
  private get k() {
    if (!this.keys) {
      const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
      this.keys = { merchant: merchant.privateKey, merchantPublic: merchant.publicKey, platform: platform.privateKey, platformPublic: platform.publicKey };
    }
    return this.keys;
  }

  /** The merchant public key, to check a paySign (tests). */
  get merchantPublicKey(): KeyObject {
    return this.k.merchantPublic;
  }

  /** Where simulated notifications go: the app wires its notify endpoint here when it starts. */
  connect(deliver: NotificationDelivery, now?: () => Date) {
    this.deliver = deliver;
    if (now) this.now = now;
  }

  async jsapiPrepay(p: { outTradeNo: string; amountFen: number; openId: string }): Promise<string> {
    const known = this.prepaid.get(p.outTradeNo);
    // reference §1.1: the same out_trade_no with the same parameters answers the same prepay_id.
    if (known) {
      if (known.amountFen !== p.amountFen || known.openId !== p.openId) throw new WechatPayApiError(400, 'INVALID_REQUEST', '订单号重复');
      return known.prepayId;
    }
    const prepayId = `${SANDBOX_PREPAY_PREFIX}${randomBytes(12).toString('hex')}`;
    this.prepaid.set(p.outTradeNo, { amountFen: p.amountFen, openId: p.openId, prepayId, state: 'NOTPAY', transactionId: null, paidAt: null });
    return prepayId;
  }

  jsapiParams(prepayId: string): JsapiParams {
    const timeStamp = String(Math.floor(Date.now() / 1000));
    const nonceStr = newNonce();
    const pkg = `prepay_id=${prepayId}`;
    return { appId: this.appId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign: rsaSign(paySignMessage(this.appId, timeStamp, nonceStr, pkg), this.k.merchant) };
  }

  async verifyNotification(headers: Record<string, string | string[] | undefined>, rawBody: string, now: Date) {
    const keys = new Map([[this.platformSerial, this.k.platformPublic]]);
    return toPaymentNotification(openNotification({ headers, rawBody, now, keys, apiV3Key: this.apiV3Key }));
  }

  async query(outTradeNo: string): Promise<PaidNotice> {
    return toPaidNotice(this.transaction(outTradeNo));
  }

  async close(outTradeNo: string): Promise<void> {
    const p = this.prepaid.get(outTradeNo);
    if (p?.state === 'SUCCESS') throw new WechatPayApiError(400, 'ORDERPAID', '订单已支付');
    if (p) p.state = 'CLOSED';
  }

  /**
   * A refund of a paid order: remembered by out_refund_no (asked again, it answers the same refund), and settled at
   * once: the signed, encrypted REFUND.SUCCESS notification goes to our endpoint before the call answers.
   */
  async refund(r: RefundRequest): Promise<RefundNotice> {
    const known = this.refunds.get(r.outRefundNo);
    if (known) return toRefundNotice(known);
    const p = this.prepaid.get(r.outTradeNo);
    if (p?.state !== 'SUCCESS') throw new WechatPayApiError(400, 'INVALID_REQUEST', '订单未支付');
    if (r.totalFen !== p.amountFen || r.refundFen <= 0 || r.refundFen > p.amountFen) throw new WechatPayApiError(400, 'PARAM_ERROR', '退款金额有误');
    const now = this.now();
    const refund: Refund = {
      mchid: this.mchId,
      refund_id: `5030${now.getTime()}${randomBytes(4).toString('hex')}`,
      out_refund_no: r.outRefundNo,
      transaction_id: p.transactionId ?? '',
      out_trade_no: r.outTradeNo,
      status: 'SUCCESS',
      success_time: now.toISOString(),
      amount: { total: r.totalFen, refund: r.refundFen, currency: 'CNY', payer_total: r.totalFen, payer_refund: r.refundFen },
    };
    this.refunds.set(r.outRefundNo, refund);
    if (this.deliver) await this.deliver(this.refundNotification(refund, now));
    return toRefundNotice(refund);
  }

  async queryRefund(outRefundNo: string): Promise<RefundNotice> {
    const known = this.refunds.get(outRefundNo);
    if (!known) throw new WechatPayApiError(404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
    return toRefundNotice(known);
  }

  /**
   * The day's bill made from the sandbox's own payments and refunds, written in WeChat's layout and read back through
   * the same hash check and parser as the official adapter's download (reference §8.1), so the whole path runs locally.
   */
  async downloadTradeBill(date: string): Promise<Bill> {
    return this.readBack(this.billText(date, 'ALL'));
  }

  async downloadRefundBill(date: string): Promise<Bill> {
    return this.readBack(this.billText(date, 'REFUND'));
  }

  /** The bill file of a China date as "WeChat" would let us download it. */
  billText(date: string, type: 'ALL' | 'REFUND'): string {
    const lines: BillLine[] = [];
    const base = { appId: this.appId, mchId: this.mchId, description: '商品', refundId: '', outRefundNo: '', refundFen: 0, refundState: '' };
    if (type === 'ALL') {
      for (const [no, p] of this.prepaid) {
        if (p.state !== 'SUCCESS' || !p.paidAt || chinaTimeText(p.paidAt).slice(0, 10) !== date) continue;
        lines.push({ ...base, tradeTime: chinaTimeText(p.paidAt), transactionId: p.transactionId ?? '', outTradeNo: no, openId: p.openId, tradeState: 'SUCCESS', totalFen: p.amountFen });
      }
    }
    for (const r of this.refunds.values()) {
      if (r.status !== 'SUCCESS' || !r.success_time || chinaTimeText(r.success_time).slice(0, 10) !== date) continue;
      const at = chinaTimeText(r.success_time);
      lines.push({
        ...base,
        tradeTime: at,
        transactionId: r.transaction_id ?? '',
        outTradeNo: r.out_trade_no ?? '',
        openId: this.prepaid.get(r.out_trade_no ?? '')?.openId ?? '',
        tradeState: 'REFUND',
        totalFen: r.amount?.total ?? 0,
        refundId: r.refund_id ?? '',
        outRefundNo: r.out_refund_no ?? '',
        refundFen: r.amount?.refund ?? 0,
        refundState: 'SUCCESS',
        refundAppliedAt: at,
        refundSucceededAt: at,
      });
    }
    lines.sort((a, b) => a.tradeTime.localeCompare(b.tradeTime));
    return writeBill(type, lines);
  }

  /** Nothing travels here, so there is no hash to check: the text is read by the official adapter's parser. */
  private readBack(text: string): Bill {
    return parseBill(text);
  }

  /** A genuine REFUND.* notification of a refund (its resource carries refund_status, as WeChat's does). */
  refundNotification(r: Refund, now: Date, eventType = 'REFUND.SUCCESS'): SignedNotification {
    const { status, ...rest } = r;
    return sealNotification({
      id: randomUUID(),
      eventType,
      summary: '退款成功',
      resource: { ...rest, refund_status: status },
      originalType: 'refund',
      apiV3Key: this.apiV3Key,
      platformKey: this.k.platform,
      platformSerial: this.platformSerial,
      now,
    });
  }

  /**
   * The payer's choice on the simulated pay sheet. 'pay' marks the order paid and delivers the notification (answers
   * the notify endpoint's HTTP status); 'cancel' and 'fail' change nothing, as in WeChat the order stays NOTPAY.
   */
  async simulate(outTradeNo: string, outcome: SimulatedOutcome, now: Date, amountFen?: number): Promise<number | null> {
    if (outcome !== 'pay') return null;
    if (!this.deliver) throw new Error('the sandbox is not connected to a notify endpoint');
    return this.deliver(this.markPaid(outTradeNo, now, amountFen));
  }

  /**
   * Marks the order paid at "WeChat" and answers the notification it would send, without sending it. A prepay made
   * before a restart is unknown here: `amountFen` (our record of it) stands in for it then.
   */
  markPaid(outTradeNo: string, now: Date, amountFen?: number): SignedNotification {
    if (!this.prepaid.has(outTradeNo) && amountFen !== undefined) {
      this.prepaid.set(outTradeNo, { amountFen, openId: '', prepayId: '', state: 'NOTPAY', transactionId: null, paidAt: null });
    }
    const p = this.prepaid.get(outTradeNo);
    if (!p) throw new WechatPayApiError(404, 'ORDER_NOT_EXIST', '订单不存在');
    if (p.state === 'CLOSED') throw new WechatPayApiError(400, 'ORDER_CLOSED', '订单已关闭');
    if (p.state === 'NOTPAY') {
      p.state = 'SUCCESS';
      p.transactionId = `4200${now.getTime()}${randomBytes(4).toString('hex')}`;
      p.paidAt = now;
    }
    return this.notification(this.transaction(outTradeNo, now), now);
  }

  /** A genuine TRANSACTION.SUCCESS notification of any transaction (tests use it to send tampered amounts). */
  notification(tx: Transaction, now: Date): SignedNotification {
    return sealNotification({
      id: randomUUID(),
      eventType: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: tx,
      originalType: 'transaction',
      apiV3Key: this.apiV3Key,
      platformKey: this.k.platform,
      platformSerial: this.platformSerial,
      now,
    });
  }

  private transaction(outTradeNo: string, now = new Date()): Transaction {
    const p = this.prepaid.get(outTradeNo);
    const paid = p?.state === 'SUCCESS';
    return {
      appid: this.appId,
      mchid: this.mchId,
      out_trade_no: outTradeNo,
      ...(paid ? { transaction_id: p.transactionId!, success_time: now.toISOString() } : {}),
      trade_type: 'JSAPI',
      trade_state: p?.state ?? 'NOTPAY',
      trade_state_desc: paid ? '支付成功' : p?.state === 'CLOSED' ? '订单已关闭' : '订单未支付',
      payer: { openid: p?.openId ?? '' },
      amount: { total: p?.amountFen ?? 0, payer_total: p?.amountFen ?? 0, currency: 'CNY', payer_currency: 'CNY' },
    };
  }
}
