import { describe, expect, it } from 'vitest';
import {
  applyWithdrawalBondInit,
  bondMoneyInit,
  bondPrePay,
  payBondManage,
  payBondManageByWxPayBefore,
  returnBondMoneyReject,
  reviewBondPayment,
  reviewBondReturn,
  saveAccount,
  selectBondDetail,
  selectPayWay,
  selectPendingBondReturns,
  selectPendingBonds,
  selectReturnBondDetail,
  withdrawalBondManage,
  wxPaySuccessCallBackByBond,
} from '@shop/contract';
import { useTestApp } from './helpers/app.js';
import { agentRow, auditCount, changesOf, freshAgent, receivingAccountId, uploadVoucher } from './helpers/funds-paid-fixture.js';
import { staffCall, staffLoginAs } from './helpers/staff-fixture.js';
import { notify, sandboxOf } from './helpers/wechatpay-fixture.js';

const t = useTestApp();

/** 银卡 (rule 1000.00), deposit due, 3000.00 total score, as 13800000003 in the demo. */
const payer = () => freshAgent(t, { status: 1, gradeIndex: 1, needBond: 1, incomeFen: 300_000 });
const pay = (token: string, p: Record<string, unknown>) => t.call(payBondManage, p, { token });

async function collectionAccount(token: string): Promise<number> {
  const r = await t.call(saveAccount, { bankDicId: 1, bankDicName: '中国银行', subBankName: '深圳分行', accountName: '王芳', accountNumber: '6217000011112222' }, { token });
  if (r.body.errorType !== 'SUCCESS') throw new Error(r.text);
  const row = await t.db.kysely.selectFrom('collection_accounts').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
  return Number(row.id);
}

