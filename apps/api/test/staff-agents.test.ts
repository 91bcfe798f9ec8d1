import { describe, expect, it } from 'vitest';
import {
  adjustAgentBalance,
  changeAgentGrade,
  fenToYuan,
  resetAgentPassword,
  searchAgents,
  selectAgentChanges,
  selectAgentDetail,
  selectAgentGrades,
  selectAgentInvitees,
  selectAuditLog,
  selectAuditStaff,
  setAgentLoginEnabled,
  selectMyAccoutInfo,
  staffLogin,
} from '@shop/contract';
import { useTestApp } from './helpers/app.js';
import { newAgent } from './helpers/account-area-fixture.js';
import { ledgerHolds } from './helpers/shop-fixture.js';
import { STAFF_PASSWORD, staffCall } from './helpers/staff-fixture.js';

const t = useTestApp();

const tokens = new Map<string, Promise<string>>();
/** A demo staff member's token (admin, caiwu = finance, cangku = warehouse, kefu = service), logged in once per file. */
function tokenOf(username: 'admin' | 'caiwu' | 'cangku' | 'kefu') {
  if (!tokens.has(username)) {
    tokens.set(
      username,
      staffCall(t, staffLogin, { username, password: STAFF_PASSWORD }).then((r) => {
        if (r.body.errorType !== 'SUCCESS') throw new Error(`staff login ${username}: ${r.text}`);
        return r.body.staffToken as string;
      }),
    );
  }
  return tokens.get(username)!;
}
const as = async (username: 'admin' | 'caiwu' | 'cangku' | 'kefu', op: Parameters<typeof staffCall>[1], payload: unknown) =>
  staffCall(t, op, payload, { staffToken: await tokenOf(username) });

