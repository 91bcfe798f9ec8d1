import { describe, expect, it } from 'vitest';
import {
  payBondManage,
  reviewBondPayment,
  reviewBondReturn,
  reviewRecharge,
  reviewWithdrawal,
  saveAccount,
  selectPendingBondReturns,
  selectPendingBonds,
  selectPendingRecharges,
  selectPendingWithdrawals,
  saveAgentWithdrawCashApply,
  submitApplicationsForPersonal,
  withdrawalBondManage,
  type Operation,
} from '@shop/contract';
import { useTestApp, type Reply } from './helpers/app.js';
import { agentRow, auditCount, freshAgent } from './helpers/funds-paid-fixture.js';
import { staffCall, staffLoginAs } from './helpers/staff-fixture.js';

/**
 * ADR 0020: two staff members (finance and admin, each from their own console) decide the same item at the same
 * moment, one approving and one rejecting, several clicks each. Exactly one decision wins, every other click is told the
 * item changed, and the money moves once, the way the winner decided. Runs on SQLite and PostgreSQL (TEST_DB).
 */
const t = useTestApp();
const STATE_CHANGED = '申请状态已变化，请刷新后重试';
const WITHDRAWAL_CHANGED = '提现申请状态已变化，请刷新后重试';
const CLICKS = 4;

/** Is the item in its queue, and does the queue's total (the console's count) match the pending rows? */
async function queued(op: Operation, id: number) {
  const list = await staffCall(t, op, { phonePage: { pageNum: 1, pageSize: 50 } }, { staffToken: await staffLoginAs(t, 'caiwu') });
  expect(list.body.obj.total).toBe(list.body.objs.length);
  return list.body.objs.some((o: { id: number }) => o.id === id);
}

async function race(queue: Operation, op: Operation, id: number, approve: Record<string, unknown>, reject: Record<string, unknown>) {
  expect(await queued(queue, id)).toBe(true);
  const [finance, admin] = [await staffLoginAs(t, 'caiwu'), await staffLoginAs(t, 'admin')];
  const calls: Promise<Reply>[] = [];
  for (let i = 0; i < CLICKS; i += 1) {
    calls.push(staffCall(t, op, { id, approve: true, ...approve }, { staffToken: finance }));
    calls.push(staffCall(t, op, { id, approve: false, ...reject }, { staffToken: admin }));
  }
  const replies = await Promise.all(calls);
  const won = replies.flatMap((r, i) => (r.body.errorType === 'SUCCESS' ? [i] : []));
  expect(won).toHaveLength(1);
  const winner = replies[won[0]!]!;
  const approved = won[0]! % 2 === 0;
  expect(winner.body.obj).toEqual({ id, checkState: approved ? 1 : 2 });
  expect(await queued(queue, id)).toBe(false);
  return { approved, losers: replies.filter((r) => r !== winner).map((r) => r.body.msg) };
}

async function collectionAccount(token: string) {
  const r = await t.call(saveAccount, { bankDicId: 1, bankDicName: '中国银行', subBankName: '深圳分行', accountName: '王芳', accountNumber: '6217000011112222' }, { token });
  expect(r.body.errorType).toBe('SUCCESS');
  const row = await t.db.kysely.selectFrom('collection_accounts').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
  return Number(row.id);
}

