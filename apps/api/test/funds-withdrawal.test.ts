import { describe, expect, it } from 'vitest';
import {
  reviewWithdrawal,
  saveAccount,
  saveAgentWithdrawCashApply,
  saveAgentWithdrawOut,
  selAccountInfoAndCashRule,
  selAgentApiAccountInfo,
  selAllAgentRewardChangeRecord,
  selAllAgentWithdrawCashApply,
  selectPendingWithdrawals,
} from '@shop/contract';
import { useTestApp, type TestApp } from './helpers/app.js';
import { staffCall, staffLoginAs } from './helpers/staff-fixture.js';
import { setPayPasswordBySms } from './helpers/pay-password-fixture.js';

const t = useTestApp();
const PAY = '123456';

async function fundsOf(app: TestApp, agentId: number) {
  return app.db.kysely.selectFrom('agents').select(['lave_income', 'apply_income']).where('id', '=', agentId).executeTakeFirstOrThrow();
}

/** 13800000001 (total score 8000.00, payment password 123456, a default collection account from the seed). */
async function richAgent() {
  const { token, user } = await t.login('13800000001', 'demo1234');
  const info = await t.call(selAccountInfoAndCashRule, {}, { token });
  const accountId = info.body.obj.baseOfflinePayAccountlist[0].id as number;
  return { token, agentId: user.agentId as number, accountId };
}

