import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OfficialWechatPayProvider } from '../src/providers/wechatpay/official-wechatpay.js';
import { parseBill, sha1Hex, writeBill, BillFormatError } from '../src/providers/wechatpay/wechatpay-bill.js';
import { platformKeyFromPem } from '../src/providers/wechatpay/wechatpay-crypto.js';
import { startFakeWechatPay, V4_CERT_PEM, V4_SERIAL, type FakeWechatPay } from './helpers/fake-wechatpay.js';

// reference §8.1: trade and refund bills, applied for, downloaded with a signed GET, SHA-1 checked, parsed.
const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const SETTINGS = { mchId: '1900000109', appId: 'wx0123456789abcdef', merchantSerial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1', apiV3Key: 'b'.repeat(32) };

let fake: FakeWechatPay;
let pay: OfficialWechatPayProvider;

beforeAll(async () => {
  fake = await startFakeWechatPay({ ...SETTINGS, merchantPublicKey: merchant.publicKey });
  pay = new OfficialWechatPayProvider({
    ...SETTINGS,
    merchantPrivateKey: merchant.privateKey,
    platformKeys: new Map([[V4_SERIAL, platformKeyFromPem(V4_CERT_PEM).key]]),
    notifyUrl: 'https://shop.example.com/api/v3/wechatpay/notify.do',
    baseUrl: fake.baseUrl,
  });
});
afterAll(() => fake.close());
beforeEach(() => fake.billState({}));

let n = 0;
const no = () => `BL2026112010000000${String((n += 1)).padStart(5, '0')}`;
async function paidAt(at: string, amountFen: number) {
  const outTradeNo = no();
  await pay.jsapiPrepay({ outTradeNo, description: '订单', amountFen, openId: 'o_payer', expiresAt: new Date('2026-11-21T02:15:00Z') });
  fake.pay(outTradeNo, new Date(at));
  return outTradeNo;
}

describe('bills of the official adapter against a local WeChat Pay', () => {
  it('downloads the trade bill of a China day: signed application and download, every payment of that day and none of the next', async () => {
    // 2026-11-20 in China runs from 2026-11-19T16:00Z to 2026-11-20T16:00Z.
    const early = await paidAt('2026-11-19T16:00:01Z', 15_501);
    const late = await paidAt('2026-11-20T15:59:59Z', 9);
    await paidAt('2026-11-20T16:00:00Z', 100); // the 21st in China
    const bill = await pay.downloadTradeBill('2026-11-20');
    expect(bill.rows.map((r) => [r.outTradeNo, r.tradeState, r.totalFen]).sort()).toEqual([[early, 'SUCCESS', 15_501], [late, 'SUCCESS', 9]].sort());
    expect(bill.rows.find((r) => r.outTradeNo === early)).toMatchObject({ tradeTime: '2026-11-20 00:00:01', transactionId: expect.stringMatching(/^4200/) });
    const apply = fake.seen.find((s) => s.url === '/v3/bill/tradebill?bill_date=2026-11-20&bill_type=ALL')!;
    expect(apply).toMatchObject({ method: 'GET', signatureOk: true });
    const download = fake.seen.at(-1)!;
    expect(download).toMatchObject({ method: 'GET', url: expect.stringMatching(/^\/v3\/billdownload\/file\?token=/), signatureOk: true });
  });

  it('downloads the refund bill (bill_type=REFUND) with the refund numbers and amounts', async () => {
    const outTradeNo = await paidAt('2026-11-22T02:00:00Z', 20_000);
    await pay.refund({ outTradeNo, outRefundNo: `R${outTradeNo}`, reason: '退款', refundFen: 5_000, totalFen: 20_000 });
    fake.refundNotification(`R${outTradeNo}`, new Date('2026-11-22T03:00:00Z'));
    const bill = await pay.downloadRefundBill('2026-11-22');
    expect(bill.rows).toEqual([expect.objectContaining({ outTradeNo, outRefundNo: `R${outTradeNo}`, refundFen: 5_000, totalFen: 20_000, tradeState: 'REFUND', refundState: 'SUCCESS' })]);
    expect(fake.seen.some((s) => s.url === '/v3/bill/tradebill?bill_date=2026-11-22&bill_type=REFUND')).toBe(true);
  });

  it('answers an empty bill for a day without trades (NO_STATEMENT_EXIST) and throws while the bill is being made', async () => {
    expect(await pay.downloadTradeBill('2020-01-01')).toEqual({ rows: [], count: 0 });
    fake.billState({ creating: true });
    await expect(pay.downloadTradeBill('2026-11-20')).rejects.toMatchObject({ code: 'STATEMENT_CREATING' });
  });

  it('believes no bill whose SHA-1 differs from the one WeChat answered', async () => {
    await paidAt('2026-11-23T02:00:00Z', 300);
    fake.billState({ tamper: true });
    await expect(pay.downloadTradeBill('2026-11-23')).rejects.toMatchObject({ code: 'BILL_HASH_MISMATCH' });
  });
});

describe('the bill file', () => {
  const line = { appId: 'wx1', mchId: '1900000109', description: '商品', openId: 'o1', refundId: '', outRefundNo: '', refundFen: 0, refundState: '' };

  it('writes every field behind a backtick, ends with the summary, and reads back the same rows in fen', () => {
    const text = writeBill('ALL', [
      { ...line, tradeTime: '2026-11-20 10:00:00', transactionId: '4200001', outTradeNo: 'DD1', tradeState: 'SUCCESS', totalFen: 12_345 },
      { ...line, tradeTime: '2026-11-20 11:00:00', transactionId: '4200001', outTradeNo: 'DD1', tradeState: 'REFUND', totalFen: 12_345, refundId: '5030', outRefundNo: 'RDD1', refundFen: 45, refundState: 'SUCCESS' },
    ]);
    const [header, first] = text.split('\r\n');
    expect(header!.startsWith('交易时间,公众账号ID,商户号')).toBe(true);
    expect(first!.split(',').every((f) => f.startsWith('`'))).toBe(true);
    expect(text).toContain('总交易单数,应结订单总金额');
    expect(text).toContain('`123.45');
    const bill = parseBill(text);
    expect(bill.count).toBe(2);
    expect(bill.rows[0]).toMatchObject({ outTradeNo: 'DD1', totalFen: 12_345, refundFen: 0, tradeState: 'SUCCESS' });
    expect(bill.rows[1]).toMatchObject({ outRefundNo: 'RDD1', refundFen: 45, refundState: 'SUCCESS' });
    expect(sha1Hex(text)).toMatch(/^[0-9a-f]{40}$/);
  });

  it('refuses a file that is not a whole bill (no header, rows cut off, an amount that is no amount)', () => {
    const text = writeBill('ALL', [{ ...line, tradeTime: '2026-11-20 10:00:00', transactionId: '4', outTradeNo: 'DD1', tradeState: 'SUCCESS', totalFen: 100 }]);
    expect(() => parseBill('hello')).toThrow(BillFormatError);
    expect(() => parseBill(text.split('\r\n').slice(0, 2).join('\r\n'))).toThrow(BillFormatError);
    expect(() => parseBill(text.replaceAll('`1.00', '`1.005'))).toThrow(BillFormatError);
    const twoRowsClaimed = text.replace(/\r\n`1,/, '\r\n`2,');
    expect(() => parseBill(twoRowsClaimed)).toThrow(BillFormatError);
  });
});
