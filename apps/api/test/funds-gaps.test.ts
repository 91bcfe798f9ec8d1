import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  baseOfflinePayInfoById,
  deleteAccount,
  saveAccount,
  saveAgentWithdrawCashApply,
  saveAgentWithdrawOut,
  selAccountInfoAndCashRule,
  selAllAgentRewardChangeRecord,
  selAllAgentWithdrawCashApply,
  selectBaseOfflinePayAccountBoList,
  setDefaultAccount,
  setIsDefOffinePay,
  thawAgentStoreFrozenRecord,
  updateAccount,
} from '@shop/contract';
import { useTestApp, type TestApp } from './helpers/app.js';
import { freshAgent } from './helpers/funds-paid-fixture.js';

/** Funds (ADR 0017), the gaps F1 left: isAllWithdraw 0, isCanTs, two agents on records and accounts, identity. */
const t = useTestApp();

/** Everything a refused funds request could have touched for one agent. */
async function snapshot(app: TestApp, agentId: number) {
  const k = app.db.kysely;
  const agent = await k
    .selectFrom('agents')
    .select(['lave_income', 'apply_income', 'last_store', 'frozen_store', 'bond_money', 'frozen_award'])
    .where('id', '=', agentId)
    .executeTakeFirstOrThrow();
  const count = async (table: 'withdrawals' | 'account_changes' | 'collection_accounts') =>
    Number((await k.selectFrom(table).select((e) => e.fn.countAll().as('n')).where('agent_id', '=', agentId).executeTakeFirstOrThrow()).n);
  const transfers = Number((await k.selectFrom('transfers').select((e) => e.fn.countAll().as('n')).where('from_agent_id', '=', agentId).executeTakeFirstOrThrow()).n);
  return { agent, withdrawals: await count('withdrawals'), changes: await count('account_changes'), accounts: await count('collection_accounts'), transfers };
}

const setRule = (patch: { is_all_withdraw?: number; is_can_ts?: number; ts_msg?: string }) =>
  t.db.kysely.updateTable('withdraw_rules').set(patch).where('plat_id', '=', t.config.platId).execute();

async function withAccount(incomeFen: number) {
  const a = await freshAgent(t, { status: 1, incomeFen });
  const acc = await t.call(saveAccount, { bankDicId: 1, subBankName: '支行', accountName: '测试', accountNumber: '6222000099998888' }, { token: a.token });
  expect(acc.body.errorType).toBe('SUCCESS');
  return { ...a, accountId: acc.body.obj.id as number };
}

