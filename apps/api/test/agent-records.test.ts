import { describe, expect, it } from 'vitest';
import { adjustAgentBalance, freezeStore, reviewWithdrawal, saveAccount, saveAgentWithdrawCashApply, selectAgentMoneyRecords, submitApplicationsForPersonal } from '@shop/contract';
import { useTestApp } from './helpers/app.js';
import { freshAgent } from './helpers/funds-paid-fixture.js';
import { staffCall, staffLoginAs } from './helpers/staff-fixture.js';

/**
 * ADR 0033: the console's agent detail lists an agent's top-ups and upgrades, withdrawals, deposits and collection
 * accounts, paged, in words. Runs on SQLite and PostgreSQL (TEST_DB).
 */
const t = useTestApp();

describe('the agent detail’s money tabs', () => {
  it('list the agent’s own withdrawals, top-ups and accounts in words, paged; deposits empty; the desk is refused', async () => {
    const a = await freshAgent(t, { status: 0, incomeFen: 300_000 });
    const acc = await t.call(saveAccount, { bankDicId: 1, bankDicName: '中国银行', subBankName: '深圳分行', accountName: '王芳', accountNumber: '6217000011113333' }, { token: a.token });
    expect(acc.body.errorType).toBe('SUCCESS');
    const accountId = Number((await t.db.kysely.selectFrom('collection_accounts').select('id').where('agent_id', '=', a.agentId).executeTakeFirstOrThrow()).id);
    const r = await t.call(submitApplicationsForPersonal, { payPassword: '123456', rechargeMoney: '1000.00', payType: 3 }, { token: a.token });
    expect(r.body.errorType).toBe('SUCCESS');
    await t.db.kysely.updateTable('agents').set({ agent_status: 1 }).where('id', '=', a.agentId).execute();
    const ids: number[] = [];
    for (const money of ['200', '300']) {
      const w = await t.call(saveAgentWithdrawCashApply, { payPassword: '123456', bondMoney: money, accountId }, { token: a.token });
      expect(w.body.errorType, w.body.msg).toBe('SUCCESS');
      ids.push(Number(w.body.obj.id));
    }
    const caiwu = await staffLoginAs(t, 'caiwu');
    expect((await staffCall(t, reviewWithdrawal, { id: ids[0], approve: true, payoutReference: 'BANK-TAB-1' }, { staffToken: caiwu })).body.errorType).toBe('SUCCESS');
    const list = (kind: string, phonePage = { pageNum: 1, pageSize: 10 }) => staffCall(t, selectAgentMoneyRecords, { agentId: a.agentId, kind, phonePage }, { staffToken: caiwu });

    const withdrawals = await list('withdrawals');
    expect(withdrawals.body.obj.total).toBe(2);
    const codes = await t.db.kysely.selectFrom('withdrawals').select(['id', 'withdraw_code', 'fee']).where('agent_id', '=', a.agentId).execute();
    const paid = withdrawals.body.objs.find((x: any) => x.id === ids[0]);
    expect(paid).toMatchObject({ code: codes.find((c) => Number(c.id) === ids[0])!.withdraw_code, typeText: '提现', amount: '200.00', stateText: '已打款', reference: 'BANK-TAB-1' });
    expect(paid.account).toContain('6217000011113333');
    expect(withdrawals.body.objs.find((x: any) => x.id === ids[1])).toMatchObject({ amount: '300.00', stateText: '待打款', reference: '' });
    // Paged: one a page, newest first.
    const second = await list('withdrawals', { pageNum: 2, pageSize: 1 });
    expect(second.body.objs.map((x: any) => x.id)).toEqual([ids[0]]);
    expect(second.body.obj.phonePage).toMatchObject({ pageTotal: 2 });

    const recharges = await list('recharges');
    expect(recharges.body.objs).toEqual([expect.objectContaining({ typeText: '首充', amount: '1000.00', stateText: '待审核', account: expect.stringContaining('总分支付') })]);
    const accounts = await list('accounts');
    expect(accounts.body.objs).toEqual([expect.objectContaining({ code: '6217000011113333', account: expect.stringContaining('王芳') })]);
    expect((await list('bonds')).body.obj.total).toBe(0);

    // A goods-fund freeze shows in its tab until its release day.
    expect((await staffCall(t, adjustAgentBalance, { agentId: a.agentId, account: 'store', amount: '500', reason: '测试货款' }, { staffToken: caiwu })).body.errorType).toBe('SUCCESS');
    const frozen = await staffCall(t, freezeStore, { agentPhone: a.phone, frozenMoney: '120.00', releaseDate: '2027-01-05', remark: '对账未清' }, { staffToken: caiwu });
    expect(frozen.body.errorType, frozen.body.msg).toBe('SUCCESS');
    expect((await list('frozen')).body.objs).toEqual([expect.objectContaining({ amount: '120.00', stateText: '冻结中', decidedAt: '2027-01-05 起可解冻', reason: '对账未清' })]);

    const missing = await staffCall(t, selectAgentMoneyRecords, { agentId: 987_654_321, kind: 'withdrawals' }, { staffToken: caiwu });
    expect(missing.body).toMatchObject({ errorType: 'RECORD_NOT_FOUND', msg: '代理商不存在' });
    const warehouse = await staffCall(t, selectAgentMoneyRecords, { agentId: a.agentId, kind: 'withdrawals' }, { staffToken: await staffLoginAs(t, 'cangku') });
    expect(warehouse.body).toMatchObject({ errorType: 'FORBIDDEN' });
  });
});
