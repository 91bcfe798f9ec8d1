import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  agentInformationRefresh,
  bondMoneyInit,
  changeAgentGrade,
  newLogin,
  payBondManage,
  reactivateAgent,
  reviewBondReturn,
  reviewRecharge,
  saveAccount,
  saveAgentWithdrawCashApply,
  saveAgentWithdrawOut,
  saveOrderInfo,
  selectAgentDetail,
  staffLogin,
  submitApplicationsForPersonal,
  waiveAgentBondDue,
  withdrawalBondManage,
} from '@shop/contract';
import { useTestApp } from './helpers/app.js';
import { agentRow, freshAgent, receivingAccountId, uploadVoucher } from './helpers/funds-paid-fixture.js';
import { addAddress, addProduct } from './helpers/shop-fixture.js';
import { STAFF_PASSWORD, staffCall, staffLoginAs } from './helpers/staff-fixture.js';

/**
 * ADR 0026 (spec 1 §4, spec 3 §4–§6): the compliance deposit falls due when a grade is set above the deposit held, finance
 * may waive it, a full refund deactivates the agent, and a deposit payment and refund exclude each other. Demo grades:
 * 体验 rule 500.00 (first top-up 1000.00), 银卡 1000.00, 金卡 3000.00, 钻石 5000.00. Runs on SQLite and PostgreSQL.
 */
const t = useTestApp();
const key = () => randomUUID();
const LEFT = '您已退保 系统自动退出';

async function staffAs(username: string): Promise<string> {
  const r = await staffCall(t, staffLogin, { username, password: STAFF_PASSWORD });
  if (r.body?.errorType !== 'SUCCESS') throw new Error(`staff login ${username}: ${r.text}`);
  return r.body.staffToken as string;
}

/** A deposit held through the ledger (account 'bond', code 1), as an approved payment leaves it. */
async function holdDeposit(agentId: number, fen: number, needBond: 0 | 1) {
  await t.db.kysely.transaction().execute(async (trx) => {
    await trx.updateTable('agents').set({ bond_money: fen, is_need_bond_status: needBond }).where('id', '=', agentId).execute();
    await trx
      .insertInto('account_changes')
      .values({ plat_id: t.config.platId, agent_id: agentId, account: 'bond', amount: fen, balance_after: fen, change_state: 1, order_code: null, remark: '测试', created_at: t.clock.now().toISOString() })
      .execute();
  });
}

