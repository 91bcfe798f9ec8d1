import { describe, expect, it } from 'vitest';
import { changeOwnStaffPassword, saveStaff, selectAuditLog, selectStaffLoginLog, selectStaffSelf, staffLogin } from '@shop/contract';
import { useTestApp, type TestApp } from './helpers/app.js';
import { staffCall, staffLoginAs } from './helpers/staff-fixture.js';

/**
 * ADR 0033: a member changes their own password (other sessions end, the asking one stays), a disabled member is
 * told why at login, and every login attempt lands in the admin's login log with where it came from. Runs on SQLite
 * and PostgreSQL (TEST_DB).
 */
const t = useTestApp();

let serial = 0;
/** A new member of the role, made by the demo admin through saveStaff (as the console does). */
async function newMember(app: TestApp, role: 'finance' | 'service' | 'operator' = 'service') {
  const admin = await staffLoginAs(app, 'admin');
  serial += 1;
  const username = `sess${role}${serial}${process.pid % 1000}`;
  const reply = await staffCall(app, saveStaff, { username, displayName: `会话${serial}`, role, password: 'pass1234', enabled: true }, { staffToken: admin });
  expect(reply.body.msg).toBe('保存成功');
  return { username, id: reply.body.obj.id as number, admin };
}

/** A login with a browser's User-Agent, as the console sends it. */
async function login(app: TestApp, username: string, password = 'pass1234', userAgent = 'Mozilla/5.0 (Test) Chrome/120') {
  const res = await app.app.inject({
    method: 'POST',
    url: staffLogin.path,
    remoteAddress: '10.9.8.7',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': userAgent },
    payload: new URLSearchParams({ platId: app.config.platId, in: JSON.stringify({ username, password }) }).toString(),
  });
  return JSON.parse(res.body) as { errorType: string; msg: string; staffToken?: string };
}

const selfStatus = async (staffToken: string) => (await staffCall(t, selectStaffSelf, {}, { staffToken })).status;

describe('changing one’s own password', () => {
  it('needs the current password, keeps the asking session and ends the member’s other sessions', async () => {
    const m = await newMember(t);
    const here = (await login(t, m.username)).staffToken!;
    const otherTab = (await login(t, m.username)).staffToken!;
    const otherBrowser = (await login(t, m.username)).staffToken!;

    const wrong = await staffCall(t, changeOwnStaffPassword, { oldPassword: 'nope1234', newPassword: 'newpass99', confirmPassword: 'newpass99' }, { staffToken: here });
    expect(wrong.body).toMatchObject({ errorType: 'VALIDATION', msg: '当前密码不正确，请重新输入' });
    expect(await selfStatus(otherTab)).toBe(200);

    const changed = await staffCall(t, changeOwnStaffPassword, { oldPassword: 'pass1234', newPassword: 'newpass99', confirmPassword: 'newpass99' }, { staffToken: here });
    expect(changed.body).toMatchObject({ errorType: 'SUCCESS', obj: { endedSessions: 2 } });
    expect(await selfStatus(here)).toBe(200);
    expect(await selfStatus(otherTab)).toBe(401);
    expect(await selfStatus(otherBrowser)).toBe(401);
    expect((await login(t, m.username)).errorType).toBe('LOGIN_FAILED');
    expect((await login(t, m.username, 'newpass99')).errorType).toBe('SUCCESS');

    // Audited, without the password.
    const trail = await staffCall(t, selectAuditLog, { operation: 'changeOwnStaffPassword', targetKind: 'staff', targetId: m.id }, { staffToken: m.admin });
    expect(trail.body.objs).toHaveLength(1);
    expect(trail.body.objs[0]).toMatchObject({ operationName: '修改本人密码', staffName: m.username });
    expect(JSON.stringify(trail.body.objs)).not.toContain('newpass99');
  });

  it('refuses a weak, unchanged or unconfirmed new password with what to do, changing nothing', async () => {
    const m = await newMember(t);
    const token = (await login(t, m.username)).staffToken!;
    const ask = (v: Record<string, string>) => staffCall(t, changeOwnStaffPassword, v, { staffToken: token });
    expect((await ask({ oldPassword: 'pass1234', newPassword: 'short1', confirmPassword: 'short1' })).body.msg).toBe('新密码至少8位，且须同时包含字母和数字');
    expect((await ask({ oldPassword: 'pass1234', newPassword: 'pass1234', confirmPassword: 'pass1234' })).body.msg).toBe('新密码不能与当前密码相同，请换一个');
    expect((await ask({ oldPassword: 'pass1234', newPassword: 'newpass99', confirmPassword: 'newpass98' })).body.msg).toBe('两次输入的新密码不一致，请重新输入');
    expect((await ask({ oldPassword: '', newPassword: 'newpass99', confirmPassword: 'newpass99' })).body.msg).toBe('请输入当前密码');
    expect((await login(t, m.username)).errorType).toBe('SUCCESS');
  });

  it('two changes at once from two tabs: one wins, the other is told, the password is the winner’s', async () => {
    const m = await newMember(t);
    const a = (await login(t, m.username)).staffToken!;
    const b = (await login(t, m.username)).staffToken!;
    const [ra, rb] = await Promise.all([
      staffCall(t, changeOwnStaffPassword, { oldPassword: 'pass1234', newPassword: 'aaaa1111', confirmPassword: 'aaaa1111' }, { staffToken: a }),
      staffCall(t, changeOwnStaffPassword, { oldPassword: 'pass1234', newPassword: 'bbbb2222', confirmPassword: 'bbbb2222' }, { staffToken: b }),
    ]);
    const wins = [ra, rb].filter((r) => r.body.errorType === 'SUCCESS');
    expect(wins).toHaveLength(1);
    const winner = wins[0] === ra ? 'aaaa1111' : 'bbbb2222';
    const loser = winner === 'aaaa1111' ? 'bbbb2222' : 'aaaa1111';
    // The loser was either refused outright or had its session ended by the winner before it got in.
    const lost = wins[0] === ra ? rb : ra;
    expect(lost.status === 401 || lost.body.msg === '当前密码不正确，请重新输入').toBe(true);
    expect((await login(t, m.username, winner)).errorType).toBe('SUCCESS');
    expect((await login(t, m.username, loser)).errorType).toBe('LOGIN_FAILED');
  });
});

