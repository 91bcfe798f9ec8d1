import { describe, expect, it } from 'vitest';
import {
  bondMoneyInit,
  bondPrePay,
  payBondManage,
  payBondManageByWxPayBefore,
  returnBondMoneyReject,
  saveAccount,
  withdrawalBondManage,
} from '@shop/contract';
import { reconcileWechatPayments } from '../src/modules/payment/payment.queries.js';
import { useTestApp } from './helpers/app.js';
import { agentRow, changesOf, freshAgent } from './helpers/funds-paid-fixture.js';
import { MINUTE } from './helpers/time.js';
import { depsOf, paymentRow, wechatOf } from './helpers/wechatpay-fixture.js';

/** The compliance deposit (ADR 0017, ADR 0026): WeChat expiry, identity, refusals that change nothing. */
const t = useTestApp();

/** 银卡 (rule 1000.00), deposit due, 3000.00 total score. */
const payer = () => freshAgent(t, { status: 1, gradeIndex: 1, needBond: 1, incomeFen: 300_000 });
const bondPay = (id: number) => t.db.kysely.selectFrom('bond_pays').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function state(agentId: number) {
  const a = await agentRow(t, agentId);
  const k = t.db.kysely;
  const pays = await k.selectFrom('bond_pays').select(['id', 'check_state']).where('agent_id', '=', agentId).orderBy('id').execute();
  const returns = await k.selectFrom('bond_returns').select(['id', 'check_state']).where('agent_id', '=', agentId).orderBy('id').execute();
  return { balances: [a.bond_money, a.lave_income, a.is_need_bond_status], pays, returns };
}

/** An agent holding `fen` of deposit (no longer due), with its own collection account. */
async function holder(fen: number) {
  const a = await payer();
  await t.db.kysely.transaction().execute(async (trx) => {
    await trx.updateTable('agents').set({ bond_money: fen, is_need_bond_status: 0 }).where('id', '=', a.agentId).execute();
    await trx.insertInto('account_changes').values({ plat_id: t.config.platId, agent_id: a.agentId, account: 'bond', amount: fen, balance_after: fen, change_state: 1, order_code: null, remark: '测试', created_at: t.clock.now().toISOString() }).execute();
  });
  const acc = await t.call(saveAccount, { bankDicId: 1, subBankName: '支行', accountName: '王芳', accountNumber: '6217000011112222' }, { token: a.token });
  expect(acc.body.errorType).toBe('SUCCESS');
  return { ...a, accountId: acc.body.obj.id as number };
}

describe('an unpaid WeChat deposit payment expires (reconcile job)', () => {
  it('cancelled once under parallel runs, nothing taken, and the deposit can then be paid by total score', async () => {
    const a = await payer();
    const before = await t.call(payBondManageByWxPayBefore, { bondMoney: '1000.00', payType: 2 }, { token: a.token });
    expect(before.body.obj.checkState).toBe(-1);
    const pre = await t.call(bondPrePay, { attach: before.body.obj.id }, { token: a.token });
    expect(pre.body.errorType).toBe('SUCCESS');
    t.clock.advance(16 * MINUTE);
    const run = () => reconcileWechatPayments(depsOf(t), t.clock.now(), wechatOf(t));
    const results = await Promise.all([run(), run(), run()]);
    expect(results.reduce((n, x) => n + x.abandoned, 0)).toBe(1);
    expect((await bondPay(before.body.obj.id)).check_state).toBe(3);
    expect((await paymentRow(t, pre.body.obj.outTradeNo)).state).toBe(2);
    const agent = await agentRow(t, a.agentId);
    expect([agent.bond_money, agent.lave_income, agent.is_need_bond_status]).toEqual([0, 300_000, 1]);
    expect((await t.call(bondMoneyInit, {}, { token: a.token })).body.obj.bondStatusFlg).toBe(0);
    expect((await t.call(bondPrePay, { attach: before.body.obj.id }, { token: a.token })).body.msg).toBe('该申请已支付或已关闭');

    const r = await t.call(payBondManage, { payPassword: '123456', bondMoney: '1000.00', payType: 3 }, { token: a.token });
    expect(r.body.obj.checkState).toBe(0);
    expect(await changesOf(t, a.agentId, 'income', r.body.obj.bondCode)).toEqual([{ amount: -100_000, change_state: 29 }]);
  });
});

describe('identity and refusals: nothing changes', () => {
  it('a deposit payment naming another agent is the caller\'s own', async () => {
    const a = await payer();
    const b = await payer();
    const other = await state(b.agentId);
    const r = await t.call(payBondManage, { payPassword: '123456', bondMoney: '1000.00', payType: 3, agentId: b.agentId }, { token: a.token });
    expect(r.body.errorType).toBe('SUCCESS');
    expect(Number((await bondPay(r.body.obj.id)).agent_id)).toBe(a.agentId);
    expect((await agentRow(t, a.agentId)).lave_income).toBe(200_000);
    expect(await state(b.agentId)).toEqual(other);
  });

  it('a refund to another agent\'s collection account, or withdrawn by another agent, is refused; each refusal changes nothing', async () => {
    const a = await holder(150_000);
    const b = await holder(100_000);
    const before = await state(a.agentId);
    const refusals: [Record<string, unknown>, string][] = [
      [{ bondReturnType: 1, returnBondMoney: '1500.00' }, '请选择收款账户'],
      [{ bondReturnType: 1, returnBondMoney: '1500.00', accountId: b.accountId }, '请选择收款账户'],
      [{ bondReturnType: 2, returnBondMoney: '500.00', accountId: a.accountId, remark: 'x'.repeat(31) }, '备注不能超过30个字'],
    ];
    for (const [payload, msg] of refusals) expect((await t.call(withdrawalBondManage, payload, { token: a.token })).body.msg, msg).toBe(msg);
    expect((await t.call(withdrawalBondManage, { bondReturnType: 2, returnBondMoney: '500.00', accountId: b.accountId }, { token: b.token })).body.msg).toBe('您的合规金未超过等级标准，无可退还的超出部分');
    expect(await state(a.agentId)).toEqual(before);

    const r = await t.call(withdrawalBondManage, { bondReturnType: 2, returnBondMoney: '500.00', accountId: a.accountId, agentId: b.agentId }, { token: a.token });
    expect(r.body.obj.checkState).toBe(0);
    const pending = await state(a.agentId);
    expect(pending.returns).toEqual([{ id: r.body.obj.id, check_state: 0 }]);
    expect(pending.balances).toEqual(before.balances);
    // B cannot withdraw A's pending refund, whatever it names.
    expect((await t.call(returnBondMoneyReject, { agentId: a.agentId }, { token: b.token })).body.msg).toBe('没有待审核的退还申请');
    expect(await state(a.agentId)).toEqual(pending);
    expect((await state(b.agentId)).returns).toEqual([]);
  });
});
