import { describe, expect, it } from 'vitest';
import { generateSync } from 'otplib';
import {
  confirmTotpEnrolment,
  saveStaff,
  selectDashboardCounts,
  selectStaffSelf,
  staffLogin,
  staffLogout,
  startTotpEnrolment,
} from '@shop/contract';
import { useTestApp, type TestApp } from './helpers/app.js';
import { STAFF_PASSWORD, staffCall, staffLoginAs } from './helpers/staff-fixture.js';
import { HOUR, MINUTE, SECOND } from './helpers/time.js';

const t = useTestApp();
/** The production setting: admin and finance must give a second factor. */
const strict = useTestApp({ env: { STAFF_2FA: 'required' } });

const codeAt = (app: TestApp, secret: string, shiftMs = 0) =>
  generateSync({ secret, epoch: Math.floor((app.clock.now().getTime() + shiftMs) / 1000) });

let created = 0;
/** A new member of the role, made by the demo admin through saveStaff (as the console does). */
async function newMember(app: TestApp, role: 'admin' | 'finance' | 'warehouse' | 'service' | 'operator') {
  const admin = await staffLoginAs(app, 'admin');
  created += 1;
  const username = `auth${role}${created}`;
  const reply = await staffCall(app, saveStaff, { username, displayName: `测试${created}`, role, password: 'pass1234', enabled: true }, { staffToken: admin });
  expect(reply.body.msg).toBe('保存成功');
  return { username, id: reply.body.obj.id as number, admin };
}

const login = (app: TestApp, username: string, totpCode?: string, password = 'pass1234') =>
  staffCall(app, staffLogin, { username, password, ...(totpCode ? { totpCode } : {}) });

/** Binds an authenticator for the member's session and answers its secret. */
async function enrol(app: TestApp, staffToken: string) {
  const started = await staffCall(app, startTotpEnrolment, {}, { staffToken });
  const secret = started.body.obj.secret as string;
  expect(started.body.obj.otpauthUri).toContain(`secret=${secret}`);
  const confirmed = await staffCall(app, confirmTotpEnrolment, { totpCode: codeAt(app, secret) }, { staffToken });
  expect(confirmed.body).toMatchObject({ errorType: 'SUCCESS', msg: '动态验证码已绑定', obj: { totpEnabled: true, secondFactorMissing: false } });
  return secret;
}

describe('TOTP second factor', () => {
  it('once bound, login asks for the code, refuses a wrong one and accepts a right one once', async () => {
    const { username } = await newMember(t, 'finance');
    const first = await login(t, username);
    const secret = await enrol(t, first.body.staffToken as string);
    // A code from binding cannot be used again at login (same time step).
    t.clock.advance(30 * SECOND);

    expect((await login(t, username)).body).toMatchObject({ errorType: 'TOTP_REQUIRED', msg: '请输入动态验证码' });
    const right = codeAt(t, secret);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    expect((await login(t, username, wrong)).body).toMatchObject({ errorType: 'TOTP_WRONG', msg: '动态验证码错误或已使用' });
    expect((await login(t, username, right, 'wrong-pass1')).body.errorType).toBe('LOGIN_FAILED');

    const ok = await login(t, username, right);
    expect(ok.body).toMatchObject({ errorType: 'SUCCESS', obj: { totpEnabled: true, secondFactorMissing: false } });
    // The same code seen over a shoulder: refused, even by a later login in the same 30 seconds.
    expect((await login(t, username, right)).body.errorType).toBe('TOTP_WRONG');
    t.clock.advance(30 * SECOND);
    expect((await login(t, username, codeAt(t, secret))).body.errorType).toBe('SUCCESS');
  });

  it('counts wrong codes as failed logins: 5 of them lock the account for 15 minutes', async () => {
    const { username } = await newMember(t, 'service');
    const secret = await enrol(t, (await login(t, username)).body.staffToken as string);
    t.clock.advance(30 * SECOND);
    for (let i = 0; i < 5; i++) expect((await login(t, username, '000000')).body.errorType).toMatch(/TOTP_WRONG|LOGIN_LOCKED/);
    expect((await login(t, username, codeAt(t, secret))).body).toMatchObject({ errorType: 'LOGIN_LOCKED', msg: '登录失败次数过多，请15分钟后再试' });
    t.clock.advance(16 * MINUTE);
    expect((await login(t, username, codeAt(t, secret))).body.errorType).toBe('SUCCESS');
  });

  it('an admin resets a lost authenticator: the member logs in with the password alone and enrols again', async () => {
    const { username, id, admin } = await newMember(t, 'warehouse');
    const token = (await login(t, username)).body.staffToken as string;
    await enrol(t, token);
    const reset = await staffCall(t, saveStaff, { id, username, displayName: '仓库新人', role: 'warehouse', enabled: true, resetTotp: true }, { staffToken: admin });
    expect(reset.body.obj).toMatchObject({ totpEnabled: false });
    // Resetting the factor ends the sessions that were opened with it.
    expect((await staffCall(t, selectStaffSelf, {}, { staffToken: token })).status).toBe(401);
    expect((await login(t, username)).body).toMatchObject({ errorType: 'SUCCESS', obj: { totpEnabled: false } });
  });
});

