import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentInformationRefresh, newLogin, operations, sendSMSCode } from '@shop/contract';
import { makeApp, useTestApp, type TestApp } from './helpers/app.js';
import { testDbKind } from './helpers/postgres-availability.js';
import { mergeHandlers } from '../src/http/operation-routes.js';

const t = useTestApp();

describe('the legacy wire', () => {
  it('answers the form body platId=<id>&in=<JSON> on the path the spec names', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/home/newLogin.do',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      payload: `platId=plat-demo&in=${encodeURIComponent(JSON.stringify({ suAccount: '13800000001', suPassword: 'demo1234' }))}`,
      remoteAddress: t.ip,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    expect(Object.keys(body)).toEqual(expect.arrayContaining(['errorType', 'errorTypeBoolean', 'msg', 'subMsg', 'obj', 'objs']));
    expect(body).toMatchObject({ errorType: 'SUCCESS', errorTypeBoolean: true, subMsg: '', objs: [] });
  });

  it('accepts a JSON body too, as { platId, in } or as the bare payload', async () => {
    const wrapped = await t.callJson(newLogin, { platId: 'plat-demo', in: { suAccount: '13800000001', suPassword: 'demo1234' } });
    expect(wrapped.body.errorType).toBe('SUCCESS');
    const bare = await t.callJson(newLogin, { suAccount: '13800000001', suPassword: 'demo1234' });
    expect(bare.body.errorType).toBe('SUCCESS');
    const { token } = await t.login('13800000002', 'demo1234');
    const refresh = await t.callJson(agentInformationRefresh, {}, { token });
    expect(refresh.body.obj.suPhone).toBe('13800000002');
    const invalid = await t.callJson(newLogin, { in: { suAccount: '' } });
    expect(invalid.body.msg).toBe('请输入账号');
  });

  async function multipart(url: string, form: FormData) {
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
      remoteAddress: t.ip,
    });
    return { status: res.statusCode, body: res.json() };
  }

  it('accepts a multipart body with the same platId and in fields', async () => {
    const form = new FormData();
    form.set('platId', 'plat-demo');
    form.set('in', JSON.stringify({ suAccount: '13800000001', suPassword: 'demo1234' }));
    form.set('0', new Blob([Buffer.alloc(3 * 1024 * 1024)]), 'a.jpg'); // larger than the 1 MB form-body limit
    const reply = await multipart('/api/home/newLogin.do', form);
    expect(reply.body).toMatchObject({ errorType: 'SUCCESS', msg: '登录成功' });
  });

  it('refuses more than 6 files, and a file over 10 MB, with the spec messages', async () => {
    const many = new FormData();
    many.set('in', JSON.stringify({ suAccount: '13800000001', suPassword: 'demo1234' }));
    for (let i = 0; i < 7; i++) many.set(String(i), new Blob([Buffer.from('x')]), `${i}.jpg`);
    expect((await multipart('/api/home/newLogin.do', many)).body).toMatchObject({ errorType: 'TOO_MANY_FILES', msg: '最多上传6张图片' });

    const big = new FormData();
    big.set('in', JSON.stringify({ suAccount: '13800000001', suPassword: 'demo1234' }));
    big.set('0', new Blob([Buffer.alloc(10 * 1024 * 1024 + 1)]), 'big.jpg');
    expect((await multipart('/api/home/newLogin.do', big)).body).toMatchObject({ errorType: 'FILE_TOO_LARGE', msg: '文件大小不能超过 10M' });
  });

  it('answers HTTP 404 "网络请求不存在" for an unknown /api path', async () => {
    const reply = await t.call('/api/home/noSuchThing.do', {});
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ errorType: 'NOT_FOUND', errorTypeBoolean: false, msg: '网络请求不存在' });
    const get = await t.app.inject({ method: 'GET', url: '/api/home/newLogin.do' });
    expect(get.statusCode).toBe(404);
    expect(get.json().msg).toBe('网络请求不存在');
  });

  it.each(['{not json', '[1,2]', '"text"', 'null'])('answers a VALIDATION envelope for in=%s', async (raw) => {
    const res = await t.app.inject({
      method: 'POST',
      url: newLogin.path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ platId: 'plat-demo', in: raw }).toString(),
      remoteAddress: t.ip,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ errorType: 'VALIDATION', errorTypeBoolean: false, msg: '请求参数有误', obj: null });
  });

  it('answers a VALIDATION envelope for a malformed JSON body and an unsupported body type', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: newLogin.path,
      headers: { 'content-type': 'application/json' },
      payload: '{"suAccount":',
    });
    expect(broken.statusCode).toBe(200);
    expect(broken.json()).toMatchObject({ errorType: 'VALIDATION', msg: '请求参数有误' });
    const xml = await t.app.inject({
      method: 'POST',
      url: newLogin.path,
      headers: { 'content-type': 'application/xml' },
      payload: '<in/>',
    });
    expect(xml.json().errorType).toBe('VALIDATION');
  });

  it('registers every contract operation on its path (none answers 404)', async () => {
    for (const op of operations) {
      const reply = await t.call(op, {});
      expect(reply.status, op.path).not.toBe(404);
      expect(reply.body.errorType, op.path).not.toBe('NOT_FOUND');
    }
  });

  it('refuses to start with two handlers for one operation, or a handler for no operation', () => {
    const handler = async () => ({});
    expect(() => mergeHandlers([{ newLogin: handler }, { sendSMSCode: handler }])).not.toThrow();
    expect(() => mergeHandlers([{ newLogin: handler }, { newLogin: handler }])).toThrow('two handlers for operation newLogin');
  });

  it('sends the security headers and no caching of api answers', async () => {
    const reply = await t.call(sendSMSCode, { funcType: 2, suPhone: '' });
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    // An API answer is no document: nothing may load from it, nothing may frame it.
    expect(reply.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    const page = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toContain("script-src 'self' https://res.wx.qq.com");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(reply.headers['referrer-policy']).toBe('no-referrer');
    expect(reply.headers['cache-control']).toBe('no-store');
  });

  it('GET /healthz answers ok with the database in use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: testDbKind() });
  });

  it('GET /dev/sms-outbox serves the local outbox outside production', async () => {
    const send = await t.call(sendSMSCode, { funcType: 2, suPhone: '13800000003' });
    expect(send.body.errorType).toBe('SUCCESS');
    const res = await t.app.inject({ method: 'GET', url: '/dev/sms-outbox?phone=13800000003' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ phone: '13800000003', funcType: 2, code: expect.stringMatching(/^\d{6}$/) });
  });
});

describe('production mode', () => {
  let prod: TestApp;
  beforeAll(async () => {
    // Local providers kept on purpose: only server.ts calls assertProductionReady; the outbox must still be absent.
    prod = await makeApp({ env: { NODE_ENV: 'production' } });
  });
  afterAll(() => prod.close());

  it('has no /dev/sms-outbox, even with the local SMS provider', async () => {
    expect(prod.config.env).toBe('production');
    const send = await prod.call(sendSMSCode, { funcType: 2, suPhone: '13800000003' });
    expect(send.body.errorType).toBe('SUCCESS');
    const res = await prod.app.inject({ method: 'GET', url: '/dev/sms-outbox?phone=13800000003' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toMatch(/"code"/);
    expect(res.json()).toMatchObject({ errorType: 'NOT_FOUND', msg: '网络请求不存在' });
  });
});