describe('two staff deciding the same item at once', () => {
  it('reviewRecharge: one decision, the goods fund credited or the total score given back once', async () => {
    const a = await freshAgent(t, { status: 0, incomeFen: 100_000 });
    const r = await t.call(submitApplicationsForPersonal, { payPassword: '123456', rechargeMoney: '1000.00', payType: 3 }, { token: a.token });
    expect(r.body.errorType).toBe('SUCCESS');
    const { approved, losers } = await race(selectPendingRecharges, reviewRecharge, r.body.obj.id, {}, { reason: '信息不符' });
    expect(losers).toEqual(Array(2 * CLICKS - 1).fill(STATE_CHANGED));
    const agent = await agentRow(t, a.agentId);
    expect([agent.last_store, agent.lave_income]).toEqual(approved ? [100_000, 0] : [0, 100_000]);
    expect(await auditCount(t, 'recharge', r.body.obj.id)).toBe(1);
  });

  it('reviewWithdrawal: paid out or given back once, never both', async () => {
    const a = await freshAgent(t, { status: 1, incomeFen: 100_000 });
    const accountId = await collectionAccount(a.token);
    const w = await t.call(saveAgentWithdrawCashApply, { payPassword: '123456', bondMoney: '200', accountId }, { token: a.token });
    expect(w.body.errorType).toBe('SUCCESS');
    const { approved, losers } = await race(selectPendingWithdrawals, reviewWithdrawal, w.body.obj.id, { payoutReference: 'BANK-RACE-1' }, { reason: '账户信息有误' });
    expect(losers).toEqual(Array(2 * CLICKS - 1).fill(WITHDRAWAL_CHANGED));
    const agent = await agentRow(t, a.agentId);
    expect([agent.lave_income, agent.apply_income]).toEqual(approved ? [80_000, 0] : [100_000, 0]);
    expect(await auditCount(t, 'withdrawal', w.body.obj.id)).toBe(1);
  });

  it('reviewBondPayment: the deposit credited or the total score given back once', async () => {
    const a = await freshAgent(t, { status: 1, gradeIndex: 1, needBond: 1, incomeFen: 300_000 });
    const b = await t.call(payBondManage, { payPassword: '123456', bondMoney: '1000.00', payType: 3 }, { token: a.token });
    expect(b.body.errorType).toBe('SUCCESS');
    const { approved, losers } = await race(selectPendingBonds, reviewBondPayment, b.body.obj.id, {}, { reason: '凭证不清晰' });
    expect(losers).toEqual(Array(2 * CLICKS - 1).fill(STATE_CHANGED));
    const agent = await agentRow(t, a.agentId);
    expect([agent.bond_money, agent.lave_income, agent.is_need_bond_status]).toEqual(approved ? [100_000, 200_000, 0] : [0, 300_000, 1]);
    expect(await auditCount(t, 'bond', b.body.obj.id)).toBe(1);
  });

  it('reviewBondReturn: the deposit paid out once or kept', async () => {
    const a = await freshAgent(t, { status: 1, gradeIndex: 1, needBond: 1, incomeFen: 300_000 });
    const paid = await t.call(payBondManage, { payPassword: '123456', bondMoney: '1000.00', payType: 3 }, { token: a.token });
    expect((await staffCall(t, reviewBondPayment, { id: paid.body.obj.id, approve: true }, { staffToken: await staffLoginAs(t, 'caiwu') })).body.errorType).toBe('SUCCESS');
    const accountId = await collectionAccount(a.token);
    const r = await t.call(withdrawalBondManage, { bondReturnType: 1, returnBondMoney: '1000.00', accountId }, { token: a.token });
    expect(r.body.errorType).toBe('SUCCESS');
    const { approved, losers } = await race(selectPendingBondReturns, reviewBondReturn, r.body.obj.id, { payoutReference: 'BANK-RACE-2' }, { reason: '请先结清订单' });
    expect(losers).toEqual(Array(2 * CLICKS - 1).fill(STATE_CHANGED));
    const agent = await agentRow(t, a.agentId);
    expect([agent.bond_money, agent.is_need_bond_status]).toEqual(approved ? [0, 1] : [100_000, 0]);
    const bondChanges = await t.db.kysely.selectFrom('account_changes').select('amount').where('agent_id', '=', a.agentId).where('account', '=', 'bond').execute();
    expect(bondChanges.map((c) => c.amount)).toEqual(approved ? [100_000, -100_000] : [100_000]);
    expect(await auditCount(t, 'bondReturn', r.body.obj.id)).toBe(1);
  });
});
