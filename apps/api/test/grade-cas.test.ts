import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { changeAgentGrade, reviewBondReturn, reviewRecharge, saveAccount, selAgentUpgradeApplyInfo, submitApplicationsForPersonal, withdrawalBondManage } from '@shop/contract';
import { useTestApp } from './helpers/app.js';
import { agentRow, auditCount, changesOf, freshAgent, receivingAccountId, uploadVoucher } from './helpers/funds-paid-fixture.js';
import { ledgerHolds } from './helpers/shop-fixture.js';
import { staffCall, staffLoginAs } from './helpers/staff-fixture.js';

/**
 * ADR 0027: a top-up or upgrade approval sets the grade by compare-and-set on the grade the application was made from;
 * a grade changed in the meantime refuses the approval and nothing moves. A return of the deposit's excess is checked
 * again at approval against the grade held then.
 */
const t = useTestApp();
const GRADE_CHANGED = '该代理等级已变更，请驳回后让代理重新申请';

const submit = (token: string, payload: Record<string, unknown>) => t.call(submitApplicationsForPersonal, { ...payload, idempotencyKey: randomUUID() }, { token });
/** Offline, with a voucher: no payment password is involved (spec 3 §5). */
async function offline(token: string) {
  return { payType: 1, accountId: await receivingAccountId(t, token), voucherImgUrl: await uploadVoucher(t, token), remitAccountName: '李华', remitAccountNumber: '6222000011112222' };
}
const askBack = (token: string, payload: Record<string, unknown>) => t.call(withdrawalBondManage, { ...payload, idempotencyKey: randomUUID() }, { token });
const rechargeRow = (id: number) => t.db.kysely.selectFrom('recharge_applies').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function staffChangesGrade(agentId: number, gradeId: number) {
  const admin = await staffLoginAs(t, 'admin');
  const r = await staffCall(t, changeAgentGrade, { agentId, gradeId, reason: '人工调整' }, { staffToken: admin });
  expect(r.body.errorType).toBe('SUCCESS');
}

describe('approval of an upgrade or first top-up: compare-and-set on the grade applied from', () => {
  it('upgrade approved after staff changed the grade: refused with the message, no credit, grade and application unchanged', async () => {
    const a = await freshAgent(t, { status: 1, gradeIndex: 0 });
    const info = (await t.call(selAgentUpgradeApplyInfo, {}, { token: a.token })).body.obj;
    const silver = info.itemList[1];
    const r = await submit(a.token, { agentUpgradeApplyInfoBo: { newGradeId: silver.gradeId }, rechargeMoney: '5000.00', ...(await offline(a.token)) });
    expect(r.body.errorType).toBe('SUCCESS');
    // Meanwhile staff move the agent to gold.
    const gold = Number(a.grades[2]!.id);
    await staffChangesGrade(a.agentId, gold);

    const caiwu = await staffLoginAs(t, 'caiwu');
    const refused = await staffCall(t, reviewRecharge, { id: r.body.obj.id, approve: true }, { staffToken: caiwu });
    expect(refused.body.msg).toBe(GRADE_CHANGED);
    const agent = await agentRow(t, a.agentId);
    expect([agent.grade_id, agent.last_store]).toEqual([gold, 0]);
    expect(await changesOf(t, a.agentId, 'store', r.body.obj.rechargeCode)).toEqual([]);
    expect((await rechargeRow(r.body.obj.id)).check_state).toBe(0);
    expect(await auditCount(t, 'upgrade', r.body.obj.id)).toBe(0);

    // Staff reject it as the message says; the grade stays gold.
    const rej = await staffCall(t, reviewRecharge, { id: r.body.obj.id, approve: false, reason: '等级已变更' }, { staffToken: caiwu });
    expect(rej.body.obj.checkState).toBe(2);
    expect((await agentRow(t, a.agentId)).grade_id).toBe(gold);
    expect(await ledgerHolds(t)).toBe(true);
  });

  it('first top-up approved after the held grade changed: refused, the agent stays new (status 0), no credit', async () => {
    const a = await freshAgent(t, { status: 0 });
    const r = await submit(a.token, { rechargeMoney: '1000.00', ...(await offline(a.token)) });
    expect(r.body.errorType).toBe('SUCCESS');
    await staffChangesGrade(a.agentId, Number(a.grades[1]!.id));
    const caiwu = await staffLoginAs(t, 'caiwu');
    expect((await staffCall(t, reviewRecharge, { id: r.body.obj.id, approve: true }, { staffToken: caiwu })).body.msg).toBe(GRADE_CHANGED);
    const agent = await agentRow(t, a.agentId);
    expect([agent.agent_status, agent.last_store, agent.grade_id]).toEqual([0, 0, Number(a.grades[1]!.id)]);
    expect(await changesOf(t, a.agentId, 'store', r.body.obj.rechargeCode)).toEqual([]);
  });

  it('an unchanged grade is approved as before (13, the new grade), and a second approval of the same grade cannot run', async () => {
    const a = await freshAgent(t, { status: 1, gradeIndex: 0 });
    const silver = Number(a.grades[1]!.id);
    const r = await submit(a.token, { agentUpgradeApplyInfoBo: { newGradeId: silver }, rechargeMoney: '5000.00', ...(await offline(a.token)) });
    expect(r.body.errorType).toBe('SUCCESS');
    const caiwu = await staffLoginAs(t, 'caiwu');
    const replies = await Promise.all(Array.from({ length: 5 }, () => staffCall(t, reviewRecharge, { id: r.body.obj.id, approve: true }, { staffToken: caiwu })));
    expect(replies.filter((x) => x.body.errorType === 'SUCCESS')).toHaveLength(1);
    const agent = await agentRow(t, a.agentId);
    expect([agent.grade_id, agent.last_store]).toEqual([silver, 500_000]);
    expect(await changesOf(t, a.agentId, 'store', r.body.obj.rechargeCode)).toEqual([{ amount: 500_000, change_state: 13 }]);
    expect(await ledgerHolds(t)).toBe(true);
  });
});

