import { describe, expect, it } from 'vitest';
import {
  aesGcmDecrypt,
  aesGcmEncrypt,
  authorization,
  openNotification,
  paySignMessage,
  platformKeyFromPem,
  requestMessage,
  responseMessage,
  rsaSign,
  rsaVerify,
  sealNotification,
  verifySigned,
  WechatPaySignatureError,
} from '../src/providers/wechatpay/wechatpay-crypto.js';
import { TEST_KEY_PEM, V4_CERT_PEM, V4_SERIAL } from './helpers/fake-wechatpay.js';

// reference/integrations-and-security.md §3. V6 (JS-SDK sha1) is in js-sdk-signature.test.ts.

const refused = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof WechatPaySignatureError) return err.reason;
    throw err;
  }
  return 'accepted';
};

describe('SHA256withRSA (V1, V2a, V2b)', () => {
  it('V1: signs "source" with the wechatpay-go test key', () => {
    expect(rsaSign('source', TEST_KEY_PEM)).toBe(
      'BKyAfU4iMCuvXMXS0Wzam3V/cnxZ+JaqigPM5OhljS2iOT95OO6Fsuml2JkFANJU9K6q9bLlDhPXuoVz+pp4hAm6pHU4ld815U4jsKu1RkyaII+1CYBUYC8TK0XtJ8FwUXXz8vZHh58rrAVN1XwNyvD1vfpxrMT4SL536GLwvpUHlCqIMzoZUguLli/K8V29QiOhuH6IEqLNJn8e9b3nwNcQ7be3CzYGpDAKBfDGPCqCv8Rw5zndhlffk2FEA70G4hvMwe51qMN/RAJbknXG23bSlObuTCN7Ndj1aJGH6/L+hdwfLpUtJm4QYVazzW7DFD27EpSQEqA8bX9+8m1rLg==',
    );
  });

  it('V2a: paySign of the official JSAPI example', () => {
    const message = paySignMessage('wx8888888888888888', '1414561699', '5K8264ILTKCH16CQ2502SI8ZNMTM67VS', 'prepay_id=wx201410272009395522657a690389285100');
    expect(message).toBe('wx8888888888888888\n1414561699\n5K8264ILTKCH16CQ2502SI8ZNMTM67VS\nprepay_id=wx201410272009395522657a690389285100\n');
    expect(rsaSign(message, TEST_KEY_PEM)).toBe(
      'UV+EKQ3OdnOkUbbKaVi53s/67T59JbHx9gc9MaWoQEOaiZH+uYMByfW2MWXTZW1gnOXl1CqwzHtx7QUxfatSdSxgBhbNhJx1QaxkP0zSXAgXIoWPAktOlj9n/phfOH95rNl8bHzRDUoNAMQmfQy8SHGooKtEU6/87nWXHhcYarv/nmtgAJcwsV+lGJQ4jLZhGl5BaAvpLW1Xg8yYg1DXNjik2SPK8d+4FRSkW671wIvxXQCYqG3mi3FvxP5XJ3OBVbPk4GRf/8wi2r2eiqXYd5e4mRMIAOGxqape9Cm46kxrjlHF0uM+wSir4Nychn2H5geUh2YvE8vJJMAqmkN2gg==',
    );
  });

  it('V2b: the Authorization signature of GET /v3/certificates', () => {
    const message = requestMessage('GET', '/v3/certificates', '1554208460', '593BEC0C930BF1AFEB40B4A08C8FB242');
    expect(message).toBe('GET\n/v3/certificates\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n\n');
    expect(rsaSign(message, TEST_KEY_PEM)).toBe(
      'RjVFHMcrr9NsM4SiNmpFx6QPR99WztxatBshmr/6f7pXnt2YSPAhmNrEEAjWgpOcf5Zxbwl2qdPACOsEOeGrnLD81nVK3ucJq50iD0FAyF11knd1C9ic7zV9Jg3zao0+Wx3yAI6jXx6NLBEfNNspCazrQ+IHsUi04tubSBsT+4LHT9j0rL9axFBl7jVYe7uZ1ZQzap8EokLHDQbYw6qPEOs85+a2rnudh3TCPe81oUfe0zPqwEE6sWxxeSCYx+1mbURsOAN4Z8/uKgOIZxbDAkqYWFb7VOaHFeejC1rsxUc7wkw0zQWxae1giswROXii1DorwdJ3CGlPchx0PyDjkQ==',
    );
  });

  it('verifies with the V4 certificate, whose key pairs with the V1 key, and refuses anything else', () => {
    const { key, serial } = platformKeyFromPem(V4_CERT_PEM);
    expect(serial).toBe(V4_SERIAL);
    const signature = rsaSign('source', TEST_KEY_PEM);
    expect(rsaVerify('source', signature, key)).toBe(true);
    expect(rsaVerify('sourcE', signature, key)).toBe(false);
    expect(rsaVerify('source', `WECHATPAY/SIGNTEST/${signature}`, key)).toBe(false);
    expect(rsaVerify('source', 'not base64 at all!', key)).toBe(false);
  });
});