const agentRow = (id: number) => t.db.kysely.selectFrom('agents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const auditRows = (agentId: number, operation: string) =>
  t.db.kysely.selectFrom('audit_logs').selectAll().where('target_kind', '=', 'agent').where('target_id', '=', agentId).where('operation', '=', operation).orderBy('id').execute();
const changes = (agentId: number, account: string) =>
  t.db.kysely.selectFrom('account_changes').selectAll().where('agent_id', '=', agentId).where('account', '=', account).orderBy('id').execute();

let other: Promise<{ agentId: number; gradeId: number }> | null = null;
/** An agent and a grade of another platform (made once): never visible nor writable from this one. */
const otherPlatformAgent = () => (other ??= makeOtherPlatformAgent());
async function makeOtherPlatformAgent() {
  const k = t.db.kysely;
  const { id: gradeId } = await k
    .insertInto('grades')
    .values({ plat_id: 'plat-other', grade_name: '他台等级', grade_level: 1, first_recharge_money: 0, bond_money: 0, created_at: t.clock.now().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const model = await agentRow(await t.agentIdOf('13800000002'));
  const { id } = await k
    .insertInto('agents')
    .values({ ...model, id: undefined, plat_id: 'plat-other', phone: '13911112222', agent_code: 'OTHER1', agent_name: '他台代理', grade_id: Number(gradeId), inviter_id: null } as any)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { agentId: Number(id), gradeId: Number(gradeId) };
}

describe('searchAgents and the detail', () => {
  it('finds agents by phone, name or code part, filters by grade and login, and never shows another platform', async () => {
    const a = await newAgent(t, { name: '搜索甲' });
    const other = await otherPlatformAgent();
    const byPhone = await as('kefu', searchAgents, { keyword: a.phone.slice(3), phonePage: { pageNum: 1, pageSize: 10 } });
    expect(byPhone.body.obj.total).toBe(1);
    // The service desk reads balances summarised (ADR 0025): which are nonzero, never the amounts.
    expect(byPhone.body.objs[0]).toMatchObject({ agentId: a.id, agentName: '搜索甲', phone: a.phone, loginEnabled: true, lastStore: null, laveIntegral: null });
    expect(byPhone.body.objs[0].hasBalance).toEqual({ store: false, income: false, integral: false, bond: false, frozen: false });
    expect((await as('caiwu', searchAgents, { keyword: a.phone.slice(3) })).body.objs[0]).toMatchObject({ lastStore: '0.00', laveIntegral: 0 });
    expect((await as('admin', searchAgents, { keyword: '搜索甲' })).body.objs.map((r: any) => r.agentId)).toEqual([a.id]);
    expect((await as('admin', searchAgents, { keyword: `T${a.phone}` })).body.objs.map((r: any) => r.agentId)).toEqual([a.id]);
    expect((await as('admin', searchAgents, { keyword: '他台代理' })).body.obj.total).toBe(0);
    expect((await as('admin', searchAgents, { keyword: '%' })).body.obj.total).toBe(0);
    const all = await as('admin', searchAgents, { phonePage: { pageNum: 1, pageSize: 50 } });
    expect(all.body.objs.some((r: any) => r.agentId === other.agentId)).toBe(false);
    expect(all.body.objs.length).toBe(all.body.obj.total);
    const first = all.body.objs.find((r: any) => r.phone === '13800000001');
    const graded = await as('admin', searchAgents, { gradeId: first.gradeId, phonePage: { pageSize: 50 } });
    expect(graded.body.objs.every((r: any) => r.gradeId === first.gradeId)).toBe(true);
    expect(graded.body.objs.some((r: any) => r.phone === '13800000001')).toBe(true);
    const grades = await as('admin', selectAgentGrades, {});
    expect(grades.body.objs.map((g: any) => g.id)).toContain(first.gradeId);
    expect(grades.body.objs.map((g: any) => g.id)).not.toContain(other.gradeId);
  });

  it.each([
    [{ keyword: 'x'.repeat(33) }, '关键词不能超过32个字'],
    [{ gradeId: 'abc' }, '请求参数有误'],
    [{ agentStatus: 3 }, '请求参数有误'],
    [{ loginEnabled: 'yes' }, '请求参数有误'],
  ])('searchAgents refuses %j', async (payload, msg) => {
    expect((await as('admin', searchAgents, payload)).body.msg).toBe(msg);
  });

  it('shows the profile, balances, the inviter chain nearest first and the invitees', async () => {
    const top = await newAgent(t, { name: '链顶' });
    const mid = await newAgent(t, { name: '链中', inviterId: top.id });
    const low = await newAgent(t, { name: '链底', inviterId: mid.id });
    const d = await as('kefu', selectAgentDetail, { agentId: low.id });
    expect(d.body.errorType).toBe('SUCCESS');
    expect(d.body.obj.agent).toMatchObject({ agentId: low.id, agentName: '链底', inviterName: '链中', loginEnabled: true, loginDisabledAt: null });
    expect(d.body.obj.inviterChain.map((l: any) => l.agentName)).toEqual(['链中', '链顶']);
    expect(d.body.obj.counts).toEqual({ orders: 0, invitees: 0 });
    expect(d.text).not.toContain('argon2');
    const tree = await as('kefu', selectAgentInvitees, { agentId: top.id });
    expect(tree.body.objs).toEqual([expect.objectContaining({ agentId: mid.id, agentName: '链中', invitees: 1 })]);
    const demoId = await t.agentIdOf('13800000001');
    const demo = await as('admin', selectAgentDetail, { agentId: demoId });
    const row = await agentRow(demoId);
    expect(demo.body.obj.agent).toMatchObject({ lastStore: fenToYuan(row.last_store), laveIncome: fenToYuan(row.lave_income), laveIntegral: row.lave_integral });
    expect(demo.body.obj.counts.invitees).toBeGreaterThan(0);
  });

  it('answers 代理商不存在 for an unknown agent and for another platform’s, in every agent operation', async () => {
    const other = await otherPlatformAgent();
    for (const agentId of [999999, other.agentId]) {
      expect((await as('admin', selectAgentDetail, { agentId })).body.msg).toBe('代理商不存在');
      expect((await as('admin', selectAgentInvitees, { agentId })).body.msg).toBe('代理商不存在');
      expect((await as('admin', selectAgentChanges, { agentId, account: 'store' })).body.msg).toBe('代理商不存在');
      expect((await as('admin', adjustAgentBalance, { agentId, account: 'store', amount: '1', reason: '测试' })).body.msg).toBe('代理商不存在');
      expect((await as('admin', setAgentLoginEnabled, { agentId, enabled: false, reason: '测试' })).body.msg).toBe('代理商不存在');
      expect((await as('admin', resetAgentPassword, { agentId, reason: '测试' })).body.msg).toBe('代理商不存在');
    }
    expect((await agentRow(other.agentId)).login_disabled_at).toBeNull();
    expect((await agentRow(other.agentId)).last_store).toBe(0);
    expect((await as('admin', selectAgentDetail, { agentId: 'x' })).body.msg).toBe('代理商不存在');
  });
});

describe('adjustAgentBalance', () => {
  it.each([
    [{ account: 'store', amount: '1', reason: 'r' }, '代理商不存在'],
    [{ agentId: 1, amount: '1', reason: 'r' }, '请选择调整的账户'],
    [{ agentId: 1, account: 'bond', amount: '1', reason: 'r' }, '请选择调整的账户'],
    [{ agentId: 1, account: 'store', reason: 'r' }, '请输入调整数额'],
    [{ agentId: 1, account: 'store', amount: '  ', reason: 'r' }, '请输入调整数额'],
    [{ agentId: 1, account: 'store', amount: '1.234', reason: 'r' }, '请输入正确的金额（最多两位小数，减少请输入负数）'],
    [{ agentId: 1, account: 'store', amount: 'abc', reason: 'r' }, '请输入正确的金额（最多两位小数，减少请输入负数）'],
    [{ agentId: 1, account: 'income', amount: '0.00', reason: 'r' }, '调整数额不能为0'],
    [{ agentId: 1, account: 'integral', amount: '1.5', reason: 'r' }, '积分须为整数（减少请输入负数）'],
    [{ agentId: 1, account: 'store', amount: '1' }, '请输入原因'],
    [{ agentId: 1, account: 'store', amount: '1', reason: ' ' }, '请输入原因'],
    [{ agentId: 1, account: 'store', amount: '1', reason: '长'.repeat(201) }, '原因不能超过200个字'],
  ])('refuses %j with "%s"', async (payload, msg) => {
    const before = await agentRow(1);
    expect((await as('admin', adjustAgentBalance, payload)).body.msg).toBe(msg);
    expect((await agentRow(1)).last_store).toBe(before.last_store);
  });

  it('adds and reduces each account with the manual codes 11 / 21, a change record and an audit record', async () => {
    const a = await newAgent(t);
    const add = await as('caiwu', adjustAgentBalance, { agentId: a.id, account: 'store', amount: '12.34', reason: '补发货款' });
    expect(add.body).toMatchObject({ errorType: 'SUCCESS', msg: '调整成功', obj: { changeState: 11, amount: '12.34', balanceBefore: '0.00', balanceAfter: '12.34' } });
    expect(await as('admin', adjustAgentBalance, { agentId: a.id, account: 'store', amount: -2.34, reason: '多发扣回' })).toMatchObject({
      body: { obj: { changeState: 21, balanceAfter: '10.00' } },
    });
    await as('admin', adjustAgentBalance, { agentId: a.id, account: 'income', amount: '5', reason: '奖励' });
    await as('admin', adjustAgentBalance, { agentId: a.id, account: 'integral', amount: '30', reason: '活动赠送' });
    const pts = await as('admin', adjustAgentBalance, { agentId: a.id, account: 'integral', amount: '-7', reason: '误发' });
    expect(pts.body.obj).toMatchObject({ changeState: 21, amount: '-7', balanceBefore: '30', balanceAfter: '23' });
    expect(await agentRow(a.id)).toMatchObject({ last_store: 1000, lave_income: 500, lave_integral: 23 });
    expect((await changes(a.id, 'store')).map((c) => [c.amount, c.change_state, c.balance_after, c.remark])).toEqual([
      [1234, 11, 1234, '补发货款'],
      [-234, 21, 1000, '多发扣回'],
    ]);
    const audits = await auditRows(a.id, 'adjustAgentBalance');
    expect(audits.map((r) => [r.staff_name, r.role, r.amount, r.before_state, r.after_state, r.reason, r.detail])).toEqual([
      ['caiwu', 'finance', 1234, '0.00', '12.34', '补发货款', '账户：货款余额'],
      ['admin', 'admin', -234, '12.34', '10.00', '多发扣回', '账户：货款余额'],
      ['admin', 'admin', 500, '0.00', '5.00', '奖励', '账户：总分收入'],
      ['admin', 'admin', 30, '0', '30', '活动赠送', '账户：积分'],
      ['admin', 'admin', -7, '30', '23', '误发', '账户：积分'],
    ]);
    const trail = await as('admin', selectAuditLog, { targetKind: 'agent', targetId: a.id });
    expect(trail.body.objs.map((r: any) => r.amountText)).toEqual(['-7 积分', '30 积分', '¥5.00', '-¥2.34', '¥12.34']);
    // The agent sees the new goods fund on their own account screen.
    const mine = await t.call(selectMyAccoutInfo, {}, { token: a.token });
    expect(mine.body.obj.lastStore).toBe('10.00');
    const listed = await as('caiwu', selectAgentChanges, { agentId: a.id, account: 'integral' });
    expect(listed.body.objs.map((r: any) => [r.changeName, r.amount, r.balanceAfter])).toEqual([
      ['总部手动减少', '-7', '23'],
      ['总部手动增加', '30', '30'],
    ]);
    expect(listed.body.obj.total).toBe(2);
    expect(await ledgerHolds(t)).toBe(true);
  });

  it('never takes a balance below zero: the refusal names the account and nothing is written', async () => {
    const a = await newAgent(t);
    await as('admin', adjustAgentBalance, { agentId: a.id, account: 'store', amount: '1.00', reason: '初始' });
    expect((await as('admin', adjustAgentBalance, { agentId: a.id, account: 'store', amount: '-1.01', reason: '扣减' })).body.msg).toBe('货款余额不足，无法减少该数额');
    expect((await as('admin', adjustAgentBalance, { agentId: a.id, account: 'income', amount: '-0.01', reason: '扣减' })).body.msg).toBe('总分收入余额不足，无法减少该数额');
    expect((await as('admin', adjustAgentBalance, { agentId: a.id, account: 'integral', amount: '-1', reason: '扣减' })).body.msg).toBe('积分不足，无法减少该数额');
    expect((await agentRow(a.id)).last_store).toBe(100);
    expect(await changes(a.id, 'store')).toHaveLength(1);
    expect(await auditRows(a.id, 'adjustAgentBalance')).toHaveLength(1);
  });

  it('is refused to service and warehouse staff, changing nothing', async () => {
    const a = await newAgent(t);
    for (const who of ['kefu', 'cangku'] as const) {
      expect((await as(who, adjustAgentBalance, { agentId: a.id, account: 'store', amount: '5', reason: 'x' })).body.errorType).toBe('FORBIDDEN');
    }
    expect((await agentRow(a.id)).last_store).toBe(0);
  });

  it('parallel reduces by two staff never go below zero nor lose a record: balance = sum of its records', async () => {
    const a = await newAgent(t);
    await as('admin', adjustAgentBalance, { agentId: a.id, account: 'store', amount: '100.00', reason: '初始' });
    const replies = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        as(i % 2 ? 'admin' : 'caiwu', adjustAgentBalance, { agentId: a.id, account: 'store', amount: '-7.00', reason: `并发${i}` }),
      ),
    );
    const ok = replies.filter((r) => r.body.errorType === 'SUCCESS');
    expect(ok).toHaveLength(14);
    expect(replies.filter((r) => r.body.msg === '货款余额不足，无法减少该数额')).toHaveLength(10);
    const row = await agentRow(a.id);
    expect(row.last_store).toBe(200);
    const records = await changes(a.id, 'store');
    expect(records).toHaveLength(15);
    expect(records.reduce((s, c) => s + Number(c.amount), 0)).toBe(row.last_store);
    expect(records.every((c) => Number(c.balance_after) >= 0)).toBe(true);
    expect(new Set(records.map((c) => Number(c.balance_after))).size).toBe(15);
    expect(await auditRows(a.id, 'adjustAgentBalance')).toHaveLength(15);
    expect(await ledgerHolds(t)).toBe(true);
  });
});

describe('login switch, grade and password', () => {
  it('disabling login ends the agent’s sessions at once and refuses a new login; enabling lets them in again', async () => {
    const a = await newAgent(t);
    expect((await t.call(selectMyAccoutInfo, {}, { token: a.token })).status).toBe(200);
    const off = await as('kefu', setAgentLoginEnabled, { agentId: a.id, enabled: false, reason: '涉嫌违规' });
    expect(off.body).toMatchObject({ errorType: 'SUCCESS', obj: { loginEnabled: false } });
    expect((await t.call(selectMyAccoutInfo, {}, { token: a.token })).status).toBe(401);
    const refused = await t.call('/api/home/newLogin.do', { suAccount: a.phone, suPassword: 'demo1234' });
    expect(refused.body).toMatchObject({ errorType: 'ACCOUNT_DISABLED', msg: '该账号已被禁止登录，请联系客服' });
    expect(refused.body.accessToken).toBeUndefined();
    expect((await as('admin', setAgentLoginEnabled, { agentId: a.id, enabled: 0, reason: '再次' })).body.msg).toBe('该代理商已被禁止登录');
    const listed = await as('admin', searchAgents, { keyword: a.phone, loginEnabled: false });
    expect(listed.body.objs.map((r: any) => r.agentId)).toEqual([a.id]);
    expect((await as('admin', setAgentLoginEnabled, { agentId: a.id, enabled: true, reason: '核实无误' })).body.obj.loginEnabled).toBe(true);
    expect((await t.login(a.phone, 'demo1234')).token).toBeTruthy();
    expect((await auditRows(a.id, 'setAgentLoginEnabled')).map((r) => [r.staff_name, r.before_state, r.after_state, r.reason])).toEqual([
      ['kefu', '允许登录', '禁止登录', '涉嫌违规'],
      ['admin', '禁止登录', '允许登录', '核实无误'],
    ]);
  });

  it('two staff disabling at once: one wins, the other is told', async () => {
    const a = await newAgent(t);
    const replies = await Promise.all([
      as('admin', setAgentLoginEnabled, { agentId: a.id, enabled: false, reason: '甲' }),
      as('kefu', setAgentLoginEnabled, { agentId: a.id, enabled: false, reason: '乙' }),
    ]);
    expect(replies.map((r) => r.body.msg).sort()).toEqual(['操作成功', '该代理商已被禁止登录'].sort());
    expect(await auditRows(a.id, 'setAgentLoginEnabled')).toHaveLength(1);
  });

  it.each([
    [{ agentId: 1, enabled: false }, '请输入原因'],
    [{ agentId: 1, reason: 'r' }, '请选择启用或禁用'],
    [{ agentId: 1, enabled: 'no', reason: 'r' }, '请选择启用或禁用'],
  ])('setAgentLoginEnabled refuses %j', async (payload, msg) => {
    expect((await as('admin', setAgentLoginEnabled, payload)).body.msg).toBe(msg);
  });

  it('changes the grade to one of the platform’s, audited before → after; refuses others', async () => {
    const a = await newAgent(t, { gradeLevel: 1 });
    const other = await otherPlatformAgent();
    const grades = (await as('admin', selectAgentGrades, {})).body.objs as { id: number; gradeName: string }[];
    const [low, high] = [grades[0]!, grades[1]!];
    expect((await as('admin', changeAgentGrade, { agentId: a.id, gradeId: other.gradeId, reason: 'r' })).body.msg).toBe('等级不存在');
    expect((await as('admin', changeAgentGrade, { agentId: a.id, gradeId: low.id, reason: 'r' })).body.msg).toBe('代理商已是该等级');
    expect((await as('admin', changeAgentGrade, { agentId: a.id, reason: 'r' })).body.msg).toBe('请选择等级');
    expect((await as('admin', changeAgentGrade, { agentId: a.id, gradeId: high.id })).body.msg).toBe('请输入原因');
    expect((await as('kefu', changeAgentGrade, { agentId: a.id, gradeId: high.id, reason: 'r' })).body.errorType).toBe('FORBIDDEN');
    const moved = await as('admin', changeAgentGrade, { agentId: a.id, gradeId: high.id, reason: '业绩达标' });
    expect(moved.body).toMatchObject({ errorType: 'SUCCESS', obj: { gradeId: high.id, gradeName: high.gradeName } });
    expect(Number((await agentRow(a.id)).grade_id)).toBe(high.id);
    expect((await auditRows(a.id, 'changeAgentGrade')).map((r) => [r.before_state, r.after_state, r.reason])).toEqual([[low.gradeName, high.gradeName, '业绩达标']]);
  });

  it('resets the login password to a one-time password sent by SMS (ADR 0024): staff never see it, sessions end, audited', async () => {
    const a = await newAgent(t);
    expect((await as('kefu', resetAgentPassword, { agentId: a.id })).body.msg).toBe('请输入原因');
    const reset = await as('kefu', resetAgentPassword, { agentId: a.id, reason: '本人来电忘记密码' });
    expect(reset.body).toMatchObject({ errorType: 'SUCCESS', msg: '一次性密码已短信发送给代理商，其下次登录须设置新密码', obj: { agentId: a.id } });
    const otp = (await t.app.inject({ method: 'GET', url: `/dev/sms-outbox?phone=${a.phone}` })).json().password as string;
    expect(reset.text).not.toContain(otp);
    expect((await t.call(selectMyAccoutInfo, {}, { token: a.token })).status).toBe(401);
    expect((await t.call('/api/home/newLogin.do', { suAccount: a.phone, suPassword: 'demo1234' })).body.msg).toBe('账号或密码错误');
    expect((await t.login(a.phone, otp)).token).toBeTruthy();
    const audits = await t.db.kysely.selectFrom('audit_logs').selectAll().where('operation', '=', 'resetAgentPassword').execute();
    expect(audits.filter((r) => Number(r.target_id) === a.id)).toHaveLength(1);
    expect(JSON.stringify(audits)).not.toContain(otp);
  });
});

describe('selectAuditLog', () => {
  it('lists the platform’s records newest first, filtered by operation, staff, target and China-time days', async () => {
    const a = await newAgent(t);
    await as('caiwu', adjustAgentBalance, { agentId: a.id, account: 'store', amount: '12.34', reason: '审计甲' });
    await as('admin', adjustAgentBalance, { agentId: a.id, account: 'integral', amount: '8', reason: '审计乙' });
    await as('admin', setAgentLoginEnabled, { agentId: a.id, enabled: false, reason: '审计丙' });
    const mine = await as('caiwu', selectAuditLog, { targetKind: 'agent', targetId: a.id });
    expect(mine.body.objs.map((r: any) => [r.operation, r.staffName, r.amountText, r.before, r.after, r.reason, r.agentName])).toEqual([
      ['setAgentLoginEnabled', 'admin', '', '允许登录', '禁止登录', '审计丙', expect.any(String)],
      ['adjustAgentBalance', 'admin', '8 积分', '0', '8', '审计乙', expect.any(String)],
      ['adjustAgentBalance', 'caiwu', '¥12.34', '0.00', '12.34', '审计甲', expect.any(String)],
    ]);
    expect(mine.body.objs[0]).toMatchObject({ agentId: a.id, role: 'admin', ip: t.ip, createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) });
    const caiwuId = mine.body.objs[2].staffId;
    const byStaff = await as('admin', selectAuditLog, { staffId: caiwuId, targetId: a.id, targetKind: 'agent' });
    expect(byStaff.body.objs.map((r: any) => r.reason)).toEqual(['审计甲']);
    const staffListed = await as('caiwu', selectAuditStaff, {});
    expect(staffListed.body.objs).toEqual(expect.arrayContaining([{ staffId: caiwuId, staffName: 'caiwu' }]));
    const byOp = await as('admin', selectAuditLog, { operation: 'setAgentLoginEnabled', targetId: a.id, targetKind: 'agent' });
    expect(byOp.body.obj.total).toBe(1);
    // The test clock stands at 2026-11-21 10:00 China time: that day holds them, the days around it do not.
    const today = '2026-11-21';
    expect((await as('admin', selectAuditLog, { targetId: a.id, targetKind: 'agent', to: '2026-11-20' })).body.obj.total).toBe(0);
    expect((await as('admin', selectAuditLog, { targetId: a.id, targetKind: 'agent', from: '2026-11-22' })).body.obj.total).toBe(0);
    expect((await as('admin', selectAuditLog, { targetId: a.id, targetKind: 'agent', from: today, to: today })).body.obj.total).toBe(3);
    expect((await as('admin', selectAuditLog, { targetId: a.id, targetKind: 'agent', from: '2020-01-01', to: '2020-01-02' })).body.obj.total).toBe(0);
    const paged = await as('admin', selectAuditLog, { targetId: a.id, targetKind: 'agent', phonePage: { pageNum: 2, pageSize: 2 } });
    expect(paged.body.objs.map((r: any) => r.reason)).toEqual(['审计甲']);
    expect(paged.body.obj).toMatchObject({ total: 3, phonePage: { pageNum: 2, pageSize: 2, pageTotal: 2 } });
  });

  it('shows only the own platform’s records, refuses bad dates and the roles the table refuses', async () => {
    await t.db.kysely
      .insertInto('audit_logs')
      .values({ plat_id: 'plat-other', staff_id: 1, staff_name: 'x', role: 'admin', operation: 'otherPlatformOp', target_kind: 'agent', target_id: 1, agent_id: null, created_at: t.clock.now().toISOString() })
      .execute();
    expect((await as('admin', selectAuditLog, { operation: 'otherPlatformOp' })).body.obj.total).toBe(0);
    expect((await as('admin', selectAuditStaff, {})).body.objs.map((r: any) => r.staffName)).not.toContain('x');
    expect((await as('kefu', selectAuditStaff, {})).body.errorType).toBe('FORBIDDEN');
    expect((await as('admin', selectAuditLog, { from: '2026/01/01' })).body.msg).toBe('日期格式有误');
    expect((await as('kefu', selectAuditLog, {})).body.errorType).toBe('FORBIDDEN');
    expect((await as('cangku', selectAuditLog, {})).body.errorType).toBe('FORBIDDEN');
  });
});
