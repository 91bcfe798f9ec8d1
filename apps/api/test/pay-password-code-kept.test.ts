import { describe, expect, it } from 'vitest';
import { editPayPasswordBySuId, sendSMSCode } from '@shop/contract';
import { verifyPassword } from '../src/lib/secrets.js';
import { useTestApp } from './helpers/app.js';
import { newAgent } from './helpers/account-area-fixture.js';
import { SECOND } from './helpers/time.js';

const t = useTestApp();

const payHash = async (id: number) =>
  (await t.db.kysely.selectFrom('agents').select('pay_password_hash').where('id', '=', id).executeTakeFirstOrThrow()).pay_password_hash;

async function payCode(token: string, phone: string) {
  t.clock.advance(61 * SECOND);
  const sent = await t.call(sendSMSCode, { funcType: 6, suPhone: phone }, { token });
  expect(sent.body.errorType).toBe('SUCCESS');
  return (await t.smsOutbox(phone))!.code;
}

// ADR 0029: a refusal that does not need the code must not spend it.
describe('changing the payment password keeps the SMS code through a refusal', () => {
  it('「新支付密码不能与旧密码相同」 leaves the code usable for the corrected retry', async () => {
    const me = await newAgent(t, { payPassword: '111111' });
    const call = (input: Record<string, unknown>) => t.call(editPayPasswordBySuId, input, { token: me.token });
    const code = await payCode(me.token, me.phone);

    expect((await call({ suPhone: me.phone, smsCode: code, newPayPassword: '111111' })).body.msg).toBe('新支付密码不能与旧密码相同');
    expect(await verifyPassword(await payHash(me.id), '111111')).toBe(true);

    // The same code, no new SMS, and no waiting for the 60-second cooldown.
    const ok = await call({ suPhone: me.phone, smsCode: code, newPayPassword: '222222' });
    expect(ok.body).toMatchObject({ errorType: 'SUCCESS', obj: { payPassword: true } });
    expect(await verifyPassword(await payHash(me.id), '222222')).toBe(true);
    // Spent by the change it authorised.
    expect((await call({ suPhone: me.phone, smsCode: code, newPayPassword: '333333' })).body.errorType).not.toBe('SUCCESS');
  });

  it('without the right code the old password is never compared (no way to test guesses of it)', async () => {
    const me = await newAgent(t, { payPassword: '111111' });
    const code = await payCode(me.token, me.phone);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const r = await t.call(editPayPasswordBySuId, { suPhone: me.phone, smsCode: wrong, newPayPassword: '111111' }, { token: me.token });
    expect(r.body.msg).toBe('验证码输入不正确');
  });

  it('parallel submits with one code change the password at most once', async () => {
    const me = await newAgent(t, { payPassword: '111111' });
    const code = await payCode(me.token, me.phone);
    const replies = await Promise.all(
      ['222222', '333333', '444444', '555555'].map((p) => t.call(editPayPasswordBySuId, { suPhone: me.phone, smsCode: code, newPayPassword: p }, { token: me.token })),
    );
    expect(replies.filter((r) => r.body.errorType === 'SUCCESS')).toHaveLength(1);
  });
});
