import { describe, expect, it } from 'vitest';
import { agentInformationRefresh, loginOut, newLogin, userInfo } from '@shop/contract';
import { DAY, HOUR, MINUTE } from '../src/lib/clock.js';
import { nextIp, useTestApp } from './helpers/app.js';

const t = useTestApp();
const PASSWORD = 'demo1234';

/** The answer is the contract's userInfo: every field, nothing more (no hash can slip through). */
function exactUserInfo(obj: unknown) {
  expect(Object.keys(obj as object).sort()).toEqual(Object.keys(userInfo.shape).sort());
  return userInfo.parse(obj);
}

describe('newLogin', () => {
  it('logs in with the demo account and answers the user info and a token, never a password hash', async () => {
    const reply = await t.call(newLogin, { suAccount: '13800000001', suPassword: PASSWORD });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ errorType: 'SUCCESS', errorTypeBoolean: true, msg: '登录成功' });
    const user = exactUserInfo(reply.body.obj);
    expect(user).toMatchObject({
      suAccount: '13800000001',
      suPhone: '13800000001',
      agentName: '张明',
      gradeName: '钻石代理',
      platId: 'plat-demo',
      agentStatus: 1,
      payPassword: true,
    });
    expect(user.agentCode).toMatch(/^DL\d{6}$/);
    expect(reply.body.accessToken).toEqual(expect.stringMatching(/^[\w-]{32,}$/));
    expect(reply.text).not.toMatch(/argon2|password_hash|pay_password_hash/i);
  });

  it('answers payPassword false for an agent without a payment password', async () => {
    const { user } = await t.login('13800000002', PASSWORD);
    expect(user.payPassword).toBe(false);
  });

  it.each([
    [{ suAccount: '', suPassword: PASSWORD }, '请输入账号'],
    [{ suAccount: '   ', suPassword: PASSWORD }, '请输入账号'],
    [{ suPassword: PASSWORD }, '请输入账号'],
    [{ suAccount: '13800000001', suPassword: '' }, '请输入密码'],
    [{ suAccount: '13800000001' }, '请输入密码'],
    [{ suAccount: '138000000011', suPassword: PASSWORD }, '账号不能超过11位'],
    [{ suAccount: '13800000001', suPassword: 'demo1234567' }, '密码不能超过10位'],
  ])('refuses %j with "%s"', async (payload, message) => {
    const reply = await t.call(newLogin, payload);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ errorType: 'VALIDATION', errorTypeBoolean: false, msg: message, obj: null });
    expect(reply.body.accessToken).toBeUndefined();
  });

  it('answers the same "账号或密码错误" for a wrong password and for an unknown account', async () => {
    const wrong = await t.call(newLogin, { suAccount: '13800000001', suPassword: 'wrong123' });
    const unknown = await t.call(newLogin, { suAccount: '13912345678', suPassword: PASSWORD });
    for (const reply of [wrong, unknown]) {
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ errorType: 'LOGIN_FAILED', msg: '账号或密码错误', obj: null });
    }
  });

  it('locks the account after 5 wrong passwords for 15 minutes, even for the right password', async () => {
    const phone = '13800000003';
    for (let i = 0; i < 5; i++) {
      const reply = await t.call(newLogin, { suAccount: phone, suPassword: `wrong${i}x` });
      expect(reply.body.msg).toBe('账号或密码错误');
    }
    const locked = await t.call(newLogin, { suAccount: phone, suPassword: PASSWORD });
    expect(locked.body).toMatchObject({ errorType: 'LOGIN_LOCKED', msg: '登录失败次数过多，请15分钟后再试' });

    t.clock.advance(14 * MINUTE);
    const stillLocked = await t.call(newLogin, { suAccount: phone, suPassword: PASSWORD });
    expect(stillLocked.body.msg).toBe('登录失败次数过多，请15分钟后再试');

    t.clock.advance(1 * MINUTE);
    // The lock is over: one more wrong password is just wrong (it does not lock again), the right one logs in.
    const wrongAfter = await t.call(newLogin, { suAccount: phone, suPassword: 'wrong999' });
    expect(wrongAfter.body.msg).toBe('账号或密码错误');
    const { user } = await t.login(phone, PASSWORD);
    expect(user.suPhone).toBe(phone);
  });

  it('parallel wrong passwords cannot get past the lockout: only 5 are checked', async () => {
    const phone = '13800000003';
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.call(newLogin, { suAccount: phone, suPassword: `guess${i}x` }, { ip: nextIp() }),
      ),
    );
    const count = (type: string) => replies.filter((r) => r.body.errorType === type).length;
    expect(count('LOGIN_FAILED')).toBe(5);
    expect(count('LOGIN_LOCKED')).toBe(15);
    const right = await t.call(newLogin, { suAccount: phone, suPassword: PASSWORD });
    expect(right.body.msg).toBe('登录失败次数过多，请15分钟后再试');

    t.clock.advance(15 * MINUTE);
    await t.login(phone, PASSWORD);
  });

  it('does not lock an account for 4 wrong passwords, and a success starts the count again', async () => {
    const phone = '13800000004';
    for (let i = 0; i < 4; i++) await t.call(newLogin, { suAccount: phone, suPassword: 'wrong123' });
    await t.login(phone, PASSWORD);
    for (let i = 0; i < 4; i++) await t.call(newLogin, { suAccount: phone, suPassword: 'wrong123' });
    await t.login(phone, PASSWORD);
  });

  it('limits one address to 20 logins a minute with "操作过于频繁，请稍后再试" (HTTP 200)', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 20; i++) {
      const reply = await t.call(newLogin, { suAccount: '', suPassword: '' }, { ip });
      expect(reply.body.errorType).toBe('VALIDATION');
    }
    const limited = await t.call(newLogin, { suAccount: '13800000001', suPassword: PASSWORD }, { ip });
    expect(limited.status).toBe(200);
    expect(limited.body).toMatchObject({ errorType: 'RATE_LIMITED', errorTypeBoolean: false, msg: '操作过于频繁，请稍后再试' });
    expect(limited.body.accessToken).toBeUndefined();

    // Per address: another caller is not affected.
    const other = await t.call(newLogin, { suAccount: '13800000001', suPassword: PASSWORD }, { ip: '192.0.2.78' });
    expect(other.body.errorType).toBe('SUCCESS');
  });
});