describe('withdrawal rule switches (spec 3 §5 Withdrawal)', () => {
  afterEach(() => setRule({ is_all_withdraw: 1, is_can_ts: 0, ts_msg: '' }));

  it('isAllWithdraw 0: anything but the whole balance is refused and changes nothing; the whole balance goes, with its fee', async () => {
    const a = await withAccount(123_456);
    await setRule({ is_all_withdraw: 0 });
    expect((await t.call(selAccountInfoAndCashRule, {}, { token: a.token })).body.obj.baseWithdrawCashRuleBo.isAllWithdraw).toBe(0);
    const before = await snapshot(t, a.agentId);
    for (const amount of ['100', '1200', '1234.55']) {
      const r = await t.call(saveAgentWithdrawCashApply, { payPassword: '123456', bondMoney: amount, accountId: a.accountId }, { token: a.token });
      expect(r.body.msg, amount).toBe('请提现全部余额');
    }
    expect(await snapshot(t, a.agentId)).toEqual(before);
    // 1234.56 × 0.6 % = 7.40736 → 7.41; not a multiple of 100.00, which does not apply to the whole balance.
    const all = await t.call(saveAgentWithdrawCashApply, { payPassword: '123456', bondMoney: '1234.56', accountId: a.accountId, serviceCharge: '7.41' }, { token: a.token });
    expect(all.body.obj).toMatchObject({ bondMoney: '1234.56', serviceCharge: '7.41', factBondMoney: '1227.15', checkState: 0 });
    const after = await snapshot(t, a.agentId);
    expect([after.agent.lave_income, after.agent.apply_income]).toEqual([0, 123_456]);
  });

  it('isCanTs 1: refused with tsMsg (未开启提现 without one), shown by the rule read, nothing changed', async () => {
    const a = await withAccount(50_000);
    const before = await snapshot(t, a.agentId);
    await setRule({ is_can_ts: 1, ts_msg: '系统维护中，暂停提现' });
    const rule = await t.call(selAccountInfoAndCashRule, {}, { token: a.token });
    expect(rule.body.obj).toMatchObject({ isCanTs: 1, tsMsg: '系统维护中，暂停提现' });
    expect((await t.call(saveAgentWithdrawCashApply, { payPassword: '123456', bondMoney: '100', accountId: a.accountId }, { token: a.token })).body.msg).toBe('系统维护中，暂停提现');
    await setRule({ is_can_ts: 1, ts_msg: '' });
    expect((await t.call(saveAgentWithdrawCashApply, { payPassword: '123456', bondMoney: '100', accountId: a.accountId }, { token: a.token })).body.msg).toBe('未开启提现');
    expect(await snapshot(t, a.agentId)).toEqual(before);
    await setRule({ is_can_ts: 0 });
    expect((await t.call(saveAgentWithdrawCashApply, { payPassword: '123456', bondMoney: '100', accountId: a.accountId }, { token: a.token })).body.errorType).toBe('SUCCESS');
  });

  it('a placeholder code never overruns its column, whatever Math.random answers (PostgreSQL refused 41 characters: HTTP 500)', async () => {
    const a = await withAccount(50_000);
    // The old placeholder was tmp-<agent>-<ms>-<Math.random()>: 41+ characters for a random below 0.01.
    const spy = vi.spyOn(Math, 'random').mockReturnValue(0.0012345678901234567);
    try {
      const w = await t.call(saveAgentWithdrawCashApply, { payPassword: '123456', bondMoney: '100', accountId: a.accountId }, { token: a.token });
      expect(w.status).toBe(200);
      expect(w.body.obj.withdrawCode).toMatch(/^TX\d{10}$/);
      const b = await freshAgent(t, { status: 1 });
      const x = await t.call(saveAgentWithdrawOut, { payPassword: '123456', toAgentPhone: b.phone, rechargeMoney: '10', transferType: 1 }, { token: a.token });
      expect(x.status).toBe(200);
      expect(x.body.obj.transferCode).toMatch(/^ZZ\d{10}$/);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('two agents: no agent sees or moves another\'s withdrawals, transfers or accounts', () => {
  it('withdrawal records and transfer records are the owner\'s only', async () => {
    const a = await withAccount(100_000);
    const b = await withAccount(0);
    const c = await freshAgent(t, { status: 1 });
    const w = await t.call(saveAgentWithdrawCashApply, { payPassword: '123456', bondMoney: '200', accountId: a.accountId }, { token: a.token });
    expect(w.body.errorType).toBe('SUCCESS');
    const x = await t.call(saveAgentWithdrawOut, { payPassword: '123456', toAgentPhone: c.phone, rechargeMoney: '12.34', transferType: 1 }, { token: a.token });
    expect(x.body.errorType).toBe('SUCCESS');

    for (const checkState of [undefined, -1, 0]) {
      expect((await t.call(selAllAgentWithdrawCashApply, { checkState }, { token: a.token })).body.objs.map((r: any) => r.id)).toContain(w.body.obj.id);
      expect((await t.call(selAllAgentWithdrawCashApply, { checkState }, { token: b.token })).body.objs).toEqual([]);
    }
    expect((await t.call(selAllAgentWithdrawCashApply, { agentId: a.agentId }, { token: b.token })).body.msg).toBe('无权执行此操作');

    const sent = (await t.call(selAllAgentRewardChangeRecord, {}, { token: a.token })).body.objs;
    expect(sent.find((r: any) => r.changeState === 26)).toMatchObject({ changeMoney: '12.34' });
    const received = (await t.call(selAllAgentRewardChangeRecord, { changeType: 1 }, { token: c.token })).body.objs;
    expect(received.map((r: any) => [r.changeState, r.changeMoney])).toEqual([[12, '12.34']]);
    // The recipient sees its credit only, the bystander nothing; naming the sender is refused.
    expect((await t.call(selAllAgentRewardChangeRecord, { changeType: 2 }, { token: c.token })).body.objs).toEqual([]);
    expect((await t.call(selAllAgentRewardChangeRecord, {}, { token: b.token })).body.objs).toEqual([]);
    expect((await t.call(selAllAgentRewardChangeRecord, { agentId: a.agentId }, { token: b.token })).body.msg).toBe('无权执行此操作');
  });

  it('reading, editing, deleting or making default another agent\'s account: not found, nothing changed', async () => {
    const a = await withAccount(0);
    const second = await t.call(saveAccount, { bankDicId: 2, subBankName: '二号支行', accountName: '测试', accountNumber: '6222000077776666' }, { token: a.token });
    const b = await freshAgent(t, { status: 1 });
    const rows = () => t.db.kysely.selectFrom('collection_accounts').selectAll().where('agent_id', '=', a.agentId).orderBy('id').execute();
    const before = await rows();
    const id = second.body.obj.id as number;
    const edit = { id, bankDicId: 3, subBankName: '改', accountName: '改', accountNumber: '1' };
    const attempts = [
      () => t.call(baseOfflinePayInfoById, { id }, { token: b.token }),
      () => t.call(updateAccount, edit, { token: b.token }),
      () => t.call(updateAccount, { ...edit, isDefault: 1 }, { token: b.token }),
      () => t.call(setDefaultAccount, { id }, { token: b.token }),
      () => t.call(setIsDefOffinePay, { id: a.accountId }, { token: b.token }),
      () => t.call(deleteAccount, { id }, { token: b.token }),
    ];
    for (const attempt of attempts) expect((await attempt()).body.msg).toBe('收款账户不存在');
    // Naming the owner as agentId does not help: refused before anything is read.
    expect((await t.call(deleteAccount, { id, agentId: a.agentId }, { token: b.token })).body.msg).toBe('无权执行此操作');
    expect(await rows()).toEqual(before);
    expect((await t.call(selectBaseOfflinePayAccountBoList, {}, { token: b.token })).body.objs).toEqual([]);
    // B's own withdrawal cannot be paid to A's account either.
    expect((await t.call(saveAgentWithdrawCashApply, { payPassword: '123456', bondMoney: '100', accountId: id }, { token: b.token })).body.msg).toBe('请选择收款账号');
  });
});

describe('identity: agentId naming someone else is refused and changes nothing', () => {
  it('withdrawal, transfer and thaw with another agent\'s id', async () => {
    const a = await withAccount(100_000);
    const b = await withAccount(100_000);
    const before = [await snapshot(t, a.agentId), await snapshot(t, b.agentId)];
    const calls = [
      t.call(saveAgentWithdrawCashApply, { payPassword: '123456', bondMoney: '100', accountId: b.accountId, agentId: b.agentId }, { token: a.token }),
      t.call(saveAgentWithdrawOut, { payPassword: '123456', toAgentPhone: a.phone, rechargeMoney: '10', transferType: 1, agentId: b.agentId }, { token: a.token }),
      t.call(thawAgentStoreFrozenRecord, { agentId: b.agentId }, { token: a.token }),
      t.call(selAccountInfoAndCashRule, { agentId: b.agentId }, { token: a.token }),
    ];
    for (const r of await Promise.all(calls)) expect(r.body.msg).toBe('无权执行此操作');
    expect([await snapshot(t, a.agentId), await snapshot(t, b.agentId)]).toEqual(before);
    // Its own id is accepted (the legacy client sends it).
    expect((await t.call(saveAgentWithdrawCashApply, { payPassword: '123456', bondMoney: '100', accountId: a.accountId, agentId: a.agentId }, { token: a.token })).body.errorType).toBe('SUCCESS');
  });
});