async function collectionAccount(token: string): Promise<number> {
  const r = await t.call(saveAccount, { bankDicId: 1, bankDicName: '中国银行', subBankName: '深圳分行', accountName: '王芳', accountNumber: '6217000011112222' }, { token });
  if (r.body.errorType !== 'SUCCESS') throw new Error(r.text);
  const row = await t.db.kysely.selectFrom('collection_accounts').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Each balance of the agent equals the sum of its change records, and none is negative (ARCHITECTURE Data). */
async function ledgerExact(agentId: number) {
  const a = await agentRow(t, agentId);
  const sums = await t.db.kysely
    .selectFrom('account_changes')
    .select(['account', (eb) => eb.fn.sum<number>('amount').as('total')])
    .where('agent_id', '=', agentId)
    .groupBy('account')
    .execute();
  const sum = (account: string) => Number(sums.find((s) => s.account === account)?.total ?? 0);
  expect({ bond: a.bond_money, income: a.lave_income, store: a.last_store }).toEqual({ bond: sum('bond'), income: sum('income'), store: sum('store') });
  for (const v of [a.bond_money, a.lave_income, a.last_store]) expect(v).toBeGreaterThanOrEqual(0);
}

/** An application approved by finance: offline with a voucher (no payment password involved). */
async function approvedTopUp(token: string, rechargeMoney: string, extra: Record<string, unknown> = {}) {
  const voucher = await uploadVoucher(t, token);
  const accountId = await receivingAccountId(t, token);
  const payload = { rechargeMoney, payType: 1, accountId, voucherImgUrl: voucher, remitAccountName: '李华', remitAccountNumber: '6222000011112222', idempotencyKey: key(), ...extra };
  const r = await t.call(submitApplicationsForPersonal, payload, { token });
  expect(r.body.errorType, r.text).toBe('SUCCESS');
  const ok = await staffCall(t, reviewRecharge, { id: r.body.obj.id, approve: true }, { staffToken: await staffLoginAs(t, 'caiwu') });
  expect(ok.body.errorType, ok.text).toBe('SUCCESS');
}

describe('the deposit falls due', () => {
  it('an approved first top-up raises it (rule − held); buying, withdrawing and transferring are refused with the spec’s messages', async () => {
    const a = await freshAgent(t, { status: 0, incomeFen: 50_000 });
    expect((await agentRow(t, a.agentId)).is_need_bond_status).toBe(0);
    await approvedTopUp(a.token, '1000.00');
    const agent = await agentRow(t, a.agentId);
    expect([agent.agent_status, agent.is_need_bond_status]).toEqual([1, 1]);
    expect((await t.call(agentInformationRefresh, {}, { token: a.token })).body.obj).toMatchObject({ agentStatus: 1, isNeedBondStatus: 1 });
    expect((await t.call(bondMoneyInit, {}, { token: a.token })).body.obj).toMatchObject({ bondMoney: '0.00', ruleBondMoney: '500.00', gradeBond: '500.00', isNeedBondStatus: 1 });

    const addressId = await addAddress(t, a.token);
    const p = await addProduct(t, { stock: 10, finalPrice: 1_000 });
    const order = await t.call(saveOrderInfo, { orderType: 1, payType: 1, addressId, orderProductDetailBos: [{ singleProdId: p.singleProdId, buyNum: 1 }], idempotencyKey: key() }, { token: a.token });
    expect(order.body.msg).toBe('请先缴纳合规金后再购买');
    const accountId = await collectionAccount(a.token);
    const withdraw = await t.call(saveAgentWithdrawCashApply, { bondMoney: '100', accountId, idempotencyKey: key() }, { token: a.token });
    expect(withdraw.body.msg).toBe('请缴纳合规金后提现');
    const transfer = await t.call(saveAgentWithdrawOut, { toAgentPhone: '13800000004', rechargeMoney: '1', transferType: 1, idempotencyKey: key() }, { token: a.token });
    expect(transfer.body.msg).toBe('请缴纳合规金后转款');
    expect((await agentRow(t, a.agentId)).lave_income).toBe(50_000);
    await ledgerExact(a.agentId);
  });

  it('an approved upgrade raises it only when the deposit held is below the new grade’s rule (银卡 rule 1000.00)', async () => {
    const covered = await freshAgent(t, { status: 1, gradeIndex: 0 });
    await holdDeposit(covered.agentId, 100_000, 0);
    const short = await freshAgent(t, { status: 1, gradeIndex: 0 });
    await holdDeposit(short.agentId, 40_000, 0);
    // 体验 → 银卡 by the demo's one-time restock of 5000.00.
    for (const a of [covered, short]) await approvedTopUp(a.token, '5000.00', { agentUpgradeApplyInfoBo: { newGradeId: Number(a.grades[1]!.id) } });
    expect((await agentRow(t, covered.agentId)).is_need_bond_status).toBe(0);
    expect(await agentRow(t, short.agentId)).toMatchObject({ grade_id: Number(short.grades[1]!.id), is_need_bond_status: 1 });
    expect((await t.call(bondMoneyInit, {}, { token: short.token })).body.obj).toMatchObject({ bondMoney: '400.00', gradeBond: '600.00' });
  });

  it('a staff grade change raises it when the new rule is above the deposit held, lifts it when covered; audited', async () => {
    const a = await freshAgent(t, { status: 1, gradeIndex: 0 });
    await holdDeposit(a.agentId, 50_000, 0);
    const admin = await staffLoginAs(t, 'admin');
    const up = await staffCall(t, changeAgentGrade, { agentId: a.agentId, gradeId: Number(a.grades[2]!.id), reason: '调整等级' }, { staffToken: admin });
    expect(up.body.errorType, up.text).toBe('SUCCESS');
    expect((await agentRow(t, a.agentId)).is_need_bond_status).toBe(1);
    expect((await t.call(bondMoneyInit, {}, { token: a.token })).body.obj).toMatchObject({ ruleBondMoney: '3000.00', gradeBond: '2500.00', isNeedBondStatus: 1 });
    const audit = await t.db.kysely.selectFrom('audit_logs').selectAll().where('operation', '=', 'changeAgentGrade').where('agent_id', '=', a.agentId).executeTakeFirstOrThrow();
    expect(audit.detail).toContain('需缴纳');

    const down = await staffCall(t, changeAgentGrade, { agentId: a.agentId, gradeId: Number(a.grades[0]!.id), reason: '调回' }, { staffToken: admin });
    expect(down.body.errorType).toBe('SUCCESS');
    expect((await agentRow(t, a.agentId)).is_need_bond_status).toBe(0);
  });
});

describe('finance waives the due', () => {
  it('finance and admin only, with a reason; clears it, audited who/before→after/reason; withdrawing opens', async () => {
    const a = await freshAgent(t, { status: 1, gradeIndex: 1, needBond: 1, incomeFen: 20_000 });
    for (const who of ['kefu', 'cangku', 'yunying']) {
      const r = await staffCall(t, waiveAgentBondDue, { agentId: a.agentId, reason: '特批' }, { staffToken: await staffAs(who) });
      expect([who, r.body.errorType]).toEqual([who, 'FORBIDDEN']);
    }
    const caiwu = await staffLoginAs(t, 'caiwu');
    expect((await staffCall(t, waiveAgentBondDue, { agentId: a.agentId }, { staffToken: caiwu })).body.msg).toBe('请输入原因');
    expect((await agentRow(t, a.agentId)).is_need_bond_status).toBe(1);

    const ok = await staffCall(t, waiveAgentBondDue, { agentId: a.agentId, reason: '老代理特批免缴' }, { staffToken: caiwu });
    expect(ok.body).toMatchObject({ errorType: 'SUCCESS', obj: { agentId: a.agentId, needBond: false } });
    const agent = await agentRow(t, a.agentId);
    expect(agent.is_need_bond_status).toBe(0);
    expect(agent.bond_waived_at).not.toBeNull();
    const audit = await t.db.kysely.selectFrom('audit_logs').selectAll().where('operation', '=', 'waiveAgentBondDue').where('agent_id', '=', a.agentId).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ role: 'finance', amount: 100_000, before_state: '需缴纳合规金 1000.00', after_state: '免缴合规金', reason: '老代理特批免缴' });
    const detail = await staffCall(t, selectAgentDetail, { agentId: a.agentId }, { staffToken: caiwu });
    expect(detail.body.obj.agent).toMatchObject({ needBond: false });
    expect(detail.body.obj.agent.bondWaivedAt).toEqual(expect.any(String));

    expect((await staffCall(t, waiveAgentBondDue, { agentId: a.agentId, reason: '再次' }, { staffToken: caiwu })).body.msg).toBe('该代理商当前无需缴纳合规金');
    const accountId = await collectionAccount(a.token);
    const withdraw = await t.call(saveAgentWithdrawCashApply, { bondMoney: '100', accountId, idempotencyKey: key() }, { token: a.token });
    expect(withdraw.body.msg).not.toBe('请缴纳合规金后提现');
    expect((await t.call(bondMoneyInit, {}, { token: a.token })).body.obj).toMatchObject({ isNeedBondStatus: 0, gradeBond: '0.00' });
  });
});

