import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assertProductionReady, loadConfig } from '../src/config.js';
import { createWechatPay } from '../src/providers/wechatpay/create-wechatpay.js';
import { OfficialWechatPayProvider } from '../src/providers/wechatpay/official-wechatpay.js';
import { SandboxWechatPayProvider } from '../src/providers/wechatpay/sandbox-wechatpay.js';
import { paySignMessage, platformKeyFromPem, rsaVerify, WechatPaySignatureError } from '../src/providers/wechatpay/wechatpay-crypto.js';
import { WechatPayApiError } from '../src/providers/wechatpay/wechatpay-provider.js';
import { startFakeWechatPay, TEST_KEY_PEM, V4_CERT_PEM, V4_SERIAL, type FakeWechatPay } from './helpers/fake-wechatpay.js';

const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const SETTINGS = { mchId: '1900000109', appId: 'wx0123456789abcdef', merchantSerial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1', apiV3Key: 'a'.repeat(32) };
const NOTIFY_URL = 'https://shop.example.com/api/v3/wechatpay/notify.do';

let fake: FakeWechatPay;
let pay: OfficialWechatPayProvider;

beforeAll(async () => {
  fake = await startFakeWechatPay({ ...SETTINGS, merchantPublicKey: merchant.publicKey });
  pay = new OfficialWechatPayProvider({
    ...SETTINGS,
    merchantPrivateKey: merchant.privateKey,
    platformKeys: new Map([[V4_SERIAL, platformKeyFromPem(V4_CERT_PEM).key]]),
    notifyUrl: NOTIFY_URL,
    baseUrl: fake.baseUrl,
  });
});
afterAll(() => fake.close());
beforeEach(() => fake.tamper(null));

let n = 0;
const outTradeNo = () => `DD2026112110000000000${String((n += 1)).padStart(5, '0')}`;
const prepay = (no: string, amountFen = 15_500) =>
  pay.jsapiPrepay({ outTradeNo: no, description: '订单DD20261121', amountFen, openId: 'o_payer_1', expiresAt: new Date('2026-11-21T02:15:00Z') });

describe('official adapter against a local WeChat Pay', () => {
  it('prepays with a signed request the fake accepts, as reference §1.1 asks', async () => {
    const no = outTradeNo();
    const prepayId = await prepay(no);
    expect(prepayId).toMatch(/^wx\d+/);
    const req = fake.seen.at(-1)!;
    expect(req).toMatchObject({ method: 'POST', url: '/v3/pay/transactions/jsapi', signatureOk: true });
    expect(req.headers.authorization).toMatch(/^WECHATPAY2-SHA256-RSA2048 mchid="1900000109",serial_no="5157F09EFDC096DE15EBE81A47057A7232F1B8E1",timestamp="\d+",nonce_str="[0-9A-Z]{32}",signature="/);
    expect(JSON.parse(req.body)).toEqual({
      appid: SETTINGS.appId,
      mchid: SETTINGS.mchId,
      description: '订单DD20261121',
      out_trade_no: no,
      time_expire: '2026-11-21T10:15:00+08:00',
      notify_url: NOTIFY_URL,
      amount: { total: 15_500, currency: 'CNY' },
      payer: { openid: 'o_payer_1' },
    });
    // The same out_trade_no with the same parameters answers the same prepay_id.
    expect(await prepay(no)).toBe(prepayId);
  });

  it('signs the page parameters with the merchant key (paySign, reference §1.3)', async () => {
    const p = pay.jsapiParams('wx201410272009395522657a690389285100');
    expect(p).toMatchObject({ appId: SETTINGS.appId, package: 'prepay_id=wx201410272009395522657a690389285100', signType: 'RSA' });
    expect(p.timeStamp).toMatch(/^\d{10}$/);
    expect(rsaVerify(paySignMessage(p.appId, p.timeStamp, p.nonceStr, p.package), p.paySign, merchant.publicKey)).toBe(true);
  });

  it('queries NOTPAY, then SUCCESS once the payer paid; an order WeChat never saw queries as NOTPAY', async () => {
    const no = outTradeNo();
    await prepay(no);
    expect(await pay.query(no)).toMatchObject({ outTradeNo: no, tradeState: 'NOTPAY', amountFen: 15_500, mchid: SETTINGS.mchId, appid: SETTINGS.appId, currency: 'CNY' });
    const tx = fake.pay(no);
    expect(await pay.query(no)).toMatchObject({ tradeState: 'SUCCESS', transactionId: tx.transaction_id, amountFen: 15_500 });
    expect(fake.seen.at(-1)).toMatchObject({ method: 'GET', url: `/v3/pay/transactions/out-trade-no/${no}?mchid=1900000109`, body: '', signatureOk: true });
    expect(await pay.query(outTradeNo())).toMatchObject({ tradeState: 'NOTPAY' });
  });

  it('closes an unpaid order (204) and answers ORDERPAID for a paid one', async () => {
    const open = outTradeNo();
    await prepay(open);
    await expect(pay.close(open)).resolves.toBeUndefined();
    expect(await pay.query(open)).toMatchObject({ tradeState: 'CLOSED' });
    expect(JSON.parse(fake.seen.at(-2)!.body)).toEqual({ mchid: SETTINGS.mchId });

    const paid = outTradeNo();
    await prepay(paid);
    fake.pay(paid);
    await expect(pay.close(paid)).rejects.toMatchObject({ code: 'ORDERPAID', status: 400 });
  });

  it('refunds a paid order with a signed request (API v3 domestic refunds), idempotent by out_refund_no, and queries it', async () => {
    const no = outTradeNo();
    await prepay(no);
    fake.pay(no);
    const request = { outTradeNo: no, outRefundNo: `R${no}`, reason: '订单已关闭，微信支付自动退款', refundFen: 15_500, totalFen: 15_500 };
    const first = await pay.refund(request);
    expect(first).toMatchObject({ outRefundNo: `R${no}`, outTradeNo: no, status: 'PROCESSING', refundFen: 15_500, totalFen: 15_500, refundId: expect.stringMatching(/^5030/) });
    const sent = fake.seen.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', url: '/v3/refund/domestic/refunds', signatureOk: true });
    expect(JSON.parse(sent.body)).toEqual({
      out_trade_no: no,
      out_refund_no: `R${no}`,
      reason: request.reason,
      notify_url: NOTIFY_URL,
      amount: { refund: 15_500, total: 15_500, currency: 'CNY' },
    });
    expect(await pay.refund(request)).toMatchObject({ refundId: first.refundId }); // asked again: the same refund
    expect(fake.refunds.size).toBe(1);
    expect(await pay.queryRefund(`R${no}`)).toMatchObject({ status: 'PROCESSING', refundId: first.refundId });
    await expect(pay.refund({ ...request, outRefundNo: `R${no}x`, totalFen: 1 })).rejects.toMatchObject({ code: 'PARAM_ERROR' });
  });

  it('verifies and decrypts a refund notification (REFUND.SUCCESS, AES-256-GCM like the payment one)', async () => {
    const no = outTradeNo();
    await prepay(no);
    fake.pay(no);
    await pay.refund({ outTradeNo: no, outRefundNo: `R${no}`, reason: '退款', refundFen: 15_500, totalFen: 15_500 });
    const note = fake.refundNotification(`R${no}`);
    expect(await pay.verifyNotification(note.headers, note.body, new Date())).toMatchObject({
      eventType: 'REFUND.SUCCESS',
      transaction: null,
      refund: { outRefundNo: `R${no}`, outTradeNo: no, status: 'SUCCESS', refundFen: 15_500, totalFen: 15_500, mchid: SETTINGS.mchId },
    });
    await expect(pay.verifyNotification(note.headers, note.body.replace('"AEAD', ' "AEAD'), new Date())).rejects.toBeInstanceOf(WechatPaySignatureError);
  });

  it('believes no answer whose signature does not verify', async () => {
    const no = outTradeNo();
    await prepay(no);
    for (const kind of ['body', 'signature', 'serial'] as const) {
      fake.tamper(kind);
      await expect(pay.query(no)).rejects.toBeInstanceOf(WechatPaySignatureError);
    }
    fake.tamper('body');
    await expect(prepay(outTradeNo())).rejects.toBeInstanceOf(WechatPaySignatureError);
  });

  it('is refused by WeChat when signed with another key', async () => {
    const impostor = new OfficialWechatPayProvider({
      ...SETTINGS,
      merchantPrivateKey: TEST_KEY_PEM,
      platformKeys: new Map([[V4_SERIAL, platformKeyFromPem(V4_CERT_PEM).key]]),
      notifyUrl: NOTIFY_URL,
      baseUrl: fake.baseUrl,
    });
    const err = await impostor.query(outTradeNo()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WechatPayApiError);
    expect(err).toMatchObject({ status: 401, code: 'SIGN_ERROR' });
  });

  it('verifies and decrypts a notification signed by the platform key', async () => {
    const no = outTradeNo();
    await prepay(no);
    const tx = fake.pay(no);
    const note = fake.notification(tx);
    const now = new Date();
    expect(await pay.verifyNotification(note.headers, note.body, now)).toMatchObject({
      eventType: 'TRANSACTION.SUCCESS',
      transaction: { outTradeNo: no, transactionId: tx.transaction_id, tradeState: 'SUCCESS', amountFen: 15_500, mchid: SETTINGS.mchId, appid: SETTINGS.appId, currency: 'CNY' },
    });
    await expect(pay.verifyNotification(note.headers, note.body.replace('"AEAD', ' "AEAD'), now)).rejects.toBeInstanceOf(WechatPaySignatureError);
    await expect(pay.verifyNotification(note.headers, note.body, new Date(now.getTime() + 10 * 60_000))).rejects.toMatchObject({ reason: 'stale' });
  });

  it('refuses an APIv3 key that is not 32 bytes', () => {
    expect(
      () =>
        new OfficialWechatPayProvider({
          ...SETTINGS,
          apiV3Key: 'testMchAPIv3Key0',
          merchantPrivateKey: merchant.privateKey,
          platformKeys: new Map([[V4_SERIAL, platformKeyFromPem(V4_CERT_PEM).key]]),
          notifyUrl: NOTIFY_URL,
        }),
    ).toThrow(/32 bytes/);
  });
});

describe('configuration (WECHAT_PROVIDER, WECHATPAY_*)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wechatpay-'));
  writeFileSync(join(dir, 'apiclient_key.pem'), merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }));
  writeFileSync(join(dir, 'platform.pem'), V4_CERT_PEM);
  const READY = {
    NODE_ENV: 'production',
    SMS_PROVIDER: 'aliyun',
    WECHAT_PROVIDER: 'official',
    LOGISTICS_PROVIDER: 'kdniao',
    KDNIAO_EBUSINESS_ID: '1237100',
    KDNIAO_APP_KEY: 'a-real-kdniao-app-key',
    WECHAT_APP_ID: SETTINGS.appId,
    WECHAT_APP_SECRET: 'a-real-app-secret-from-the-wechat-console',
    HASH_SECRET: 'k'.repeat(48),
    PUBLIC_ORIGINS: 'https://shop.example.com',
    WECHATPAY_MCHID: SETTINGS.mchId,
    WECHATPAY_SERIAL: SETTINGS.merchantSerial,
    WECHATPAY_PRIVATE_KEY_PATH: join(dir, 'apiclient_key.pem'),
    WECHATPAY_PLATFORM_CERT_PATH: join(dir, 'platform.pem'),
    WECHATPAY_APIV3_KEY: SETTINGS.apiV3Key,
    WECHATPAY_NOTIFY_URL: NOTIFY_URL,
  };

  it('uses the sandbox by default and the official adapter with WECHAT_PROVIDER=official', () => {
    expect(createWechatPay(loadConfig({}))).toBeInstanceOf(SandboxWechatPayProvider);
    const official = createWechatPay(loadConfig(READY));
    expect(official).toBeInstanceOf(OfficialWechatPayProvider);
    expect(official).toMatchObject({ name: 'official', mchId: SETTINGS.mchId, appId: SETTINGS.appId });
    expect(() => assertProductionReady(loadConfig(READY))).not.toThrow();
  });

  it.each([
    ['WECHATPAY_APIV3_KEY is not 32 bytes', { WECHATPAY_APIV3_KEY: 'testMchAPIv3Key0' }],
    ['WECHATPAY_APIV3_KEY is not 32 bytes', { WECHATPAY_APIV3_KEY: undefined }],
    ['WECHATPAY_MCHID', { WECHATPAY_MCHID: undefined }],
    ['WECHATPAY_PLATFORM_CERT_PATH', { WECHATPAY_PLATFORM_CERT_PATH: undefined }],
    ['WECHATPAY_PLATFORM_SERIAL', { WECHATPAY_PLATFORM_PUBLIC_KEY_PATH: join(dir, 'platform.pem') }],
    ['WECHATPAY_NOTIFY_URL', { WECHATPAY_NOTIFY_URL: 'http://shop.example.com/notify' }],
    ['WECHATPAY_NOTIFY_URL', { WECHATPAY_NOTIFY_URL: 'https://shop.example.com/notify?x=1' }],
    ['WECHAT_PROVIDER is sandbox', { WECHAT_PROVIDER: 'sandbox' }],
  ])('production refuses to start: %s', (name, change) => {
    expect(() => assertProductionReady(loadConfig({ ...READY, ...change }))).toThrow(name);
  });
});
