import { describe, expect, it } from 'vitest';
import {
  reviewRecharge,
  selAgentUpgradeApplyInfo,
  selectAgentGradeNewByPlatId,
  selectPayMethod,
  selectPendingRecharges,
  selBaseOfflinePayAccount,
  storePrePay,
  submitApplicationsForPersonal,
  wxPayFailCallBack,
  wxPaySuccessCallBack,
} from '@shop/contract';
import { useTestApp } from './helpers/app.js';
import { agentRow, auditCount, changesOf, freshAgent, receivingAccountId, uploadVoucher } from './helpers/funds-paid-fixture.js';
import { staffCall, staffLoginAs } from './helpers/staff-fixture.js';
import { notify, paymentRow, sandboxOf } from './helpers/wechatpay-fixture.js';

const t = useTestApp();

const submit = (token: string, payload: Record<string, unknown>) => t.call(submitApplicationsForPersonal, payload, { token });
const rechargeRow = (id: number) => t.db.kysely.selectFrom('recharge_applies').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('first top-up (agentStatus 0)', () => {
  it('offline with a voucher: pending, then approval credits the goods fund (12), keeps the grade and sets agentStatus 1, audited', async () => {
    const a = await freshAgent(t, { status: 0, inviterPhone: '13800000001' });
    const info = await t.call(selAgentUpgradeApplyInfo, {}, { token: a.token });
    expect(info.body.obj.status).toMatchObject({ agentStatus: 0, gradeUpType: 1, rechargeCheckState: 99 });
    expect(info.body.obj.oldAgentGradeInfo.firstRechargeMoney).toBe('1000.00');
    const voucher = await uploadVoucher(t, a.token);
    const accountId = await receivingAccountId(t, a.token);
    const r = await submit(a.token, { payPassword: '123456', rechargeMoney: '1000.00', payType: 1, accountId, voucherImgUrl: voucher, remark: '首充', remitAccountName: '李华', remitAccountNumber: '6222000011112222' });
    expect(r.body.errorType).toBe('SUCCESS');
    expect(r.body.obj).toMatchObject({ checkState: 0, payType: 1, rechargeMoney: '1000.00' });
    expect(r.body.obj.rechargeCode).toMatch(/^HK\d{14}$/);
    const pending = await t.call(selAgentUpgradeApplyInfo, {}, { token: a.token });
    expect(pending.body.obj.status.rechargeCheckState).toBe(0);

    const staff = await staffLoginAs(t, 'caiwu');
    const list = await staffCall(t, selectPendingRecharges, { phonePage: { pageNum: 1 } }, { staffToken: staff });
    expect(list.body.objs.map((o: any) => o.id)).toContain(r.body.obj.id);
    const mine = list.body.objs.find((o: any) => o.id === r.body.obj.id);
    expect(mine).toMatchObject({ gradeUpType: 1, rechargeMoney: '1000.00', payType: 1, agentPhone: a.phone });
    // The voucher link is bound to the reviewing staff member (ADR 0012), not open to anyone holding it.
    const caiwu = await t.db.kysely.selectFrom('staff').select('id').where('username', '=', 'caiwu').executeTakeFirstOrThrow();
    expect(mine.voucherImgUrl).toMatch(new RegExp(`\\?exp=\\d+&v=s${caiwu.id}&sig=[0-9a-f]{64}$`));
    const ok = await staffCall(t, reviewRecharge, { id: r.body.obj.id, approve: true }, { staffToken: staff });
    expect(ok.body).toMatchObject({ errorType: 'SUCCESS', obj: { checkState: 1 } });

    const agent = await agentRow(t, a.agentId);
    expect(agent.agent_status).toBe(1);
    expect(agent.last_store).toBe(100_000);
    expect(await changesOf(t, a.agentId, 'store', r.body.obj.rechargeCode)).toEqual([{ amount: 100_000, change_state: 12 }]);
    expect(await auditCount(t, 'recharge', r.body.obj.id)).toBe(1);
  });

  it('by total score: held at submission (28); a rejection gives it back and shows the reason', async () => {
    const a = await freshAgent(t, { status: 0, incomeFen: 150_000 });
    const r = await submit(a.token, { payPassword: '123456', rechargeMoney: 1000, payType: 3 });
    expect(r.body.errorType).toBe('SUCCESS');
    expect((await agentRow(t, a.agentId)).lave_income).toBe(50_000);
    const staff = await staffLoginAs(t, 'admin');
    const no = await staffCall(t, reviewRecharge, { id: r.body.obj.id, approve: false }, { staffToken: staff });
    expect(no.body.msg).toBe('请输入驳回原因');
    const rej = await staffCall(t, reviewRecharge, { id: r.body.obj.id, approve: false, reason: '信息不符' }, { staffToken: staff });
    expect(rej.body.obj.checkState).toBe(2);
    const agent = await agentRow(t, a.agentId);
    expect([agent.lave_income, agent.agent_status, agent.last_store]).toEqual([150_000, 0, 0]);
    expect(await changesOf(t, a.agentId, 'income', r.body.obj.rechargeCode)).toEqual([
      { amount: -100_000, change_state: 28 },
      { amount: 100_000, change_state: 28 },
    ]);
    const info = await t.call(selAgentUpgradeApplyInfo, {}, { token: a.token });
    expect(info.body.obj.status).toMatchObject({ rechargeCheckState: 2, upgradeApplyCheckState: 3, checkRemark: '信息不符' });
  });
});