describe('a full refund deactivates', () => {
  it('approval ends the sessions, refuses login with 您已退保 系统自动退出; staff reactivate, and the deposit is due again', async () => {
    const a = await freshAgent(t, { status: 1, gradeIndex: 1 });
    await holdDeposit(a.agentId, 100_000, 0);
    const accountId = await collectionAccount(a.token);
    const second = await t.login(a.phone, 'demo1234');
    const r = await t.call(withdrawalBondManage, { bondReturnType: 1, returnBondMoney: '1000.00', accountId, idempotencyKey: key() }, { token: a.token });
    expect(r.body.errorType, r.text).toBe('SUCCESS');
    const caiwu = await staffLoginAs(t, 'caiwu');
    // Not out yet: nothing to take back.
    expect((await staffCall(t, reactivateAgent, { agentId: a.agentId, reason: '恢复' }, { staffToken: caiwu })).body.msg).toBe('该代理商未退保停用，无需恢复');
    const ok = await staffCall(t, reviewBondReturn, { id: r.body.obj.id, approve: true, payoutReference: 'BANK-9' }, { staffToken: caiwu });
    expect(ok.body.errorType, ok.text).toBe('SUCCESS');

    const agent = await agentRow(t, a.agentId);
    expect([agent.bond_money, agent.is_active]).toEqual([0, 0]);
    expect(agent.deactivated_at).not.toBeNull();
    for (const token of [a.token, second.token]) {
      const call = await t.call(bondMoneyInit, {}, { token });
      expect([call.status, call.body.errorType, call.body.msg]).toEqual([200, 'ACCOUNT_DISABLED', LEFT]);
    }
    const login = await t.call(newLogin, { suAccount: a.phone, suPassword: 'demo1234' });
    expect([login.body.errorType, login.body.msg]).toEqual(['ACCOUNT_DISABLED', LEFT]);
    await ledgerExact(a.agentId);

    const kefu = await staffAs('kefu');
    expect((await staffCall(t, reactivateAgent, { agentId: a.agentId, reason: '恢复' }, { staffToken: kefu })).body.errorType).toBe('FORBIDDEN');
    const back = await staffCall(t, reactivateAgent, { agentId: a.agentId, reason: '重新加入' }, { staffToken: caiwu });
    expect(back.body).toMatchObject({ errorType: 'SUCCESS', obj: { agentId: a.agentId, isActive: true, needBond: true } });
    const audit = await t.db.kysely.selectFrom('audit_logs').selectAll().where('operation', '=', 'reactivateAgent').where('agent_id', '=', a.agentId).execute();
    expect(audit).toEqual([expect.objectContaining({ before_state: '已退保停用', after_state: '正常', reason: '重新加入' })]);
    const again = await t.login(a.phone, 'demo1234');
    expect(again.user).toMatchObject({ agentStatus: 1, isNeedBondStatus: 1 });
    expect((await t.call(bondMoneyInit, {}, { token: again.token })).body.obj.gradeBond).toBe('1000.00');
  });
});

