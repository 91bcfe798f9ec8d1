import { beforeEach, describe, expect, it } from 'vitest';
import { agentInformationRefresh, editPassword, newLogin, sendSMSCode } from '@shop/contract';
import { DAY, HOUR, MINUTE, SECOND } from './helpers/time.js';
import { useTestApp, nextIp } from './helpers/app.js';

const t = useTestApp();
const PASSWORD = 'demo1234';

/** Waits out the 60-second resend countdown, sends a code as the /password screen does and reads it from the outbox. */
async function freshCode(phone: string): Promise<string> {
  t.clock.advance(61 * SECOND);
  const reply = await t.call(sendSMSCode, { funcType: 2, suPhone: phone });
  expect(reply.body).toMatchObject({ errorType: 'SUCCESS', msg: '验证码发送成功' });
  const sms = await t.smsOutbox(phone);
  expect(sms).not.toBeNull();
  return sms!.code;
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('sendSMSCode', () => {
  it('sends a 6-digit code to the outbox (funcType 2) and never answers it', async () => {
    const phone = '13800000002';
    const reply = await t.call(sendSMSCode, { funcType: 2, suPhone: phone });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ errorType: 'SUCCESS', errorTypeBoolean: true, msg: '验证码发送成功', obj: null });

    const sms = await t.smsOutbox(phone);
    expect(sms).toMatchObject({ phone, funcType: 2 });
    expect(sms!.code).toMatch(/^\d{6}$/);
    expect(reply.text).not.toContain(sms!.code);
    expect(reply.text).not.toMatch(/\d{6}/);
    expect(reply.text).not.toMatch(/smsCode/);
  });

  it('refuses a second send within 60 seconds ("请不要重复发送验证码") and sends again after 61 seconds', async () => {
    const phone = '13800000002';
    t.clock.advance(61 * SECOND);
    const first = await t.call(sendSMSCode, { funcType: 2, suPhone: phone });
    expect(first.body.errorType).toBe('SUCCESS');
    const firstCode = (await t.smsOutbox(phone))!.code;

    t.clock.advance(30 * SECOND);
    const early = await t.call(sendSMSCode, { funcType: 2, suPhone: phone }, { ip: nextIp() });
    expect(early.body).toMatchObject({ errorType: 'SMS_TOO_FREQUENT', msg: '请不要重复发送验证码' });
    expect((await t.smsOutbox(phone))!.code).toBe(firstCode);

    t.clock.advance(31 * SECOND);
    const later = await t.call(sendSMSCode, { funcType: 2, suPhone: phone });
    expect(later.body.errorType).toBe('SUCCESS');
  });

  it('caps sends per phone per day ("今日验证码发送次数已达上限，请明天再试"), from any address', async () => {
    const phone = '13800000003';
    expect(t.config.smsDailyLimit).toBe(10);
    for (let i = 0; i < 10; i++) {
      t.clock.advance(61 * SECOND);
      const reply = await t.call(sendSMSCode, { funcType: 2, suPhone: phone }, { ip: nextIp() });
      expect(reply.body.errorType, `send ${i + 1}`).toBe('SUCCESS');
    }
    t.clock.advance(61 * SECOND);
    const capped = await t.call(sendSMSCode, { funcType: 2, suPhone: phone }, { ip: nextIp() });
    expect(capped.body).toMatchObject({ errorType: 'SMS_DAILY_LIMIT', msg: '今日验证码发送次数已达上限，请明天再试' });

    t.clock.advance(DAY);
    const nextDay = await t.call(sendSMSCode, { funcType: 2, suPhone: phone }, { ip: nextIp() });
    expect(nextDay.body.errorType).toBe('SUCCESS');
  });

  it('counts the daily cap by the calendar day in China, not a rolling 24 hours', async () => {
    const phone = '13800000002';
    for (let i = 0; i < 10; i++) {
      t.clock.advance(61 * SECOND);
      expect((await t.call(sendSMSCode, { funcType: 2, suPhone: phone }, { ip: nextIp() })).body.errorType).toBe('SUCCESS');
    }
    t.clock.advance(61 * SECOND);
    expect((await t.call(sendSMSCode, { funcType: 2, suPhone: phone }, { ip: nextIp() })).body.errorType).toBe('SMS_DAILY_LIMIT');

    // One minute past midnight in China: a new day, although less than 24 hours have passed.
    const now = t.clock.now().getTime();
    const nextChinaMidnight = Math.ceil((now + 8 * HOUR) / DAY) * DAY - 8 * HOUR;
    t.clock.advance(nextChinaMidnight - now + MINUTE);
    expect(nextChinaMidnight - now + MINUTE).toBeLessThan(DAY);
    expect((await t.call(sendSMSCode, { funcType: 2, suPhone: phone }, { ip: nextIp() })).body.errorType).toBe('SUCCESS');
  });

  it.each([
    [{ funcType: 2, suPhone: '' }, '手机号不能为空'],
    [{ funcType: 2 }, '手机号不能为空'],
    [{ funcType: 2, suPhone: '12800000001' }, '请输入正确的手机号'],
    [{ funcType: 2, suPhone: '1380000000' }, '请输入正确的手机号'],
    [{ funcType: 2, suPhone: '138000000012' }, '请输入正确的手机号'],
    [{ funcType: 2, suPhone: '1380000000a' }, '请输入正确的手机号'],
    [{ funcType: 3, suPhone: '13800000001' }, '验证码类型有误'],
  ])('refuses %j with "%s"', async (payload, message) => {
    const reply = await t.call(sendSMSCode, payload);
    expect(reply.body).toMatchObject({ errorType: 'VALIDATION', msg: message });
  });

  it('answers success for an unknown phone but sends nothing (accounts cannot be discovered)', async () => {
    const phone = '13912340000';
    const reply = await t.call(sendSMSCode, { funcType: 2, suPhone: phone });
    expect(reply.body).toMatchObject({ errorType: 'SUCCESS', msg: '验证码发送成功' });
    expect(await t.smsOutbox(phone)).toBeNull();
    // ...and counts like a real send, so the countdown answer does not tell either.
    const again = await t.call(sendSMSCode, { funcType: 2, suPhone: phone }, { ip: nextIp() });
    expect(again.body.msg).toBe('请不要重复发送验证码');
  });

  it('funcType 6 (payment password) needs a login (HTTP 401) and goes only to the agent\'s own phone', async () => {
    const anonymous = await t.call(sendSMSCode, { funcType: 6, suPhone: '13800000001' });
    expect(anonymous.status).toBe(401);
    expect(await t.smsOutbox('13800000001')).toBeNull();

    const { token } = await t.login('13800000001', PASSWORD);
    const foreign = await t.call(sendSMSCode, { funcType: 6, suPhone: '13800000004' }, { token });
    expect(foreign.status).toBe(200);
    expect(foreign.body.errorType).not.toBe('SUCCESS');
    expect(foreign.body.msg).toBe('请输入本人手机号');
    expect(await t.smsOutbox('13800000004')).toBeNull();

    const own = await t.call(sendSMSCode, { funcType: 6, suPhone: '13800000001' }, { token });
    expect(own.body.errorType).toBe('SUCCESS');
    expect(await t.smsOutbox('13800000001')).toMatchObject({ funcType: 6, code: expect.stringMatching(/^\d{6}$/) });
  });

  it('limits one address to 10 sends a minute ("操作过于频繁，请稍后再试")', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      const reply = await t.call(sendSMSCode, { funcType: 2, suPhone: '' }, { ip });
      expect(reply.body.errorType).toBe('VALIDATION');
    }
    const limited = await t.call(sendSMSCode, { funcType: 2, suPhone: '13800000002' }, { ip });
    expect(limited.status).toBe(200);
    expect(limited.body).toMatchObject({ errorType: 'RATE_LIMITED', msg: '操作过于频繁，请稍后再试' });
  });
});