describe('AES-GCM (V3, V5)', () => {
  it('V3: decrypts and encrypts the wechatpay-java vector with a 32-byte key', () => {
    const v3 = { key: 'a7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb', nonce: 'uluk4a9R25RW', aad: 'associatedData' };
    expect(aesGcmDecrypt('ulwSiIajGClcvcOYvOQ7+l+0PAbzzwI=', v3.key, v3.nonce, v3.aad)).toBe('message');
    expect(aesGcmEncrypt('message', v3.key, v3.nonce, v3.aad)).toBe('ulwSiIajGClcvcOYvOQ7+l+0PAbzzwI=');
    expect(() => aesGcmDecrypt('ulwSiIajGClcvcOYvOQ7+l+0PAbzzwI=', v3.key, v3.nonce, 'associatedDatA')).toThrow();
  });

  it('V5: decrypts with the 16-byte test key only when the test asks for 16 bytes', () => {
    const args = ['FsdXzxryWfKwvLJKf8LG/ToRPTRh8RN9wROC', 'testAPIv3Key0000', 'wCq51qZv4Yfg', 'Dl56FrqWQJF1t9LtC3vEUsniZKvbqdR8'] as const;
    expect(aesGcmDecrypt(...args, 16)).toBe('Hello World');
    // Production (the default) requires 32 bytes.
    expect(() => aesGcmDecrypt(...args)).toThrow(/32 bytes/);
  });
});

describe('string framing (V7)', () => {
  it('frames requests, responses and the Authorization header as wechatpay-axios-plugin does', () => {
    expect(requestMessage('6', '7', '8', '9')).toBe('6\n7\n8\n9\n\n');
    expect(responseMessage('9', '8')).toBe('9\n8\n\n');
    expect(authorization({ mchid: '1', nonce: '2', signature: '3', timestamp: '4', serial: '5' })).toBe(
      'WECHATPAY2-SHA256-RSA2048 mchid="1",serial_no="5",timestamp="4",nonce_str="2",signature="3"',
    );
  });
});

// V4: wechatpay-go core/notify/notify_test.go TestHandler_ParseNotifyRequest.
const V4 = {
  headers: {
    'content-type': 'application/json',
    'wechatpay-nonce': 'EcZ9Cmy4Xyx1i6RlJQzLcCyEqDa26NBz',
    'wechatpay-timestamp': '1624523846',
    'wechatpay-serial': 'D7CE59D1F522D701',
    'wechatpay-signature':
      'tJHIiIS9eB2hAYstmAmbbD3ZE5LiIm/Ug5tuL4fC0YOFRWIHV39UFIZXC0e9Wl6lBu6sKvkqDkzpqzBsVHyXFlbYZTOQrVdG4b6LfTnK4mikv9++ixJMd3vTf2yCqvBkh98zs3Ds5zsYQakzbcwhmw4fMJs4nPLws28H0UW9FjDR//rxELLwXvV1VEA1IBLX70xptjL8hrfUjEE8kkry6yNJTHZRU8CAc7qHli2Ng1V1qb9ARbK8A3ThmFmPQvRGrapI/jS2laKKgYUmfdEdkNO6B2Cke5e8VTxY406ArAmQ90GAihDwIcb16TQMnzCMBoutnwZKNiKRACrFmtxw2Q==',
  },
  body:
    '{"id":"3119dfba-e649-5eec-ab1e-3412bc4d2e17","create_time":"2021-06-24T16:37:26+08:00","resource_type":"encrypt-resource",' +
    '"event_type":"PAYSCORE.USER_OPEN_SERVICE","summary":"签约成功","resource":{"original_type":"payscore","algorithm":"AEAD_AES_256_GCM",' +
    '"ciphertext":"YDS3lKPaC4Y52Gf3uhft5qUBlIa8b428AWTtTauHQfQrRw+X1WpiuHIDy0vo1Vd6VEq67aVyqPdDYMkRVSDaZL3iZttevRMOoPKMifozg6XPWjIZumks/GpT48lI4NizyeaqLBokNebthah3o1H76qSlO9NkDjp9bzmKLEYYH9TEklFUpsvPqOTOcgSLgh21YJXYR7dEBXFgRLiNIKRgO5JdXh1hccRUAlyVWxE54PXpnQ==",' +
    '"associated_data":"payscore","nonce":"Kj7QIyUiYx1q"}}',
  apiV3Key: 'testMchAPIv3Key0',
  at: new Date(1624523846 * 1000),
};
const v4Keys = new Map([[V4_SERIAL, platformKeyFromPem(V4_CERT_PEM).key]]);
const openV4 = (over: { headers?: Record<string, string>; body?: string; now?: Date; keys?: typeof v4Keys } = {}) =>
  openNotification({
    headers: { ...V4.headers, ...over.headers },
    rawBody: over.body ?? V4.body,
    now: over.now ?? V4.at,
    keys: over.keys ?? v4Keys,
    apiV3Key: V4.apiV3Key,
    keyBytes: 16,
  });