describe('return of the deposit excess (type 2) re-checked at approval against the grade held then', () => {
  async function silverWithDeposit(fen: number) {
    const a = await freshAgent(t, { status: 1, gradeIndex: 1 });
    await t.db.kysely.transaction().execute(async (trx) => {
      await trx.updateTable('agents').set({ bond_money: fen, is_need_bond_status: 0 }).where('id', '=', a.agentId).execute();
      await trx.insertInto('account_changes').values({ plat_id: t.config.platId, agent_id: a.agentId, account: 'bond', amount: fen, balance_after: fen, change_state: 1, order_code: null, remark: '测试', created_at: t.clock.now().toISOString() }).execute();
    });
    const saved = await t.call(saveAccount, { bankDicId: 1, bankDicName: '中国银行', subBankName: '深圳分行', accountName: '王芳', accountNumber: '6217000011112222' }, { token: a.token });
    expect(saved.body.errorType).toBe('SUCCESS');
    const row = await t.db.kysely.selectFrom('collection_accounts').select('id').where('agent_id', '=', a.agentId).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    return { ...a, accountId: Number(row.id) };
  }

  it('silver (rule 1000.00) holding 1500.00 asks 500.00 back; raised to gold (rule 3000.00) before approval: refused, deposit kept', async () => {
    const a = await silverWithDeposit(150_000);
    const r = await askBack(a.token, { bondReturnType: 2, returnBondMoney: '500.00', accountId: a.accountId });
    expect(r.body.obj.checkState).toBe(0);
    await staffChangesGrade(a.agentId, Number(a.grades[2]!.id));
    const caiwu = await staffLoginAs(t, 'caiwu');
    const refused = await staffCall(t, reviewBondReturn, { id: r.body.obj.id, approve: true, payoutReference: 'BANK-9' }, { staffToken: caiwu });
    expect(refused.body.msg).toBe('该代理的合规金规则已变更，退还后将低于当前等级的合规金标准，请驳回后让代理重新申请');
    expect((await agentRow(t, a.agentId)).bond_money).toBe(150_000);
    const row = await t.db.kysely.selectFrom('bond_returns').select('check_state').where('id', '=', r.body.obj.id).executeTakeFirstOrThrow();
    expect(row.check_state).toBe(0);
    expect(await auditCount(t, 'bondReturn', r.body.obj.id)).toBe(0);
    expect(await ledgerHolds(t)).toBe(true);
  });

  it('lowered to the trial grade (rule 500.00) before approval: the 500.00 still leaves the rule amount, approved', async () => {
    const a = await silverWithDeposit(150_000);
    const r = await askBack(a.token, { bondReturnType: 2, returnBondMoney: '500.00', accountId: a.accountId });
    await staffChangesGrade(a.agentId, Number(a.grades[0]!.id));
    const caiwu = await staffLoginAs(t, 'caiwu');
    const ok = await staffCall(t, reviewBondReturn, { id: r.body.obj.id, approve: true, payoutReference: 'BANK-10' }, { staffToken: caiwu });
    expect(ok.body.obj.checkState).toBe(1);
    expect((await agentRow(t, a.agentId)).bond_money).toBe(100_000);
    expect(await changesOf(t, a.agentId, 'bond', r.body.obj.bondReturnCode)).toEqual([{ amount: -50_000, change_state: 2 }]);
  });
});
