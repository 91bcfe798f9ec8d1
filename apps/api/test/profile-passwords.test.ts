import { describe, expect, it } from 'vitest';
import { editPasswordBySuId, editPayPassword, editPayPasswordBySuId, newLogin, selectAgentPointSign, sendSMSCode } from '@shop/contract';
import { verifyPassword } from '../src/lib/secrets.js';
import { useTestApp } from './helpers/app.js';
import { newAgent } from './helpers/account-area-fixture.js';
import { SECOND } from './helpers/time.js';

const t = useTestApp();

const payHash = async (id: number) =>
  (await t.db.kysely.selectFrom('agents').select('pay_password_hash').where('id', '=', id).executeTakeFirstOrThrow()).pay_password_hash;

/** A funcType 6 code to the agent's own phone, as /payPass asks for it, read from the outbox. */
async function payCode(token: string, phone: string) {
  t.clock.advance(61 * SECOND);
  const sent = await t.call(sendSMSCode, { funcType: 6, suPhone: phone }, { token });
  expect(sent.body.errorType).toBe('SUCCESS');
  return (await t.smsOutbox(phone))!.code;
}

describe('change the login password (editPasswordBySuId, spec 3 §5)', () => {
  it('checks the fields with the spec messages', async () => {
    const me = await newAgent(t);
    const msg = async (input: Record<string, unknown>) => (await t.call(editPasswordBySuId, input, { token: me.token })).body.msg;
    expect(await msg({ newPassword: 'abcdef1' })).toBe('请输入当前密码');
    expect(await msg({ suPassword: 'demo1234', newPassword: '12345' })).toBe('密码长度为6~10位');
    expect(await msg({ suPassword: 'demo1234', newPassword: '12345678901' })).toBe('密码长度为6~10位');
    expect(await msg({ suPassword: 'wrong999', newPassword: 'abcdef1' })).toBe('当前密码错误');
  });

  it('ends every session of the agent, and only the new password logs in', async () => {
    const me = await newAgent(t);
    const second = await t.login(me.phone, 'demo1234');
    const other = await newAgent(t);
    const r = await t.call(editPasswordBySuId, { suId: other.id, suPassword: 'demo1234', newPassword: 'newpass1' }, { token: me.token });
    expect(r.body).toMatchObject({ errorType: 'SUCCESS', msg: '修改成功，请重新登录' });
    expect((await t.call(selectAgentPointSign, {}, { token: me.token })).status).toBe(401);
    expect((await t.call(selectAgentPointSign, {}, { token: second.token })).status).toBe(401);
    // The other agent named in suId is untouched.
    expect((await t.call(selectAgentPointSign, {}, { token: other.token })).status).toBe(200);
    expect((await t.call(newLogin, { suAccount: me.phone, suPassword: 'demo1234' })).body.errorType).toBe('LOGIN_FAILED');
    await t.login(me.phone, 'newpass1');
    await t.login(other.phone, 'demo1234');
  });

  it('locks the change after 5 wrong current passwords', async () => {
    const me = await newAgent(t);
    for (let i = 0; i < 5; i++) await t.call(editPasswordBySuId, { suPassword: `wrong${i}00`, newPassword: 'abcdef1' }, { token: me.token });
    const locked = await t.call(editPasswordBySuId, { suPassword: 'demo1234', newPassword: 'abcdef1' }, { token: me.token });
    expect(locked.body.errorType).toBe('LOGIN_LOCKED');
  });
});

describe('set the first payment password (editPayPassword)', () => {
  it('sets 6 digits once, with the SMS code of the agent’s own phone (ADR 0024); the hash never leaves the server', async () => {
    const me = await newAgent(t);
    const other = await newAgent(t);
    expect((await t.call(editPayPassword, { suPhone: me.phone, smsCode: '123456', newPayPassword: '12345' }, { token: me.token })).body.msg).toBe('支付密码为6位数字');
    expect((await t.call(editPayPassword, { suPhone: me.phone, smsCode: '123456', newPayPassword: '12a456' }, { token: me.token })).body.msg).toBe('支付密码为6位数字');
    expect((await t.call(editPayPassword, { suPhone: me.phone, newPayPassword: '246810' }, { token: me.token })).body.msg).toBe('验证码不能为空');
    expect((await t.call(editPayPassword, { suPhone: other.phone, smsCode: '123456', newPayPassword: '246810' }, { token: me.token })).body.msg).toBe('请输入本人手机号');
    expect(await payHash(me.id)).toBeNull();
    const code = await payCode(me.token, me.phone);
    const r = await t.call(editPayPassword, { suPhone: me.phone, smsCode: code, newPayPassword: '246810' }, { token: me.token });
    expect(r.body).toMatchObject({ errorType: 'SUCCESS', obj: { payPassword: true } });
    expect(r.text).not.toMatch(/argon|\$/);
    expect(await verifyPassword(await payHash(me.id), '246810')).toBe(true);
    const again = await t.call(editPayPassword, { suPhone: me.phone, smsCode: await payCode(me.token, me.phone), newPayPassword: '135790' }, { token: me.token });
    expect(again.body.msg).toBe('已设置支付密码，请修改支付密码');
    expect(await verifyPassword(await payHash(me.id), '246810')).toBe(true);
  });
});

describe('change the payment password (editPayPasswordBySuId)', () => {
  it('needs the SMS code (funcType 6) of the agent’s own phone, and a new password unlike the old one', async () => {
    const me = await newAgent(t, { payPassword: '111111' });
    const other = await newAgent(t, { payPassword: '222222' });
    const call = (input: Record<string, unknown>, token = me.token) => t.call(editPayPasswordBySuId, input, { token });

    expect((await call({ suPhone: me.phone, newPayPassword: '333333' })).body.msg).toBe('验证码不能为空');
    expect((await call({ smsCode: '123456', newPayPassword: '333333' })).body.msg).toBe('手机号不能为空');
    expect((await call({ suPhone: other.phone, smsCode: '123456', newPayPassword: '333333' })).body.msg).toBe('请输入本人手机号');

    const code = await payCode(me.token, me.phone);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await call({ suPhone: me.phone, smsCode: wrong, newPayPassword: '333333' })).body.msg).toBe('验证码输入不正确');
    expect((await call({ suPhone: me.phone, smsCode: code, newPayPassword: '111111' })).body.msg).toBe('新支付密码不能与旧密码相同');

    const fresh = await payCode(me.token, me.phone);
    const ok = await call({ suId: other.id, suPhone: me.phone, smsCode: fresh, newPayPassword: '333333' });
    expect(ok.body).toMatchObject({ errorType: 'SUCCESS', obj: { payPassword: true } });
    expect(ok.text).not.toContain('argon');
    expect(await verifyPassword(await payHash(me.id), '333333')).toBe(true);
    expect(await verifyPassword(await payHash(other.id), '222222')).toBe(true);
    // The code was used once.
    expect((await call({ suPhone: me.phone, smsCode: fresh, newPayPassword: '444444' })).body.errorType).not.toBe('SUCCESS');
  });
});