describe('editPassword (forgot password)', () => {
  const phone = '13800000004';
  // These tests share one phone: each starts on a new day, so the daily SMS cap does not add up across them.
  beforeEach(() => t.clock.advance(DAY));

  it('resets the password with the SMS code: old password refused, new one works, old sessions end', async () => {
    const { token: oldSession } = await t.login(phone, PASSWORD);
    const code = await freshCode(phone);

    const reset = await t.call(editPassword, { suPhone: phone, smsCode: code, newPassword: 'newpass1' });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ errorType: 'SUCCESS', msg: '重置成功' });

    const old = await t.call(newLogin, { suAccount: phone, suPassword: PASSWORD });
    expect(old.body.msg).toBe('账号或密码错误');
    const { user } = await t.login(phone, 'newpass1');
    expect(user.suPhone).toBe(phone);

    const revoked = await t.call(agentInformationRefresh, {}, { token: oldSession });
    expect(revoked.status).toBe(401);
  });

  it('refuses a wrong code with "验证码输入不正确" and keeps the password', async () => {
    const code = await freshCode(phone);
    const reply = await t.call(editPassword, { suPhone: phone, smsCode: otherCode(code), newPassword: 'other123' });
    expect(reply.body).toMatchObject({ errorType: 'SMS_CODE_WRONG', msg: '验证码输入不正确' });
    await t.login(phone, 'newpass1');
    const refused = await t.call(newLogin, { suAccount: phone, suPassword: 'other123' });
    expect(refused.body.errorType).toBe('LOGIN_FAILED');
  });

  it('a code expires after 5 minutes ("验证码已失效，请重新获取")', async () => {
    const code = await freshCode(phone);
    t.clock.advance(5 * MINUTE);
    const reply = await t.call(editPassword, { suPhone: phone, smsCode: code, newPassword: 'other123' });
    expect(reply.body).toMatchObject({ errorType: 'SMS_CODE_EXPIRED', msg: '验证码已失效，请重新获取' });
  });

  it('a code still works just before 5 minutes', async () => {
    const code = await freshCode(phone);
    t.clock.advance(5 * MINUTE - SECOND);
    const reply = await t.call(editPassword, { suPhone: phone, smsCode: code, newPassword: 'newpass2' });
    expect(reply.body.msg).toBe('重置成功');
    await t.login(phone, 'newpass2');
  });

  it('a code is single use', async () => {
    const code = await freshCode(phone);
    const first = await t.call(editPassword, { suPhone: phone, smsCode: code, newPassword: 'newpass3' });
    expect(first.body.errorType).toBe('SUCCESS');
    const second = await t.call(editPassword, { suPhone: phone, smsCode: code, newPassword: 'hijack12' });
    expect(second.body).toMatchObject({ errorType: 'SMS_CODE_EXPIRED', msg: '验证码已失效，请重新获取' });
    await t.login(phone, 'newpass3');
  });

  it('only the newest code counts', async () => {
    const older = await freshCode(phone);
    const newer = await freshCode(phone);
    if (older !== newer) {
      const stale = await t.call(editPassword, { suPhone: phone, smsCode: older, newPassword: 'newpass9' });
      expect(stale.body.msg).toBe('验证码输入不正确');
    }
    const ok = await t.call(editPassword, { suPhone: phone, smsCode: newer, newPassword: 'newpass4' });
    expect(ok.body.errorType).toBe('SUCCESS');
  });

  it('4 wrong tries leave the right code working', async () => {
    const code = await freshCode(phone);
    for (let i = 0; i < 4; i++) {
      const wrong = await t.call(editPassword, { suPhone: phone, smsCode: otherCode(code), newPassword: 'newpass5' });
      expect(wrong.body.msg).toBe('验证码输入不正确');
    }
    const right = await t.call(editPassword, { suPhone: phone, smsCode: code, newPassword: 'newpass4' });
    expect(right.body.msg).toBe('重置成功');
  });

  it('5 wrong tries void the code: then even the right code answers "验证码已失效，请重新获取"', async () => {
    const code = await freshCode(phone);
    for (let i = 0; i < 5; i++) {
      const wrong = await t.call(editPassword, { suPhone: phone, smsCode: otherCode(code), newPassword: 'other123' });
      expect(wrong.body.msg).toBe('验证码输入不正确');
    }
    const right = await t.call(editPassword, { suPhone: phone, smsCode: code, newPassword: 'other123' });
    expect(right.body).toMatchObject({ errorType: 'SMS_CODE_EXPIRED', msg: '验证码已失效，请重新获取' });
    await t.login(phone, 'newpass4');
  });

  it('parallel guesses cannot get past the 5 tries', async () => {
    const code = await freshCode(phone);
    const guesses = Array.from({ length: 20 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const replies = await Promise.all(
      guesses.map((guess) =>
        t.call(editPassword, { suPhone: phone, smsCode: guess, newPassword: 'other123' }, { ip: nextIp() }),
      ),
    );
    const count = (type: string) => replies.filter((r) => r.body.errorType === type).length;
    expect(count('SMS_CODE_WRONG')).toBe(5);
    expect(count('SMS_CODE_EXPIRED')).toBe(15);
    const right = await t.call(editPassword, { suPhone: phone, smsCode: code, newPassword: 'other123' });
    expect(right.body.msg).toBe('验证码已失效，请重新获取');
    await t.login(phone, 'newpass4');
  });

  it('a code for another phone does not reset this one', async () => {
    const code = await freshCode('13800000002');
    const reply = await t.call(editPassword, { suPhone: phone, smsCode: code, newPassword: 'other123' });
    expect(reply.body.errorType).not.toBe('SUCCESS');
    await t.login(phone, 'newpass4');
  });

  it('a code sent for the payment password (funcType 6) does not reset the login password', async () => {
    const { token } = await t.login(phone, 'newpass4');
    t.clock.advance(61 * SECOND);
    const sent = await t.call(sendSMSCode, { funcType: 6, suPhone: phone }, { token });
    expect(sent.body.errorType).toBe('SUCCESS');
    const { code } = (await t.smsOutbox(phone))!;
    const reply = await t.call(editPassword, { suPhone: phone, smsCode: code, newPassword: 'other123' });
    expect(reply.body.errorType).not.toBe('SUCCESS');
  });

  it.each([
    [{ suPhone: '', smsCode: '123456', newPassword: 'abcdef' }, '手机号不能为空'],
    [{ suPhone: '23800000004', smsCode: '123456', newPassword: 'abcdef' }, '请输入正确的手机号'],
    [{ suPhone: phone, smsCode: '', newPassword: 'abcdef' }, '验证码不能为空'],
    [{ suPhone: phone, newPassword: 'abcdef' }, '验证码不能为空'],
    [{ suPhone: phone, smsCode: '12345', newPassword: 'abcdef' }, '验证码输入不正确'],
    [{ suPhone: phone, smsCode: '123456', newPassword: '' }, '请输入新密码'],
    [{ suPhone: phone, smsCode: '123456', newPassword: 'abc12' }, '密码长度为6~10位'],
    [{ suPhone: phone, smsCode: '123456', newPassword: 'abcdefghijk' }, '密码长度为6~10位'],
  ])('refuses %j with "%s"', async (payload, message) => {
    const reply = await t.call(editPassword, payload);
    expect(reply.body).toMatchObject({ errorType: 'VALIDATION', msg: message });
  });

  it('answers "验证码输入不正确" when no code was ever sent', async () => {
    const reply = await t.call(editPassword, { suPhone: '13800000001', smsCode: '123456', newPassword: 'abcdef1' });
    expect(reply.body).toMatchObject({ errorType: 'SMS_CODE_WRONG', msg: '验证码输入不正确' });
  });
});
