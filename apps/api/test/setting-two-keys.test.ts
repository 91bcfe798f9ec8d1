import { describe, expect, it } from 'vitest';
import { decideSettingProposal, proposeSetting, saveSetting, selectSettingProposals, selectSettings, staffLogin } from '@shop/contract';
import { useTestApp } from './helpers/app.js';
import { STAFF_PASSWORD, staffCall, staffLoginAs } from './helpers/staff-fixture.js';

// ADR 0032 (四眼原则): a receiving account, the withdrawal rule and the income settings change only when a second
// finance/admin member approves what a first proposed.
const t = useTestApp();

const read = async (staffToken: string) => (await staffCall(t, selectSettings, {}, { staffToken })).body.obj;
const propose = async (staffToken: string, key: string, value: unknown, version: number) => (await staffCall(t, proposeSetting, { key, value, version }, { staffToken })).body;
const decide = async (staffToken: string, id: number, approve: boolean, reason = '') => (await staffCall(t, decideSettingProposal, { id, approve, reason }, { staffToken })).body;
const auditsOf = (kind: string) => t.db.kysely.selectFrom('audit_logs').selectAll().where('target_kind', '=', kind).orderBy('id').execute();

describe('money settings under two keys', () => {
  it('a receiving account proposed by finance takes effect only when admin approves; before → after in words in the trail', async () => {
    const [finance, admin] = [await staffLoginAs(t, 'caiwu'), await staffLoginAs(t, 'admin')];
    const s = await read(finance);
    const accounts = structuredClone(s.offlineAccounts.accounts);
    const was = accounts[0].accountNumber;
    accounts[0].accountNumber = '6222000011112222';
    const proposed = await propose(finance, 'offlineAccounts', { accounts }, s.versions.offlineAccounts);
    expect(proposed).toMatchObject({ errorType: 'SUCCESS', msg: '已提交，等待另一名财务或管理员复核' });
    const id = proposed.obj.id as number;
    // Nothing changed yet.
    expect((await read(admin)).offlineAccounts.accounts[0].accountNumber).toBe(was);

    // The proposer may not approve it.
    expect((await decide(finance, id, true)).msg).toBe('不能复核自己提交的变更，请由另一名财务或管理员复核');
    const list = (await staffCall(t, selectSettingProposals, {}, { staffToken: admin })).body.objs;
    const mine = list.find((p: any) => p.id === id);
    expect(mine).toMatchObject({ keyName: '线下收款账户', stateText: '待复核', proposedBy: 'caiwu', mine: false });
    expect(mine.before).toContain(`账号 ${was}`);
    expect(mine.after).toContain('账号 6222000011112222');
    expect(mine.after).not.toContain('{');

    expect(await decide(admin, id, true)).toMatchObject({ errorType: 'SUCCESS', obj: { id, state: 1, stateText: '已通过' } });
    const after = await read(admin);
    expect(after.offlineAccounts.accounts[0].accountNumber).toBe('6222000011112222');
    expect(after.versions.offlineAccounts).toBe(s.versions.offlineAccounts + 1);
    const trail = await auditsOf('setting:offlineAccounts');
    expect(trail.map((a) => [a.operation, a.staff_name])).toEqual([
      ['proposeSetting', 'caiwu'],
      ['saveSetting', 'admin'],
      ['decideSettingProposal', 'admin'],
    ]);
    expect(trail[1]!.before_state).toContain(`账号 ${was}`);
    expect(trail[1]!.after_state).toContain('账号 6222000011112222');
    expect(trail[1]!.detail).toBe('线下收款账户：caiwu 提交，admin 复核通过');
    // Decided once.
    expect((await decide(finance, id, false, '不同意')).msg).toBe('这条变更已被处理，请刷新查看结果');
  });

  it('the withdrawal fee in percent; a rejection needs a reason and changes nothing', async () => {
    const [finance, admin] = [await staffLoginAs(t, 'caiwu'), await staffLoginAs(t, 'admin')];
    const s = await read(admin);
    const p = await propose(admin, 'withdrawRule', { ...s.withdrawRule, serviceChargePercent: '1.5' }, s.versions.withdrawRule);
    const list = (await staffCall(t, selectSettingProposals, {}, { staffToken: finance })).body.objs;
    const row = list.find((x: any) => x.id === p.obj.id);
    expect(row.before).toContain(`手续费 ${s.withdrawRule.serviceChargePercent}%`);
    expect(row.after).toContain('手续费 1.5%');
    expect(row.after).toContain(`最低提现 ${s.withdrawRule.minWithdrawMoney} 元`);
    expect((await decide(finance, p.obj.id, false)).msg).toBe('驳回时请填写原因');
    expect(await decide(finance, p.obj.id, false, '费率未经审批')).toMatchObject({ errorType: 'SUCCESS', obj: { state: 2, stateText: '已驳回' } });
    expect((await read(admin)).withdrawRule).toEqual(s.withdrawRule);
  });

  it('cannot be bypassed: the direct save, the operator, the warehouse, a stale proposal, two approvals racing', async () => {
    const [finance, admin] = [await staffLoginAs(t, 'caiwu'), await staffLoginAs(t, 'admin')];
    const operator = (await staffCall(t, staffLogin, { username: 'yunying', password: STAFF_PASSWORD })).body.staffToken as string;
    const warehouse = await staffLoginAs(t, 'cangku');
    const s = await read(admin);
    const income = { ...s.incomeSettings, releaseDays: s.incomeSettings.releaseDays + 3 };

    // The old direct save, by anyone.
    for (const who of [admin, finance]) {
      expect((await staffCall(t, saveSetting, { key: 'incomeSettings', value: income, version: s.versions.incomeSettings }, { staffToken: who })).body.msg).toBe(
        '该设置须由一名财务或管理员提交变更、另一名复核通过后生效，请点击“提交变更”',
      );
    }
    // The operator and the warehouse may neither propose nor decide.
    for (const who of [operator, warehouse]) {
      expect((await staffCall(t, proposeSetting, { key: 'incomeSettings', value: income, version: s.versions.incomeSettings }, { staffToken: who })).body.errorType).toBe('FORBIDDEN');
      expect((await staffCall(t, decideSettingProposal, { id: 1, approve: true }, { staffToken: who })).body.errorType).toBe('FORBIDDEN');
    }
    // An area that needs no second key is saved directly, not proposed; an unchanged one is not proposed.
    expect((await propose(finance, 'payMethods', s.payMethods, s.versions.payMethods)).msg).toBe('该设置不需要复核，请直接保存');
    expect((await propose(finance, 'incomeSettings', s.incomeSettings, s.versions.incomeSettings)).msg).toBe('内容与当前设置相同，无需提交');

    // Two proposals on the same version: the first approved makes the second stale.
    const first = (await propose(finance, 'incomeSettings', income, s.versions.incomeSettings)).obj.id;
    const second = (await propose(finance, 'incomeSettings', { ...income, releaseDays: 1 }, s.versions.incomeSettings)).obj.id;
    // Two members approving the first at once: one applies it, the other is told.
    const admin2 = await staffLoginAs(t, 'admin');
    const both = await Promise.all([decide(admin, first, true), decide(admin2, first, true)]);
    expect(both.filter((r) => r.errorType === 'SUCCESS')).toHaveLength(1);
    expect(both.find((r) => r.errorType !== 'SUCCESS')!.msg).toBe('这条变更已被处理，请刷新查看结果');
    expect((await read(admin)).incomeSettings.releaseDays).toBe(income.releaseDays);
    expect((await read(admin)).versions.incomeSettings).toBe(s.versions.incomeSettings + 1);
    expect((await decide(admin, second, true)).msg).toBe('提交之后该设置已被修改，这条变更已过期；请驳回后按当前设置重新提交');
    expect((await read(admin)).incomeSettings.releaseDays).toBe(income.releaseDays);
    expect(await t.db.kysely.selectFrom('setting_proposals').select('state').where('id', '=', second).executeTakeFirstOrThrow()).toEqual({ state: 0 });
  });
});
