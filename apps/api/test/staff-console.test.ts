import { describe, expect, it } from 'vitest';
import { saveStaff, selectDashboardCounts, selectStaffList, STAFF_EVENTS_SOCKET, staffLogin } from '@shop/contract';
import { auditOf } from '../src/modules/audit/audit.queries.js';
import { useTestApp } from './helpers/app.js';
import { listening, openSocket } from './chat-socket.js';
import { orderInState, staffCall, staffLoginAs } from './helpers/staff-fixture.js';
import { DAY } from './helpers/time.js';

const t = useTestApp();

const save = async (staffToken: string, payload: Record<string, unknown>) => (await staffCall(t, saveStaff, payload, { staffToken })).body;
const member = (n: string, extra: Record<string, unknown> = {}) => ({ username: n, displayName: `员工${n}`, role: 'service', password: 'pass1234', enabled: true, ...extra });

describe('saveStaff', () => {
  it('creates a member who can log in, lists them, and audits it without the password', async () => {
    const admin = await staffLoginAs(t, 'admin');
    const created = await save(admin, member('svc1'));
    expect(created).toMatchObject({ errorType: 'SUCCESS', msg: '保存成功', obj: { username: 'svc1', role: 'service', enabled: true, totpEnabled: false } });
    expect((await staffCall(t, staffLogin, { username: 'svc1', password: 'pass1234' })).body.errorType).toBe('SUCCESS');

    const list = await staffCall(t, selectStaffList, { phonePage: { pageNum: 1, pageSize: 10 }, keyword: 'svc' }, { staffToken: admin });
    expect(list.body.objs.map((m: any) => m.username)).toEqual(['svc1']);
    expect(list.body.obj.total).toBe(1);
    expect(list.text).not.toMatch(/argon2|password|totp_secret/i);

    const audit = await auditOf(t.db.kysely, t.config.platId, 'staff', created.obj.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operation: 'saveStaff', staff_name: 'admin', role: 'admin', before_state: '', after_state: 'svc1/员工svc1/service/启用' });
    expect(JSON.stringify(audit)).not.toContain('pass1234');
  });

  it.each([
    [member('ab'), '账号为3-32位字母、数字、下划线或点'],
    [member('svc2', { password: 'abcdefgh' }), '密码至少8位，且须同时包含字母和数字'],
    [member('svc2', { password: '' }), '请设置登录密码'],
    [member('svc2', { role: 'boss' }), '请选择角色'],
    [member('svc2', { displayName: ' ' }), '请输入姓名'],
    [member('caiwu'), '该账号已存在，请换一个账号'],
  ])('refuses %j with "%s"', async (payload, msg) => {
    const admin = await staffLoginAs(t, 'admin');
    expect((await save(admin, payload)).msg).toBe(msg);
  });

  it('an admin cannot disable or demote themselves; the last enabled admin stays', async () => {
    const admin = await staffLoginAs(t, 'admin');
    const self = (await staffCall(t, selectStaffList, { phonePage: { pageNum: 1, pageSize: 10 }, keyword: 'admin' }, { staffToken: admin })).body.objs[0];
    const refused = '不能停用自己的账号或修改自己的角色';
    expect((await save(admin, { id: self.id, username: 'admin', displayName: self.displayName, role: 'admin', enabled: false })).msg).toBe(refused);
    expect((await save(admin, { id: self.id, username: 'admin', displayName: self.displayName, role: 'finance', enabled: true })).msg).toBe(refused);

    // A second admin may not take the first one away when that leaves none; with two, one may go.
    const second = (await save(admin, member('boss2', { role: 'admin' }))).obj;
    const boss2 = (await staffCall(t, staffLogin, { username: 'boss2', password: 'pass1234' })).body.staffToken as string;
    const off = await save(boss2, { id: self.id, username: 'admin', displayName: self.displayName, role: 'admin', enabled: false });
    expect(off.obj.enabled).toBe(false);
    // boss2 is now the only enabled admin; they cannot demote themselves either.
    expect((await save(boss2, { id: second.id, username: 'boss2', displayName: second.displayName, role: 'service', enabled: true })).msg).toBe(refused);
    const back = await save(boss2, { id: self.id, username: 'admin', displayName: self.displayName, role: 'admin', enabled: true });
    expect(back.obj.enabled).toBe(true);
  });

  it('two admins disabling each other at once: one wins, one enabled admin always remains', async () => {
    const admin = await staffLoginAs(t, 'admin');
    const a = (await save(admin, member('racea', { role: 'admin' }))).obj;
    const b = (await save(admin, member('raceb', { role: 'admin' }))).obj;
    // Only racea and raceb stay enabled admins.
    const others = (await staffCall(t, selectStaffList, { phonePage: { pageNum: 1, pageSize: 50 }, role: 'admin' }, { staffToken: admin })).body.objs
      .filter((m: any) => m.enabled && m.id !== a.id && m.id !== b.id)
      .map((m: any) => m);
    const tokenA = (await staffCall(t, staffLogin, { username: 'racea', password: 'pass1234' })).body.staffToken as string;
    const tokenB = (await staffCall(t, staffLogin, { username: 'raceb', password: 'pass1234' })).body.staffToken as string;
    for (const m of others) await save(tokenA, { id: m.id, username: m.username, displayName: m.displayName, role: 'admin', enabled: false });

    const [x, y] = await Promise.all([
      save(tokenA, { id: b.id, username: 'raceb', displayName: b.displayName, role: 'admin', enabled: false }),
      save(tokenB, { id: a.id, username: 'racea', displayName: a.displayName, role: 'admin', enabled: false }),
    ]);
    const outcomes = [x.errorType, y.errorType].sort();
    expect(outcomes[0]).toBe('SUCCESS');
    expect([x.msg, y.msg].filter((m) => m !== '保存成功').length).toBe(1);
    const enabledAdmins = await t.db.kysely.selectFrom('staff').select('id').where('role', '=', 'admin').where('disabled_at', 'is', null).execute();
    expect(enabledAdmins.length).toBeGreaterThanOrEqual(1);

    // Put the demo admins back for the other tests.
    const winner = x.errorType === 'SUCCESS' ? tokenA : tokenB;
    for (const m of others) await save(winner, { id: m.id, username: m.username, displayName: m.displayName, role: 'admin', enabled: true });
  });
});