describe('disabled members and sessions', () => {
  it('a disabled member is logged out at once and cannot log in; enabled again, they can', async () => {
    const { username, id, admin } = await newMember(t, 'service');
    const token = (await login(t, username)).body.staffToken as string;
    expect((await staffCall(t, selectStaffSelf, {}, { staffToken: token })).body.errorType).toBe('SUCCESS');

    const off = await staffCall(t, saveStaff, { id, username, displayName: '测试', role: 'service', enabled: false }, { staffToken: admin });
    expect(off.body.obj).toMatchObject({ enabled: false });
    expect((await staffCall(t, selectStaffSelf, {}, { staffToken: token })).status).toBe(401);
    expect((await login(t, username)).body).toMatchObject({ errorType: 'STAFF_DISABLED', msg: '该账号已停用，请联系管理员' });

    await staffCall(t, saveStaff, { id, username, displayName: '测试', role: 'service', enabled: true }, { staffToken: admin });
    expect((await login(t, username)).body.errorType).toBe('SUCCESS');
  });

  it('a password reset and a role change end the member’s sessions; the new password works', async () => {
    const { username, id, admin } = await newMember(t, 'operator');
    const token = (await login(t, username)).body.staffToken as string;
    await staffCall(t, saveStaff, { id, username, displayName: '测试', role: 'operator', enabled: true, password: 'newpass99' }, { staffToken: admin });
    expect((await staffCall(t, selectStaffSelf, {}, { staffToken: token })).status).toBe(401);
    expect((await login(t, username)).body.errorType).toBe('LOGIN_FAILED');
    const again = (await login(t, username, undefined, 'newpass99')).body.staffToken as string;

    await staffCall(t, saveStaff, { id, username, displayName: '测试', role: 'warehouse', enabled: true }, { staffToken: admin });
    expect((await staffCall(t, selectStaffSelf, {}, { staffToken: again })).status).toBe(401);
    const relogged = await login(t, username, undefined, 'newpass99');
    expect(relogged.body.obj).toMatchObject({ role: 'warehouse' });
    expect(relogged.body.obj.operations).toContain('selectOrdersToShip');
  });

  it('locks the login after 5 wrong passwords, the right one included, for 15 minutes', async () => {
    const { username } = await newMember(t, 'warehouse');
    for (let i = 0; i < 5; i++) expect((await login(t, username, undefined, 'wrong1234')).body.errorType).toBe('LOGIN_FAILED');
    expect((await login(t, username)).body.errorType).toBe('LOGIN_LOCKED');
    t.clock.advance(16 * MINUTE);
    expect((await login(t, username)).body.errorType).toBe('SUCCESS');
  });

  it('a session ends after 8 hours (403, log in again) and at logout (401)', async () => {
    const token = await staffLoginAs(t, 'cangku');
    t.clock.advance(7 * HOUR + 59 * MINUTE);
    expect((await staffCall(t, selectStaffSelf, {}, { staffToken: token })).body.errorType).toBe('SUCCESS');
    t.clock.advance(2 * MINUTE);
    const expired = await staffCall(t, selectStaffSelf, {}, { staffToken: token });
    expect(expired.status).toBe(403);
    expect(expired.body.msg).toBe('登录过期，请重新登录');

    const other = await staffLoginAs(t, 'cangku');
    await staffCall(t, staffLogout, {}, { staffToken: other });
    expect((await staffCall(t, selectStaffSelf, {}, { staffToken: other })).status).toBe(401);
  });
});

describe('STAFF_2FA=required', () => {
  it('admin and finance without a factor may only enrol; every other operation answers TOTP_ENROL_REQUIRED until they do', async () => {
    for (const username of ['admin', 'caiwu'] as const) {
      const reply = await staffCall(strict, staffLogin, { username, password: STAFF_PASSWORD });
      expect(reply.body.obj).toMatchObject({ secondFactorMissing: true, totpEnabled: false });
      const staffToken = reply.body.staffToken as string;
      const refused = await staffCall(strict, selectDashboardCounts, {}, { staffToken });
      expect(refused.body).toMatchObject({ errorType: 'TOTP_ENROL_REQUIRED', msg: '请先绑定动态验证码（账号安全）' });
      expect((await staffCall(strict, selectStaffSelf, {}, { staffToken })).body.obj.secondFactorMissing).toBe(true);

      const secret = await enrol(strict, staffToken);
      // The same session goes on with the factor given.
      expect((await staffCall(strict, selectDashboardCounts, {}, { staffToken })).body.errorType).toBe('SUCCESS');
      // The next login asks for a code.
      strict.clock.advance(30 * SECOND);
      expect((await staffCall(strict, staffLogin, { username, password: STAFF_PASSWORD })).body.errorType).toBe('TOTP_REQUIRED');
      const next = await staffCall(strict, staffLogin, { username, password: STAFF_PASSWORD, totpCode: codeAt(strict, secret) });
      expect(next.body.obj).toMatchObject({ secondFactorMissing: false });
    }
  });

  it('roles that move no money and manage no staff work without a factor', async () => {
    const warehouse = await staffCall(strict, staffLogin, { username: 'cangku', password: STAFF_PASSWORD });
    expect(warehouse.body.obj.secondFactorMissing).toBe(false);
    const staffToken = warehouse.body.staffToken as string;
    expect((await staffCall(strict, selectDashboardCounts, {}, { staffToken })).body.errorType).toBe('SUCCESS');
  });

  it('a code from a pending secret that is wrong does not bind it', async () => {
    const reply = await staffCall(strict, staffLogin, { username: 'yunying', password: STAFF_PASSWORD });
    const staffToken = reply.body.staffToken as string;
    const started = await staffCall(strict, startTotpEnrolment, {}, { staffToken });
    const right = codeAt(strict, started.body.obj.secret);
    const wrong = String((Number(right) + 7) % 1_000_000).padStart(6, '0');
    expect((await staffCall(strict, confirmTotpEnrolment, { totpCode: wrong }, { staffToken })).body.errorType).toBe('TOTP_WRONG');
    expect((await staffCall(strict, selectStaffSelf, {}, { staffToken })).body.obj.totpEnabled).toBe(false);
  });
});