describe('spec 3 §5 Upgrade payment on the server; a refused request changes nothing', () => {
  it('answers each message', async () => {
    const a = await freshAgent(t, { status: 0, incomeFen: 50_000 });
    const accountId = await receivingAccountId(t, a.token);
    const setting = (v: number) => t.db.kysely.updateTable('offline_pay_settings').set({ line_charge_voucher: v }).where('plat_id', '=', t.config.platId).execute();
    await setting(1);
    const cases: [Record<string, unknown>, string][] = [
      [{ rechargeMoney: '1000.00', payType: 3 }, '您的总分余额不足'],
      [{ rechargeMoney: '1000.00', payType: 1 }, '请选择收款账户'],
      [{ rechargeMoney: '1000.00', payType: 1, accountId }, '请上传打款凭证'],
      [{ rechargeMoney: '1000.00', payType: 1, accountId, voucherImgUrl: '/api/common/upload/not-mine.png' }, '请上传打款凭证'],
      [{ rechargeMoney: '1000.00', payType: 1, accountId, remark: 'x'.repeat(201) }, '备注不能超过200个字'],
      [{ rechargeMoney: '1000.00', payType: 1, accountId, remitAccountName: 'x'.repeat(16) }, '打款账户名不能超过15个字'],
      [{ rechargeMoney: '1000.00', payType: 1, accountId, remitAccountNumber: '1'.repeat(26) }, '打款账户不能超过25个字'],
      [{ rechargeMoney: '999.00', payType: 3 }, '充值金额有误，请刷新后重试'],
      [{ rechargeMoney: '1000.00' }, '请选择支付方式'],
    ];
    for (const [payload, msg] of cases) expect((await submit(a.token, payload)).body.msg, msg).toBe(msg);
    await setting(2);
    expect((await submit(a.token, { payPassword: '123456', rechargeMoney: '1000.00', payType: 1, accountId })).body.msg).toBe('请输入打款账户名');
    expect((await submit(a.token, { payPassword: '123456', rechargeMoney: '1000.00', payType: 1, accountId, remitAccountName: '张三' })).body.msg).toBe('请输入打款账户');

    expect(await t.db.kysely.selectFrom('recharge_applies').select('id').where('agent_id', '=', a.agentId).execute()).toEqual([]);
    expect((await agentRow(t, a.agentId)).lave_income).toBe(50_000);
  });

  it('one application in flight per agent; another agent cannot see, pay or cancel it', async () => {
    const a = await freshAgent(t, { status: 0, incomeFen: 300_000 });
    const b = await freshAgent(t, { status: 0 });
    const replies = await Promise.all(Array.from({ length: 5 }, () => submit(a.token, { payPassword: '123456', rechargeMoney: '1000.00', payType: 3 })));
    expect(replies.filter((r) => r.body.errorType === 'SUCCESS')).toHaveLength(1);
    expect(replies.filter((r) => r.body.msg === '您有正在审核中的申请，请等待审核结果')).toHaveLength(4);
    expect((await agentRow(t, a.agentId)).lave_income).toBe(200_000);
    const id = replies.find((r) => r.body.errorType === 'SUCCESS')!.body.obj.id;
    expect((await t.call(storePrePay, { rechargeId: id }, { token: b.token })).body.msg).toBe('申请不存在');
    expect((await t.call(wxPayFailCallBack, { id }, { token: b.token })).body.msg).toBe('申请不存在');
    const code = replies.find((r) => r.body.errorType === 'SUCCESS')!.body.obj.rechargeCode;
    expect((await t.call(wxPaySuccessCallBack, { serialNumber: code }, { token: b.token })).body.msg).toBe('申请不存在');
    expect((await t.call(selAgentUpgradeApplyInfo, { agentId: a.agentId }, { token: b.token })).body.obj.agentRechargeApplyBo).toBeNull();
  });

  it('staff roles: the warehouse may not review; an agent token is not a staff token', async () => {
    const warehouse = await staffLoginAs(t, 'cangku');
    expect((await staffCall(t, selectPendingRecharges, {}, { staffToken: warehouse })).body.errorType).not.toBe('SUCCESS');
    const a = await freshAgent(t, { status: 0 });
    expect((await staffCall(t, selectPendingRecharges, {}, { accessToken: a.token })).status).toBe(401);
  });
});