describe('dashboard counts', () => {
  it('counts each queue, shows a role only the queues it may open, and adds today’s paid order to today and the chart', async () => {
    const admin = await staffLoginAs(t, 'admin');
    const before = (await staffCall(t, selectDashboardCounts, {}, { staffToken: admin })).body.obj;
    await orderInState(t, 2, { receipt: true });
    await orderInState(t, 3, { patch: { pay_date: t.clock.now().toISOString() } });
    // Paid yesterday (China time): in the chart, not in today.
    await orderInState(t, 3, { patch: { pay_date: new Date(t.clock.now().getTime() - DAY).toISOString() } });

    const after = (await staffCall(t, selectDashboardCounts, {}, { staffToken: admin })).body.obj;
    expect(after.queues.offlinePayments).toBe(before.queues.offlinePayments + 1);
    expect(after.queues.toShip).toBe(before.queues.toShip + 2);
    expect(after.today.paidOrders).toBe(before.today.paidOrders + 1);
    expect(after.last30Days).toHaveLength(30);
    expect(after.last30Days[29].date).toBe('2026-11-21');
    expect(after.last30Days[28].paidOrders).toBe(before.last30Days[28].paidOrders + 1);
    expect(Number(after.today.paidAmount)).toBeGreaterThan(Number(before.today.paidAmount));

    const warehouse = await staffLoginAs(t, 'cangku');
    expect(Object.keys((await staffCall(t, selectDashboardCounts, {}, { staffToken: warehouse })).body.obj.queues)).toEqual(['toShip']);
    const finance = await staffLoginAs(t, 'caiwu');
    expect(Object.keys((await staffCall(t, selectDashboardCounts, {}, { staffToken: finance })).body.obj.queues).sort()).toEqual(
      ['bondReturns', 'bonds', 'offlinePayments', 'recharges', 'withdrawals'].sort(),
    );
  });

  it('pushes the counts over the socket at once and again when a queue grows; refuses a bad token', async () => {
    const url = (await listening(t.app)) + STAFF_EVENTS_SOCKET;
    const bad = await openSocket(url);
    bad.send({ type: 'auth', staffToken: 'nope' });
    expect(await bad.closed).toBe(4401);

    const finance = await staffLoginAs(t, 'caiwu');
    const socket = await openSocket(url);
    try {
      socket.send({ type: 'auth', staffToken: finance });
      const first = await socket.next((f) => f.type === 'counts');
      expect(first.queues.toShip).toBeUndefined();
      await orderInState(t, 2, { receipt: true });
      const next = await socket.next((f) => f.type === 'counts', 10_000);
      expect(next.queues.offlinePayments).toBe(first.queues.offlinePayments + 1);
    } finally {
      await socket.close();
    }
  });
});