describe('session', () => {
  it('a normal session lasts 12 hours: valid after 11 h, expired (HTTP 403) after 13 h', async () => {
    const { token } = await t.login('13800000002', PASSWORD);
    t.clock.advance(11 * HOUR);
    const ok = await t.call(agentInformationRefresh, {}, { token });
    expect(ok.status).toBe(200);
    expect(ok.body.errorType).toBe('SUCCESS');

    t.clock.advance(2 * HOUR);
    const expired = await t.call(agentInformationRefresh, {}, { token });
    expect(expired.status).toBe(403);
    expect(expired.body).toMatchObject({ errorType: 'SESSION_EXPIRED', msg: '登录过期，请重新登录', obj: null });
  });

  it('a remembered session (rememberMe=1) is still valid after 6 days and expires after 7', async () => {
    const { token } = await t.login('13800000002', PASSWORD, { rememberMe: 1 });
    t.clock.advance(6 * DAY);
    const ok = await t.call(agentInformationRefresh, {}, { token });
    expect(ok.status).toBe(200);
    expect(ok.body.obj.suPhone).toBe('13800000002');

    t.clock.advance(1 * DAY);
    const expired = await t.call(agentInformationRefresh, {}, { token });
    expect(expired.status).toBe(403);
    expect(expired.body.msg).toBe('登录过期，请重新登录');
  });

  it('answers HTTP 401 without a token and for an unknown token', async () => {
    const missing = await t.call(agentInformationRefresh, {});
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ errorType: 'UNAUTHENTICATED', errorTypeBoolean: false });

    const blank = await t.call(agentInformationRefresh, {}, { token: '   ' });
    expect(blank.status).toBe(401);

    const unknown = await t.call(agentInformationRefresh, {}, { token: 'not-a-real-token-0123456789abcdef' });
    expect(unknown.status).toBe(401);
  });

  it('loginOut ends the session: the token then answers HTTP 401; another session stays valid', async () => {
    const first = await t.login('13800000004', PASSWORD);
    const second = await t.login('13800000004', PASSWORD);

    const out = await t.call(loginOut, {}, { token: first.token });
    expect(out.status).toBe(200);
    expect(out.body.errorType).toBe('SUCCESS');

    const after = await t.call(agentInformationRefresh, {}, { token: first.token });
    expect(after.status).toBe(401);
    const again = await t.call(loginOut, {}, { token: first.token });
    expect(again.status).toBe(401);

    const other = await t.call(agentInformationRefresh, {}, { token: second.token });
    expect(other.body.obj.suPhone).toBe('13800000004');
  });

  it('loginOut without a token answers HTTP 401', async () => {
    const reply = await t.call(loginOut, {});
    expect(reply.status).toBe(401);
  });
});

describe('agentInformationRefresh', () => {
  it("answers the session agent's info, whatever account the payload names", async () => {
    const { token } = await t.login('13800000002', PASSWORD);
    const inviterId = await t.agentIdOf('13800000001');
    const reply = await t.call(agentInformationRefresh, { suAccount: '13800000001', platId: 'plat-demo' }, { token });
    expect(reply.body.errorType).toBe('SUCCESS');
    const user = exactUserInfo(reply.body.obj);
    expect(user).toMatchObject({
      suPhone: '13800000002',
      agentName: '李华',
      gradeName: '体验代理',
      agentStatus: 0,
      isNeedBondStatus: 0,
      apgId: inviterId,
      payPassword: false,
    });
    expect(user.apgCode).toMatch(/^DL\d{6}$/);
    expect(reply.text).not.toMatch(/argon2/);
  });

  it('answers obj null once the agent has left (is_active = 0), and the agent can no longer log in', async () => {
    const phone = '13800000003';
    const { token } = await t.login(phone, PASSWORD);
    const before = await t.call(agentInformationRefresh, {}, { token });
    expect(before.body.obj).not.toBeNull();

    await t.db.kysely.updateTable('agents').set({ is_active: 0 }).where('phone', '=', phone).execute();
    try {
      const after = await t.call(agentInformationRefresh, {}, { token });
      expect(after.status).toBe(200);
      expect(after.body).toMatchObject({ errorType: 'SUCCESS', obj: null });

      const login = await t.call(newLogin, { suAccount: phone, suPassword: PASSWORD });
      expect(login.body).toMatchObject({ errorType: 'ACCOUNT_DISABLED', msg: '您已退保 系统自动退出' });
      expect(login.body.accessToken).toBeUndefined();
    } finally {
      await t.db.kysely.updateTable('agents').set({ is_active: 1 }).where('phone', '=', phone).execute();
    }
  });
});