describe('a deposit payment and a refund exclude each other', () => {
  it('20 parallel mixed submissions: at most one accepted, the ledger exact', async () => {
    // 银卡 (rule 1000.00) holding 500.00 with the due raised: 500.00 may be paid, or the 500.00 held refunded.
    const a = await freshAgent(t, { status: 1, gradeIndex: 1 });
    await holdDeposit(a.agentId, 50_000, 1);
    const accountId = await collectionAccount(a.token);
    const payAccount = await receivingAccountId(t, a.token);
    const vouchers = await Promise.all(Array.from({ length: 10 }, () => uploadVoucher(t, a.token)));
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? t.call(payBondManage, { bondMoney: '500.00', payType: 1, accountId: payAccount, voucherImgUrl: vouchers[i / 2], remitAccountName: '王芳', remitAccountNumber: '62220000', idempotencyKey: key() }, { token: a.token })
          : t.call(withdrawalBondManage, { bondReturnType: 1, returnBondMoney: '500.00', accountId, idempotencyKey: key() }, { token: a.token }),
      ),
    );
    const accepted = replies.filter((r) => r.body.errorType === 'SUCCESS');
    expect(accepted.length).toBeLessThanOrEqual(1);
    for (const r of replies.filter((x) => x.body.errorType !== 'SUCCESS')) {
      expect(['您有正在审核中的合规金申请，请等待审核结果', '您有正在审核中的退还申请', '合规金金额有误，请刷新后重试']).toContain(r.body.msg);
    }
    const k = t.db.kysely;
    const pays = await k.selectFrom('bond_pays').select('id').where('agent_id', '=', a.agentId).where('check_state', 'in', [-1, 0]).execute();
    const refunds = await k.selectFrom('bond_returns').select('id').where('agent_id', '=', a.agentId).where('check_state', '=', 0).execute();
    expect(pays.length + refunds.length).toBe(accepted.length);
    const agent = await agentRow(t, a.agentId);
    expect([agent.bond_money, agent.lave_income]).toEqual([50_000, 0]);
    await ledgerExact(a.agentId);
  });
});