describe('deposit payment', () => {
  it('by total score (29): under review, approval credits the deposit and opens buying; records and audit', async () => {
    const a = await payer();
    const init = (await t.call(bondMoneyInit, {}, { token: a.token })).body.obj;
    expect(init).toMatchObject({ bondMoney: '0.00', ruleBondMoney: '1000.00', gradeBond: '1000.00', bondStatus: 0, isNeedBondStatus: 1, bondStatusFlg: 0 });
    expect((await t.call(selectPayWay, {}, { token: a.token })).body.objs.map((w: any) => w.type)).toEqual(expect.arrayContaining([1, 2, 4]));
    const r = await pay(a.token, { payPassword: '123456', bondMoney: '1000.00', payType: 3, remark: '缴纳' });
    expect(r.body.obj).toMatchObject({ checkState: 0, bondMoney: '1000.00' });
    expect(r.body.obj.bondCode).toMatch(/^HG/);
    expect((await agentRow(t, a.agentId)).lave_income).toBe(200_000);
    expect((await t.call(bondMoneyInit, {}, { token: a.token })).body.obj.bondStatusFlg).toBe(1);
    expect((await pay(a.token, { payPassword: '123456', bondMoney: '1000.00', payType: 3 })).body.msg).toBe('您有正在审核中的合规金申请，请等待审核结果');

    const staff = await staffLoginAs(t, 'caiwu');
    const list = await staffCall(t, selectPendingBonds, { phonePage: { pageNum: 1 } }, { staffToken: staff });
    expect(list.body.objs.map((o: any) => o.id)).toContain(r.body.obj.id);
    const replies = await Promise.all(Array.from({ length: 10 }, () => staffCall(t, reviewBondPayment, { id: r.body.obj.id, approve: true }, { staffToken: staff })));
    expect(replies.filter((x) => x.body.errorType === 'SUCCESS')).toHaveLength(1);
    const agent = await agentRow(t, a.agentId);
    expect([agent.bond_money, agent.is_need_bond_status]).toEqual([100_000, 0]);
    expect(await changesOf(t, a.agentId, 'bond', r.body.obj.bondCode)).toEqual([{ amount: 100_000, change_state: 1 }]);
    expect(await changesOf(t, a.agentId, 'income', r.body.obj.bondCode)).toEqual([{ amount: -100_000, change_state: 29 }]);
    expect(await auditCount(t, 'bond', r.body.obj.id)).toBe(1);
    const detail = await t.call(selectBondDetail, { checkState: 1, phonePage: { pageNum: 1 } }, { token: a.token });
    expect(detail.body.objs).toEqual([expect.objectContaining({ bondCode: r.body.obj.bondCode, bondMoney: '1000.00', checkState: 1 })]);
  });

  it('offline, rejected: nothing credited, the reason is shown; spec 3 §5 Deposit payment messages, refusals change nothing', async () => {
    const a = await payer();
    const accountId = await receivingAccountId(t, a.token);
    await t.db.kysely.updateTable('offline_pay_settings').set({ line_charge_voucher: 2 }).where('plat_id', '=', t.config.platId).execute();
    const cases: [Record<string, unknown>, string][] = [
      [{ bondMoney: '1000.00', payType: 1 }, '请选择收款账户'],
      [{ bondMoney: '1000.00', payType: 1, accountId }, '请输入打款账户名'],
      [{ bondMoney: '1000.00', payType: 1, accountId, remitAccountName: '王芳' }, '请输入打款账户'],
      [{ bondMoney: '1000.00', payType: 1, accountId, remitAccountName: '王芳', remitAccountNumber: '62220000' }, '请上传打款凭证'],
      [{ bondMoney: '1000.00', payType: 1, remark: 'x'.repeat(31) }, '备注不能超过30个字'],
      [{ bondMoney: '1000.00', payType: 1, remitAccountName: 'x'.repeat(16) }, '打款账户名不能超过15个字'],
      [{ bondMoney: '1000.00', payType: 1, remitAccountNumber: '1'.repeat(26) }, '打款账户不能超过25个字'],
      [{ bondMoney: '900.00', payType: 3 }, '合规金金额有误，请刷新后重试'],
      [{ bondMoney: '1000.00', payType: 2 }, '请选择支付方式'],
    ];
    for (const [payload, msg] of cases) expect((await pay(a.token, payload)).body.msg, msg).toBe(msg);
    const poor = await freshAgent(t, { status: 1, gradeIndex: 1, needBond: 1, incomeFen: 50_000 });
    expect((await pay(poor.token, { payPassword: '123456', bondMoney: '1000.00', payType: 3 })).body.msg).toBe('您的总分余额不足');
    const fresh = await freshAgent(t, { status: 0, needBond: 1 });
    expect((await pay(fresh.token, { payPassword: '123456', bondMoney: '500.00', payType: 3 })).body.msg).toBe('请先充值货款后再缴纳合规金');
    expect(await t.db.kysely.selectFrom('bond_pays').select('id').where('agent_id', 'in', [a.agentId, poor.agentId, fresh.agentId]).execute()).toEqual([]);

    const voucher = await uploadVoucher(t, a.token);
    const r = await pay(a.token, { payPassword: '123456', bondMoney: '1000.00', payType: 1, accountId, remitAccountName: '王芳', remitAccountNumber: '62220000', voucherImgUrl: voucher });
    expect(r.body.obj.checkState).toBe(0);
    const staff = await staffLoginAs(t, 'admin');
    // Voucher links are bound to their viewer (ADR 0012): the reviewing staff member in the queue, the agent in its records.
    const admin = await t.db.kysely.selectFrom('staff').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    const queued = (await staffCall(t, selectPendingBonds, { phonePage: { pageNum: 1 } }, { staffToken: staff })).body.objs.find((o: any) => o.id === r.body.obj.id);
    expect(queued.voucherImgUrl).toMatch(new RegExp(`\\?exp=\\d+&v=s${admin.id}&sig=[0-9a-f]{64}$`));
    const own = (await t.call(selectBondDetail, { checkState: 0, phonePage: { pageNum: 1 } }, { token: a.token })).body.objs[0];
    expect(own.voucherImgUrl).toMatch(new RegExp(`\\?exp=\\d+&v=a${a.agentId}&sig=[0-9a-f]{64}$`));
    expect((await staffCall(t, reviewBondPayment, { id: r.body.obj.id, approve: false, reason: '凭证不清晰' }, { staffToken: staff })).body.obj.checkState).toBe(2);
    const agent = await agentRow(t, a.agentId);
    expect([agent.bond_money, agent.is_need_bond_status, agent.lave_income]).toEqual([0, 1, 300_000]);
    expect((await t.call(bondMoneyInit, {}, { token: a.token })).body.obj.checkRemark).toBe('凭证不清晰');
  });

  it('WeChat: the notification moves it to review once; the result page reads the amount back; another agent cannot read it', async () => {
    const a = await payer();
    const b = await payer();
    const before = await t.call(payBondManageByWxPayBefore, { bondMoney: '1000.00', payType: 2 }, { token: a.token });
    expect(before.body.obj.checkState).toBe(-1);
    const pre = await t.call(bondPrePay, { attach: before.body.obj.id }, { token: a.token });
    expect((await t.call(bondPrePay, { attach: before.body.obj.id }, { token: b.token })).body.msg).toBe('申请不存在');
    const paid = sandboxOf(t).markPaid(pre.body.obj.outTradeNo, t.clock.now());
    await Promise.all(Array.from({ length: 5 }, () => notify(t, paid)));
    const back = await t.call(wxPaySuccessCallBackByBond, { serialNumber: pre.body.obj.outTradeNo }, { token: a.token });
    expect(back.body.obj).toMatchObject({ bondMoney: '1000.00', checkState: 0, wxPayState: 1 });
    expect((await t.call(wxPaySuccessCallBackByBond, { serialNumber: pre.body.obj.outTradeNo }, { token: b.token })).body.msg).toBe('申请不存在');
  });
});