describe('upgrade (agentStatus 1)', () => {
  it('lists the grades with their rules; an upgrade by total score approved credits 13 and sets the new grade', async () => {
    const a = await freshAgent(t, { status: 1, gradeIndex: 0, incomeFen: 600_000 });
    const grades = (await t.call(selectAgentGradeNewByPlatId, {}, { token: a.token })).body.objs;
    expect(grades.map((g: any) => g.gradeName)).toEqual(['体验代理', '银卡代理', '金卡代理', '钻石代理']);
    const info = (await t.call(selAgentUpgradeApplyInfo, {}, { token: a.token })).body.obj;
    const silver = info.itemList[1];
    expect(silver.resList.find((r: any) => r.singleMoney === '5000.00')).toMatchObject({ isUpgrade: 1 });
    expect(silver.resList.find((r: any) => r.singleMoney === null)).toMatchObject({ isUpgrade: 0 });
    expect(info.itemList[0].resList).toEqual([]);
    expect((await submit(a.token, { payPassword: '123456', newGradeId: grades[0].gradeId, rechargeMoney: '1000.00', payType: 3 })).body.msg).toBe('只能升级到更高的代理等级');
    const r = await submit(a.token, { agentUpgradeApplyInfoBo: { newGradeId: silver.gradeId }, rechargeMoney: '5000.00', payType: 3, payPassword: '123456' });
    expect(r.body.errorType).toBe('SUCCESS');
    const staff = await staffLoginAs(t, 'caiwu');
    expect((await staffCall(t, reviewRecharge, { id: r.body.obj.id, approve: 1 }, { staffToken: staff })).body.obj.checkState).toBe(1);
    const agent = await agentRow(t, a.agentId);
    expect([agent.grade_id, agent.last_store, agent.lave_income]).toEqual([silver.gradeId, 500_000, 100_000]);
    expect(await changesOf(t, a.agentId, 'store', r.body.obj.rechargeCode)).toEqual([{ amount: 500_000, change_state: 13 }]);
    expect(await auditCount(t, 'upgrade', r.body.obj.id)).toBe(1);
  });

  it('10 parallel approvals of one application credit once', async () => {
    const a = await freshAgent(t, { status: 0, incomeFen: 100_000 });
    const r = await submit(a.token, { payPassword: '123456', rechargeMoney: '1000.00', payType: 3 });
    const staff = await staffLoginAs(t, 'caiwu');
    const replies = await Promise.all(Array.from({ length: 10 }, () => staffCall(t, reviewRecharge, { id: r.body.obj.id, approve: true }, { staffToken: staff })));
    expect(replies.filter((x) => x.body.errorType === 'SUCCESS')).toHaveLength(1);
    expect(replies.filter((x) => x.body.msg === '申请状态已变化，请刷新后重试')).toHaveLength(9);
    expect((await agentRow(t, a.agentId)).last_store).toBe(100_000);
    expect(await auditCount(t, 'recharge', r.body.obj.id)).toBe(1);
  });
});