describe('a disabled member at login', () => {
  it('is told the recorded reason (or the general message), and only after the right password', async () => {
    const m = await newMember(t);
    const off = await staffCall(t, saveStaff, { id: m.id, username: m.username, displayName: '会话停用', role: 'service', enabled: false, disabledReason: '已离职' }, { staffToken: m.admin });
    expect(off.body.errorType).toBe('SUCCESS');
    expect(await login(t, m.username)).toMatchObject({ errorType: 'STAFF_DISABLED', msg: '账号已停用（原因：已离职），请联系管理员' });
    // A wrong password learns nothing about the account.
    expect(await login(t, m.username, 'wrong9999')).toMatchObject({ errorType: 'LOGIN_FAILED', msg: '账号或密码错误' });

    const n = await newMember(t);
    await staffCall(t, saveStaff, { id: n.id, username: n.username, displayName: '会话停用2', role: 'service', enabled: false }, { staffToken: n.admin });
    expect(await login(t, n.username)).toMatchObject({ errorType: 'STAFF_DISABLED', msg: '该账号已停用，请联系管理员' });
    // Enabled again: the reason is gone and the login works.
    await staffCall(t, saveStaff, { id: m.id, username: m.username, displayName: '会话停用', role: 'service', enabled: true }, { staffToken: m.admin });
    expect((await login(t, m.username)).errorType).toBe('SUCCESS');
  });
});

describe('the login log', () => {
  it('records success and each failure with who, when, IP and browser; filters; only admin reads it', async () => {
    const m = await newMember(t);
    await login(t, m.username);
    await login(t, m.username, 'wrong9999', 'Mozilla/5.0 (iPhone) Safari/17');
    const ghost = `ghost${process.pid % 1000}${serial}`;
    await login(t, ghost);
    await staffCall(t, saveStaff, { id: m.id, username: m.username, displayName: '会话日志', role: 'service', enabled: false }, { staffToken: m.admin });
    await login(t, m.username);

    const admin = await staffLoginAs(t, 'admin');
    const mine = await staffCall(t, selectStaffLoginLog, { username: m.username }, { staffToken: admin });
    expect(mine.body.objs.map((r: any) => [r.success, r.result, r.resultText])).toEqual([
      [false, 'disabled', '账号已停用'],
      [false, 'wrongPassword', '账号或密码错误'],
      [true, 'ok', '登录成功'],
    ]);
    expect(mine.body.objs[2]).toMatchObject({ username: m.username, displayName: '会话日志', ip: '10.9.8.7', userAgent: 'Mozilla/5.0 (Test) Chrome/120', createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) });
    expect(mine.body.objs[1].userAgent).toBe('Mozilla/5.0 (iPhone) Safari/17');

    const unknown = await staffCall(t, selectStaffLoginLog, { username: ghost }, { staffToken: admin });
    expect(unknown.body.objs.map((r: any) => [r.success, r.result, r.displayName])).toEqual([[false, 'unknownUser', '']]);

    const failed = await staffCall(t, selectStaffLoginLog, { username: m.username, outcome: 'failed' }, { staffToken: admin });
    expect(failed.body.obj.total).toBe(2);
    const ok = await staffCall(t, selectStaffLoginLog, { username: m.username, outcome: 'ok' }, { staffToken: admin });
    expect(ok.body.obj.total).toBe(1);
    // The test clock's day holds them; the day before does not.
    const today = (await staffCall(t, selectStaffLoginLog, { username: m.username, from: '2026-11-21', to: '2026-11-21' }, { staffToken: admin })).body.obj.total;
    expect(today).toBe(3);
    expect((await staffCall(t, selectStaffLoginLog, { username: m.username, to: '2026-11-20' }, { staffToken: admin })).body.obj.total).toBe(0);

    for (const who of ['caiwu', 'cangku'] as const) {
      const refused = await staffCall(t, selectStaffLoginLog, {}, { staffToken: await staffLoginAs(t, who) });
      expect(refused.body).toMatchObject({ errorType: 'FORBIDDEN', msg: '无权执行此操作' });
    }
  });
});