describe('withdrawal (spec 3 §5 Withdrawal)', () => {
  it('answers the rule: minimum 100.00, multiples of 100.00, fee 0.6 %, the default account', async () => {
    const { token } = await richAgent();
    const reply = await t.call(selAccountInfoAndCashRule, {}, { token });
    expect(reply.body.obj.baseWithdrawCashRuleBo).toEqual({ isAllWithdraw: 1, minWithdrawMoney: '100.00', baseMoney: '100.00', serviceChargeRatio: 0.006 });
    expect(reply.body.obj.laveIncome).toBe('8000.00');
    expect(reply.body.obj.baseOfflinePayAccountlist[0]).toMatchObject({ isDefault: 1, accountClassify: 1 });
  });

  it.each([
    [{}, '提现金额不能为空'],
    [{ bondMoney: '' }, '提现金额不能为空'],
    [{ bondMoney: '12.345' }, '请输入正确的提现金额，整数或保留2位小数'],
    [{ bondMoney: '-100' }, '请输入正确的提现金额，整数或保留2位小数'],
    [{ bondMoney: '123456789012' }, '请输入正确的提现金额，整数或保留2位小数'],
    [{ bondMoney: '0' }, '提现金额不能为0'],
    [{ bondMoney: '0.00' }, '提现金额不能为0'],
    [{ bondMoney: '100' }, '请选择收款账号'],
  ])('refuses %j with its message and changes nothing', async (payload, message) => {
    const { token, agentId } = await richAgent();
    const before = await fundsOf(t, agentId);
    const reply = await t.call(saveAgentWithdrawCashApply, { ...payload, payPassword: PAY }, { token });
    expect(reply.body.msg).toBe(message);
    expect(await fundsOf(t, agentId)).toEqual(before);
  });

  it.each([
    ['50', '提现金额不能低于100.00元'],
    ['150', '提现金额须为100.00的整数倍'],
    ['9000', '您的总分余额不足'],
  ])('refuses %s yuan by the rule', async (amount, message) => {
    const { token, agentId, accountId } = await richAgent();
    const before = await fundsOf(t, agentId);
    const reply = await t.call(saveAgentWithdrawCashApply, { bondMoney: amount, accountId, payPassword: PAY }, { token });
    expect(reply.body.msg).toBe(message);
    expect(await fundsOf(t, agentId)).toEqual(before);
  });

  it('refuses a wrong or missing payment password, another agent\'s account, a fee the server does not agree with', async () => {
    const { token, agentId, accountId } = await richAgent();
    const before = await fundsOf(t, agentId);
    expect((await t.call(saveAgentWithdrawCashApply, { bondMoney: '100', accountId }, { token })).body.msg).toBe('请输入支付密码');
    expect((await t.call(saveAgentWithdrawCashApply, { bondMoney: '100', accountId, payPassword: '000000' }, { token })).body.msg).toMatch(/^密码错误/);
    expect((await t.call(saveAgentWithdrawCashApply, { bondMoney: '100', accountId, payPassword: PAY, serviceCharge: '0.00' }, { token })).body.msg).toBe('手续费已变化，请刷新后重试');
    const other = await t.login('13800000004', 'demo1234');
    expect((await t.call(saveAgentWithdrawCashApply, { bondMoney: '100', accountId, payPassword: PAY }, { token: other.token })).body.msg).toBe('请选择收款账号');
    expect((await t.call(selAgentApiAccountInfo, { agentId: agentId + 1 }, { token })).body.msg).toBe('无权执行此操作');
    expect(await fundsOf(t, agentId)).toEqual(before);
  });

  it('blocks while the deposit is due (请缴纳合规金后提现)', async () => {
    const { token, user } = await t.login('13800000003', 'demo1234');
    const acc = await t.call(saveAccount, { bankDicId: 1, subBankName: '支行', accountName: '王芳', accountNumber: '6222000011112222' }, { token });
    expect(acc.body.errorType).toBe('SUCCESS');
    const reply = await t.call(saveAgentWithdrawCashApply, { payPassword: '123456', bondMoney: '100', accountId: acc.body.obj.id }, { token });
    expect(reply.body.msg).toBe('请缴纳合规金后提现');
    expect(await fundsOf(t, user.agentId)).toMatchObject({ apply_income: 0 });
  });

  it('submits: total score → withdrawing with records 25 and 221; staff pay it out; the record moves to withdrawn', async () => {
    const { token, agentId, accountId } = await richAgent();
    const before = await fundsOf(t, agentId);
    const reply = await t.call(saveAgentWithdrawCashApply, { bondMoney: '1000', accountId, payPassword: PAY, serviceCharge: '6.00' }, { token });
    expect(reply.body.errorType).toBe('SUCCESS');
    expect(reply.body.obj).toMatchObject({ bondMoney: '1000.00', serviceCharge: '6.00', factBondMoney: '994.00', checkState: 0 });
    expect(await fundsOf(t, agentId)).toEqual({ lave_income: before.lave_income - 100_000, apply_income: before.apply_income + 100_000 });
    const records = await t.call(selAllAgentRewardChangeRecord, { changeType: 2 }, { token });
    expect(records.body.objs.slice(0, 2).map((r: any) => [r.changeState, r.changeMoney])).toEqual([[221, '6.00'], [25, '994.00']]);
    const account = await t.call(selAgentApiAccountInfo, {}, { token });
    expect(account.body.obj.applyIncome).toBe('1000.00');

    const staff = await staffLoginAs(t, 'caiwu');
    const pending = await staffCall(t, selectPendingWithdrawals, {}, { staffToken: staff });
    const id = reply.body.obj.id;
    expect(pending.body.objs.some((w: any) => w.id === id && w.agentPhone === '13800000001')).toBe(true);
    expect((await staffCall(t, reviewWithdrawal, { id, approve: true }, { staffToken: staff })).body.msg).toBe('请输入打款流水号');
    const paid = await staffCall(t, reviewWithdrawal, { id, approve: true, payoutReference: 'BANK-0001' }, { staffToken: staff });
    expect(paid.body.obj).toEqual({ id, checkState: 1 });
    expect(await fundsOf(t, agentId)).toEqual({ lave_income: before.lave_income - 100_000, apply_income: before.apply_income });
    const withdrawn = await t.call(selAllAgentWithdrawCashApply, { checkState: 1 }, { token });
    expect(withdrawn.body.objs[0]).toMatchObject({ id, checkState: 1 });
    const audit = await t.db.kysely.selectFrom('audit_logs').selectAll().where('target_kind', '=', 'withdrawal').where('target_id', '=', id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operation: 'reviewWithdrawal', staff_name: 'caiwu', role: 'finance', amount: 100_000, after_state: '1' });
  });

  it('a refusal gives the amount and fee back (18) with the reason; 10 parallel reviews have one effect', async () => {
    const { token, agentId, accountId } = await richAgent();
    const before = await fundsOf(t, agentId);
    const reply = await t.call(saveAgentWithdrawCashApply, { bondMoney: '200', accountId, payPassword: PAY }, { token });
    const id = reply.body.obj.id;
    const staff = await staffLoginAs(t, 'admin');
    expect((await staffCall(t, reviewWithdrawal, { id, approve: false }, { staffToken: staff })).body.msg).toBe('请输入驳回原因');
    const replies = await Promise.all(Array.from({ length: 10 }, () => staffCall(t, reviewWithdrawal, { id, approve: false, reason: '账户信息有误' }, { staffToken: staff })));
    expect(replies.filter((r) => r.body.errorType === 'SUCCESS')).toHaveLength(1);
    expect(replies.filter((r) => r.body.msg === '提现申请状态已变化，请刷新后重试')).toHaveLength(9);
    expect(await fundsOf(t, agentId)).toEqual(before);
    const refused = await t.call(selAllAgentWithdrawCashApply, { checkState: 2 }, { token });
    expect(refused.body.objs[0]).toMatchObject({ id, checkState: 2, checkRemark: '账户信息有误' });
    const back = await t.call(selAllAgentRewardChangeRecord, { changeType: 1 }, { token });
    expect(back.body.objs[0]).toMatchObject({ changeState: 18, changeMoney: '200.00' });
    const warehouse = await staffLoginAs(t, 'cangku');
    expect((await staffCall(t, selectPendingWithdrawals, {}, { staffToken: warehouse })).body.msg).toBe('无权执行此操作');
  });

  it('50 parallel withdrawals on one balance never overdraw', async () => {
    // 13800000004 (100.00 + 5000.00 transferred) sets its payment password first (ADR 0024); right passwords in
    // parallel never lock: only failures are counted.
    const rich = await richAgent();
    const moved = await t.call(saveAgentWithdrawOut, { toAgentPhone: '13800000004', rechargeMoney: '5000', transferType: 1, payPassword: PAY }, { token: rich.token });
    expect(moved.body.errorType).toBe('SUCCESS');
    const { token, user } = await t.login('13800000004', 'demo1234');
    await setPayPasswordBySms(t, token, '13800000004');
    const acc = await t.call(saveAccount, { bankDicId: 2, subBankName: '支行', accountName: '赵强', accountNumber: '6222000033334444' }, { token });
    const { lave_income: start, apply_income: held } = await fundsOf(t, user.agentId);
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => t.call(saveAgentWithdrawCashApply, { payPassword: '123456', bondMoney: '300', accountId: acc.body.obj.id }, { token })),
    );
    const ok = replies.filter((r) => r.body.errorType === 'SUCCESS').length;
    expect(ok).toBe(Math.floor(start / 30_000));
    expect(replies.every((r) => r.body.errorType === 'SUCCESS' || r.body.msg === '您的总分余额不足')).toBe(true);
    const after = await fundsOf(t, user.agentId);
    expect(after.lave_income).toBe(start - ok * 30_000);
    expect(after.apply_income).toBe(held + ok * 30_000);
  });

  it('a repeated submission with one idempotency key answers the first application', async () => {
    const { token, agentId, accountId } = await richAgent();
    const before = await fundsOf(t, agentId);
    const body = { bondMoney: '100', accountId, payPassword: PAY, idempotencyKey: 'wd-key-1' };
    const [a, b] = await Promise.all([t.call(saveAgentWithdrawCashApply, body, { token }), t.call(saveAgentWithdrawCashApply, body, { token })]);
    expect(a.body.obj.id).toBe(b.body.obj.id);
    expect((await fundsOf(t, agentId)).lave_income).toBe(before.lave_income - 10_000);
  });
});
