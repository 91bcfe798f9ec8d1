import { describe, expect, it } from 'vitest';
import { newLogin, saveOrderShopCart, updateOrderLogisticsAddress } from '@shop/contract';
import { useTestApp } from './helpers/app.js';

const t = useTestApp();

/** Raw requests a broken or hostile client sends: each gets our envelope and a specific Chinese message, never a 500. */
describe('input edges', () => {
  async function raw(url: string, contentType: string, payload: string | Buffer, token?: string) {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': contentType, ...(token ? { accesstoken: token } : {}) },
      payload,
      remoteAddress: t.ip,
    });
    return { status: res.statusCode, body: res.json() };
  }

  it('answers a multipart body without a boundary with a clean refusal, also on newLogin without a session', async () => {
    const reply = await raw(newLogin.path, 'multipart/form-data', 'in={}');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ errorType: 'VALIDATION', errorTypeBoolean: false, msg: '上传内容格式有误' });
  });

  it('answers a multipart body cut off inside a file part with a clean refusal', async () => {
    const b = 'XyZboundary';
    const head = `--${b}\r\nContent-Disposition: form-data; name="in"\r\n\r\n{}\r\n`;
    const cut = `${head}--${b}\r\nContent-Disposition: form-data; name="0"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nabc`;
    const reply = await raw(newLogin.path, `multipart/form-data; boundary=${b}`, cut);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ errorType: 'VALIDATION', msg: '上传内容格式有误' });
    const { token } = await t.login('13800000001', 'demo1234');
    const authed = await raw(saveOrderShopCart.path, `multipart/form-data; boundary=${b}`, cut, token);
    expect(authed.body).toMatchObject({ errorType: 'VALIDATION', msg: '上传内容格式有误' });
    // A text part cut off is dropped by the parser: the call then lacks that field and says which.
    const textCut = `--${b}\r\nContent-Disposition: form-data; name="in"\r\n\r\n{"suAccount":"13800000001"`;
    const dropped = await raw(newLogin.path, `multipart/form-data; boundary=${b}`, textCut);
    expect(dropped).toMatchObject({ status: 200, body: { errorType: 'VALIDATION', msg: '请输入账号' } });
  });

  it('refuses a NUL character in any text before it reaches the database', async () => {
    const { token } = await t.login('13800000001', 'demo1234');
    const address = {
      receiverNmae: '赵\u0000强',
      receiverPhone: '13800000001',
      provinceCode: '710000',
      address: '测试路1号',
      id: 1,
    };
    const reply = await t.call(updateOrderLogisticsAddress, address, { token });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ errorType: 'VALIDATION', msg: '内容不能包含空字符' });
    const nested = await t.callJson(newLogin, { in: { suAccount: ['1380000000\u0000'], suPassword: 'x' } });
    expect(nested.body).toMatchObject({ errorType: 'VALIDATION', msg: '内容不能包含空字符' });
    const inPlatId = await t.call(newLogin, { suAccount: '13800000001', suPassword: 'demo1234' }, { platId: 'plat\u0000demo' });
    expect(inPlatId.body).toMatchObject({ errorType: 'VALIDATION', msg: '内容不能包含空字符' });
  });
});
