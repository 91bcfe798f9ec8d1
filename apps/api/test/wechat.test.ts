import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSignature, wxGetOpenId } from '@shop/contract';
import { makeApp, useTestApp, type TestApp } from './helpers/app.js';

const t = useTestApp();
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

describe('wxGetOpenId', () => {
  it('answers a stable sandbox openId for a code', async () => {
    const first = await t.call(wxGetOpenId, { code: 'auth-code-1', appId: 'wx-sandbox-app' });
    const again = await t.call(wxGetOpenId, { code: 'auth-code-1' });
    const other = await t.call(wxGetOpenId, { code: 'auth-code-2' });
    expect(first.body.errorType).toBe('SUCCESS');
    expect(first.body.obj.openId).toMatch(/^sandbox_[0-9a-f]{24}$/);
    expect(again.body.obj.openId).toBe(first.body.obj.openId);
    expect(other.body.obj.openId).not.toBe(first.body.obj.openId);
  });

  it.each([[{ code: '' }], [{ code: '   ' }], [{}]])('refuses %j with "授权码不能为空"', async (payload) => {
    const reply = await t.call(wxGetOpenId, payload);
    expect(reply.body).toMatchObject({ errorType: 'VALIDATION', msg: '授权码不能为空', obj: null });
  });
});

describe('getSignature', () => {
  // inject() sends "Host: localhost:80" over http, so the request's own origin is http://localhost(:80).
  it.each(['http://localhost:80/share', 'http://localhost/register?inviterAgentPhone=13800000001&v=2#top'])(
    'signs %s, a page of the request origin, with sha1 of the JS-SDK reference string',
    async (reqUrl) => {
      const reply = await t.call(getSignature, { reqUrl, appId: 'ignored', appSecret: 'ignored' });
      expect(reply.body.errorType).toBe('SUCCESS');
      const { appid, timestamp, noncestr, signature } = reply.body.obj;
      expect(appid).toBe(t.config.wechatAppId);
      expect(timestamp).toBe(String(Math.floor(t.clock.now().getTime() / 1000)));
      expect(noncestr).toMatch(/^[0-9a-f]{16}$/);
      const ticket = await t.providers.wechat.jsapiTicket();
      const page = reqUrl.split('#')[0];
      expect(signature).toBe(sha1(`jsapi_ticket=${ticket}&noncestr=${noncestr}&timestamp=${timestamp}&url=${page}`));
      expect(reply.text).not.toContain(ticket);
      expect(reply.text).not.toContain(t.config.wechatAppSecret);
    },
  );

  it('answers a new noncestr each time', async () => {
    const a = await t.call(getSignature, { reqUrl: 'http://localhost/share' });
    const b = await t.call(getSignature, { reqUrl: 'http://localhost/share' });
    expect(a.body.obj.noncestr).not.toBe(b.body.obj.noncestr);
  });

  it.each([
    'https://evil.example.com/share',
    'https://localhost/share',
    'http://localhost:8080/share',
    'http://localhost.evil.example.com/share',
    'javascript:alert(1)',
  ])('refuses %s, not of our origin, with "签名地址不合法"', async (reqUrl) => {
    const reply = await t.call(getSignature, { reqUrl });
    expect(reply.body).toMatchObject({ errorTypeBoolean: false, msg: '签名地址不合法', obj: null });
  });

  it('refuses a text that is not a URL, and an empty one', async () => {
    expect((await t.call(getSignature, { reqUrl: 'not a url' })).body.msg).toBe('签名地址不合法');
    expect((await t.call(getSignature, { reqUrl: '' })).body.msg).toBe('签名地址不能为空');
  });
});

describe('getSignature with PUBLIC_ORIGINS', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await makeApp({ env: { PUBLIC_ORIGINS: 'https://shop.example.com/, https://m.example.com:443' } });
  });
  afterAll(() => app.close());

  it('signs pages of the configured origins only', async () => {
    for (const reqUrl of ['https://shop.example.com/share', 'https://m.example.com/register']) {
      const reply = await app.call(getSignature, { reqUrl });
      expect(reply.body.errorType, reqUrl).toBe('SUCCESS');
    }
    const own = await app.call(getSignature, { reqUrl: 'http://localhost/share' });
    expect(own.body.msg).toBe('签名地址不合法');
    const other = await app.call(getSignature, { reqUrl: 'https://example.com/share' });
    expect(other.body.msg).toBe('签名地址不合法');
  });
});