describe('WeChat through the payment wing', () => {
  it('the same notification 5 times at once moves the application to review once; rejection refunds through the wing', async () => {
    const a = await freshAgent(t, { status: 0 });
    const flags = await t.call(selectPayMethod, { isEnable: 1 }, { token: a.token });
    expect(flags.body.obj).toEqual({ rechargeState: 1, loanRechargeState: 1 });
    expect((await t.call(selBaseOfflinePayAccount, {}, { token: a.token })).body.objs.length).toBeGreaterThan(0);
    const r = await submit(a.token, { payPassword: '123456', rechargeMoney: '1000.00', payType: 2 });
    expect(r.body.obj.checkState).toBe(-1);
    const pre = await t.call(storePrePay, { rechargeId: r.body.obj.id }, { token: a.token });
    expect(pre.body.errorType).toBe('SUCCESS');
    const outTradeNo = pre.body.obj.outTradeNo as string;
    expect(outTradeNo.startsWith(r.body.obj.rechargeCode)).toBe(true);
    const paid = sandboxOf(t).markPaid(outTradeNo, t.clock.now());
    const answers = await Promise.all(Array.from({ length: 5 }, () => notify(t, paid)));
    expect(answers.every((x) => x.status === 204)).toBe(true);
    expect((await rechargeRow(r.body.obj.id)).check_state).toBe(0);
    expect((await paymentRow(t, outTradeNo)).state).toBe(1);
    const back = await t.call(wxPaySuccessCallBack, { serialNumber: outTradeNo }, { token: a.token });
    expect(back.body.objs).toEqual([expect.objectContaining({ rechargeMoney: '1000.00', checkState: 0, wxPayState: 1 })]);

    const staff = await staffLoginAs(t, 'caiwu');
    expect((await staffCall(t, reviewRecharge, { id: r.body.obj.id, approve: false, reason: '重复充值' }, { staffToken: staff })).body.obj.checkState).toBe(2);
    const refunds = await t.db.kysely.selectFrom('refunds').selectAll().where('subject_kind', '=', 'recharge').where('subject_id', '=', r.body.obj.id).execute();
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amount).toBe(100_000);
    expect((await agentRow(t, a.agentId)).last_store).toBe(0);
  });

  it('a cancelled pay sheet (wxPayFailCallBack) cancels the attempt and frees the slot', async () => {
    const a = await freshAgent(t, { status: 0 });
    const r = await submit(a.token, { payPassword: '123456', rechargeMoney: '1000.00', payType: 2 });
    const pre = await t.call(storePrePay, { rechargeId: r.body.obj.id }, { token: a.token });
    const fail = await t.call(wxPayFailCallBack, { id: r.body.obj.id }, { token: a.token });
    expect(fail.body.obj.checkState).toBe(3);
    expect((await paymentRow(t, pre.body.obj.outTradeNo)).state).toBe(2);
    expect((await submit(a.token, { payPassword: '123456', rechargeMoney: '1000.00', payType: 2 })).body.errorType).toBe('SUCCESS');
  });
});
