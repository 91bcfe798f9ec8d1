import { afterEach, describe, expect, it } from 'vitest';
import { payResultUrl, readPayResultQuery } from './pay-result.js';
import { wechatBridge, type WechatPayParams } from './wechat-bridge.js';

describe('/orderPayResult query', () => {
  it('round-trips what the payment screens pass', () => {
    const url = payResultUrl({ payResult: 1, orderId: 12, actualMoney: '255.00', outTradeNo: 'DD202611211000000000010042', prePath: '/settlement' });
    expect(url).toBe('/orderPayResult?payResult=1&orderId=12&actualMoney=255.00&out_trade_no=DD202611211000000000010042&prePath=%2Fsettlement');
    expect(readPayResultQuery(new URL(url, 'http://x').searchParams)).toEqual({
      payResult: 1,
      orderId: 12,
      actualMoney: '255.00',
      outTradeNo: 'DD202611211000000000010042',
      prePath: '/settlement',
      state: undefined,
    });
  });

  it('reads anything else as a failure without figures', () => {
    expect(readPayResultQuery(new URLSearchParams('payResult=yes&orderId=-1&actualMoney=abc&state=7'))).toEqual({
      payResult: 0,
      orderId: undefined,
      actualMoney: undefined,
      outTradeNo: undefined,
      prePath: undefined,
      state: undefined,
    });
    expect(readPayResultQuery(new URLSearchParams('state=5')).state).toBe(5);
  });
});

describe('wechatBridge.pay inside WeChat (getBrandWCPayRequest)', () => {
  const params: WechatPayParams = {
    appId: 'wx0123456789abcdef',
    timeStamp: '1414561699',
    nonceStr: '5K8264ILTKCH16CQ2502SI8ZNMTM67VS',
    packageValue: 'prepay_id=wx201410272009395522657a690389285100',
    signType: 'RSA',
    paySign: 'c2lnbg==',
    outTradeNo: 'DD202611211000000000010042',
  };
  afterEach(() => {
    delete window.WeixinJSBridge;
  });

  it.each([
    ['get_brand_wcpay_request:ok', 'ok'],
    ['get_brand_wcpay_request:cancel', 'cancel'],
    ['get_brand_wcpay_request:fail', 'fail'],
    ['system:access_denied', 'fail'],
  ])('answers %s as %s, passing package and the signed values through', async (errMsg, outcome) => {
    const seen: unknown[] = [];
    window.WeixinJSBridge = {
      invoke: (name, args, callback) => {
        seen.push([name, args]);
        callback({ err_msg: errMsg });
      },
    };
    expect(await wechatBridge.pay(params)).toBe(outcome);
    expect(seen).toEqual([
      ['getBrandWCPayRequest', { appId: params.appId, timeStamp: params.timeStamp, nonceStr: params.nonceStr, package: params.packageValue, signType: 'RSA', paySign: params.paySign }],
    ]);
  });
});