describe('deposit refund', () => {
  async function withDeposit(fen: number) {
    const a = await payer();
    await t.db.kysely.transaction().execute(async (trx) => {
      await trx.updateTable('agents').set({ bond_money: fen, is_need_bond_status: 0 }).where('id', '=', a.agentId).execute();
      await trx.insertInto('account_changes').values({ plat_id: t.config.platId, agent_id: a.agentId, account: 'bond', amount: fen, balance_after: fen, change_state: 1, order_code: null, remark: '测试', created_at: t.clock.now().toISOString() }).execute();
    });
    return a;
  }

  it('return of the excess (type 2) held until staff approve; paid out, audited; buying stays open', async () => {
    const a = await withDeposit(150_000);
    const init = await t.call(applyWithdrawalBondInit, { bondReturnType: 2 }, { token: a.token });
    expect(init.body.obj).toMatchObject({ returnBondMoney: '500.00', excessBondMoney: '500.00', isConfirm: 1 });
    expect((await t.call(withdrawalBondManage, { bondReturnType: 2, returnBondMoney: '500.00' }, { token: a.token })).body.msg).toBe('请选择收款账户');
    const accountId = await collectionAccount(a.token);
    expect((await t.call(withdrawalBondManage, { bondReturnType: 2, returnBondMoney: '500.00', accountId, remark: 'x'.repeat(31) }, { token: a.token })).body.msg).toBe('备注不能超过30个字');
    const r = await t.call(withdrawalBondManage, { bondReturnType: 2, returnBondMoney: '500.00', accountId }, { token: a.token });
    expect(r.body.obj.checkState).toBe(0);
    expect((await agentRow(t, a.agentId)).bond_money).toBe(150_000);
    expect((await t.call(bondMoneyInit, {}, { token: a.token })).body.obj.returnBondCheckState).toBe(1);
    const staff = await staffLoginAs(t, 'caiwu');
    expect((await staffCall(t, selectPendingBondReturns, {}, { staffToken: staff })).body.objs.map((o: any) => o.id)).toContain(r.body.obj.id);
    const ok = await staffCall(t, reviewBondReturn, { id: r.body.obj.id, approve: true, payoutReference: 'BANK-001' }, { staffToken: staff });
    expect(ok.body.obj.checkState).toBe(1);
    const agent = await agentRow(t, a.agentId);
    expect([agent.bond_money, agent.is_need_bond_status]).toEqual([100_000, 0]);
    expect(await auditCount(t, 'bondReturn', r.body.obj.id)).toBe(1);
  });

  it('a pending refund (type 1) can be withdrawn by the agent (自行撤回); an approved type 1 takes the agent out (ADR 0026)', async () => {
    const a = await withDeposit(100_000);
    const accountId = await collectionAccount(a.token);
    expect((await t.call(applyWithdrawalBondInit, { bondReturnType: 2 }, { token: a.token })).body.msg).toBe('您的合规金未超过等级标准，无可退还的超出部分');
    const r = await t.call(withdrawalBondManage, { bondReturnType: 1, returnBondMoney: '1000.00', accountId }, { token: a.token });
    expect((await t.call(withdrawalBondManage, { bondReturnType: 1, returnBondMoney: '1000.00', accountId }, { token: a.token })).body.msg).toBe('您有正在审核中的退还申请');
    expect((await t.call(returnBondMoneyReject, {}, { token: a.token })).body.obj.checkState).toBe(2);
    const rec = await t.call(selectReturnBondDetail, { checkState: 2 }, { token: a.token });
    expect(rec.body.objs[0]).toMatchObject({ id: r.body.obj.id, checkRemark: '自行撤回' });
    const again = await t.call(withdrawalBondManage, { bondReturnType: 1, returnBondMoney: '1000.00', accountId }, { token: a.token });
    const staff = await staffLoginAs(t, 'caiwu');
    await staffCall(t, reviewBondReturn, { id: again.body.obj.id, approve: true }, { staffToken: staff });
    const agent = await agentRow(t, a.agentId);
    expect([agent.bond_money, agent.is_need_bond_status, agent.is_active]).toEqual([0, 1, 0]);
  });
});