describe('notification end to end (V4)', () => {
  it('verifies the signed headers with the certificate at the pinned clock and decrypts the resource', () => {
    expect(openV4()).toEqual({
      id: '3119dfba-e649-5eec-ab1e-3412bc4d2e17',
      eventType: 'PAYSCORE.USER_OPEN_SERVICE',
      plaintext: '{"mchid":"1234567890","appid":"054aa7d7a2a54ab5898df65bd96f001c","create_time":"2020-06-30T12:12:00+08:00","out_contract_code":"21640bdbd08e473e828f3206a2741c6e"}',
    });
  });

  it('accepts 299 s of clock difference and refuses 300 s either way', () => {
    const at = (s: number) => new Date(V4.at.getTime() + s * 1000);
    expect(refused(() => openV4({ now: at(299) }))).toBe('accepted');
    expect(refused(() => openV4({ now: at(-299) }))).toBe('accepted');
    expect(refused(() => openV4({ now: at(300) }))).toBe('stale');
    expect(refused(() => openV4({ now: at(-300) }))).toBe('stale');
  });

  it('refuses a tampered body, an unknown serial, a signing probe and missing headers', () => {
    expect(refused(() => openV4({ body: V4.body.replace('签约成功', '签约失败') }))).toBe('signature');
    expect(refused(() => openV4({ headers: { 'wechatpay-serial': '5157F09EFDC096DE' } }))).toBe('serial');
    expect(refused(() => openV4({ headers: { 'wechatpay-signature': `WECHATPAY/SIGNTEST/${V4.headers['wechatpay-signature']}` } }))).toBe('signature');
    expect(refused(() => openV4({ headers: { 'wechatpay-nonce': '' } }))).toBe('headers');
    expect(refused(() => openV4({ headers: { 'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA1024' } }))).toBe('headers');
  });

  it('refuses the 16-byte key on the production path (32 bytes required)', () => {
    expect(() =>
      openNotification({ headers: V4.headers, rawBody: V4.body, now: V4.at, keys: v4Keys, apiV3Key: V4.apiV3Key }),
    ).toThrow(WechatPaySignatureError);
  });
});

describe('notifications we build (sandbox and fakes) with the V1 key as platform key', () => {
  const apiV3Key = 'k'.repeat(32);
  const now = new Date('2026-11-21T02:00:00Z');
  const seal = (resource: unknown = { out_trade_no: 'DD1', amount: { total: 100 } }) =>
    sealNotification({ id: 'n1', eventType: 'TRANSACTION.SUCCESS', summary: '支付成功', resource, originalType: 'transaction', apiV3Key, platformKey: TEST_KEY_PEM, platformSerial: V4_SERIAL, now });
  const open = (n: { headers: Record<string, string>; body: string }, at = now) => openNotification({ headers: n.headers, rawBody: n.body, now: at, keys: v4Keys, apiV3Key });

  it('round-trips: signed headers verify and the resource decrypts', () => {
    const n = seal();
    expect(JSON.parse(open(n).plaintext)).toEqual({ out_trade_no: 'DD1', amount: { total: 100 } });
    expect(n.headers['wechatpay-timestamp']).toBe(String(now.getTime() / 1000));
    expect(() => verifySigned(n.headers, n.body, v4Keys, now)).not.toThrow();
  });

  it('refuses a tampered amount, a ciphertext re-signed with another key, a stale one and a wrong serial', () => {
    const n = seal();
    expect(refused(() => open({ ...n, body: n.body.replace('"summary":"支付成功"', '"summary":"支付成功 "') }))).toBe('signature');
    expect(refused(() => open({ headers: { ...n.headers, 'wechatpay-serial': 'D7CE59D1F522D702' }, body: n.body }))).toBe('serial');
    expect(refused(() => open(n, new Date(now.getTime() + 5 * 60_000)))).toBe('stale');
    // A body whose ciphertext was made with another APIv3 key, even if validly signed, does not decrypt.
    const other = sealNotification({ id: 'n2', eventType: 'TRANSACTION.SUCCESS', summary: '', resource: {}, originalType: 'transaction', apiV3Key: 'x'.repeat(32), platformKey: TEST_KEY_PEM, platformSerial: V4_SERIAL, now });
    expect(refused(() => open(other))).toBe('decrypt');
  });
});
