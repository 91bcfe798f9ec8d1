import { describe, expect, it } from 'vitest';
import {
  freezeStore,
  saveAccount,
  saveAgentWithdrawCashApply,
  saveAgentWithdrawOut,
  selAccountInfoAndCashRule,
  updateAccount,
} from '@shop/contract';
import { useTestApp } from './helpers/app.js';
import { staffCall, staffLoginAs } from './helpers/staff-fixture.js';

/**
 * ADR 0017: a refused request changes nothing. funds-withdrawal / funds-transfer check the messages and the
 * balances; these check every row a refused withdrawal, transfer, account edit or freeze could have written too.
 */
const t = useTestApp();

/** Balances and row counts of the seed agents 13800000001 and 13800000004, plus the tables any of these write. */
async function world() {
  const k = t.db.kysely;
  const agents = await k
    .selectFrom('agents')
    .select(['phone', 'lave_income', 'apply_income', 'last_store', 'frozen_store'])
    .where('phone', 'in', ['13800000001', '13800000004'])
    .orderBy('phone')
    .execute();
  const n = async (table: 'withdrawals' | 'transfers' | 'account_changes' | 'collection_accounts' | 'frozen_records' | 'audit_logs') =>
    Number((await k.selectFrom(table).select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const accounts = await k.selectFrom('collection_accounts').selectAll().orderBy('id').execute();
  return {
    agents,
    accounts,
    rows: {
      withdrawals: await n('withdrawals'),
      transfers: await n('transfers'),
      changes: await n('account_changes'),
      frozen: await n('frozen_records'),
      audit: await n('audit_logs'),
    },
  };
}

describe('refused funds requests write nothing', () => {
  it('withdrawal: every spec 3 §5 message', async () => {
    const { token } = await t.login('13800000001', 'demo1234');
    const accountId = (await t.call(selAccountInfoAndCashRule, {}, { token })).body.obj.baseOfflinePayAccountlist[0].id as number;
    const cases: [Record<string, unknown>, string][] = [
      [{ accountId }, '提现金额不能为空'],
      [{ bondMoney: '1.234', accountId }, '请输入正确的提现金额，整数或保留2位小数'],
      [{ bondMoney: '123456789012', accountId }, '请输入正确的提现金额，整数或保留2位小数'],
      [{ bondMoney: '0', accountId }, '提现金额不能为0'],
      [{ bondMoney: '100' }, '请选择收款账号'],
      [{ bondMoney: '100', accountId: 999_999 }, '请选择收款账号'],
      [{ bondMoney: '50', accountId }, '提现金额不能低于100.00元'],
      [{ bondMoney: '150', accountId }, '提现金额须为100.00的整数倍'],
      [{ bondMoney: '90000', accountId }, '您的总分余额不足'],
      [{ bondMoney: '100', accountId }, '请输入支付密码'],
      [{ bondMoney: '100', accountId, payPassword: '123456', serviceCharge: '0.01' }, '手续费已变化，请刷新后重试'],
    ];
    const before = await world();
    for (const [payload, msg] of cases) expect((await t.call(saveAgentWithdrawCashApply, payload, { token })).body.msg, msg).toBe(msg);
    const wrong = await t.call(saveAgentWithdrawCashApply, { bondMoney: '100', accountId, payPassword: '000000' }, { token });
    expect(wrong.body.msg).toMatch(/^密码错误/);
    expect(await world()).toEqual(before);
  });

  it('transfer: every spec 3 §5 message', async () => {
    const { token } = await t.login('13800000001', 'demo1234');
    const ok = { toAgentPhone: '13800000004', rechargeMoney: '10', transferType: 1 };
    const cases: [Record<string, unknown>, string][] = [
      [{}, '请输入接收人手机号'],
      [{ toAgentPhone: '1380000000' }, '请输入正确的手机号'],
      [{ toAgentPhone: '13800000004' }, '请输入转出金额'],
      [{ ...ok, rechargeMoney: '10.001' }, '请输入正确的转出金额，整数或保留2位小数'],
      [{ ...ok, rechargeMoney: '0.00' }, '转出金额不能为0'],
      [{ toAgentPhone: '13800000004', rechargeMoney: '10' }, '请选择转款方式'],
      [{ ...ok, remark: '字'.repeat(201) }, '备注不能超过200个字'],
      [{ ...ok, toAgentPhone: '13900000009' }, '代理商不存在'],
      [{ ...ok, toAgentPhone: '13800000001' }, '不能转款给自己'],
      [{ ...ok, rechargeMoney: '90000' }, '您的总分余额不足'],
      [ok, '请输入支付密码'],
      [{ ...ok, payPassword: '123456', toAgentId: await t.agentIdOf('13800000002') }, '接收人信息已变化，请重新确认'],
    ];
    const before = await world();
    for (const [payload, msg] of cases) expect((await t.call(saveAgentWithdrawOut, payload, { token })).body.msg, msg).toBe(msg);
    expect(await world()).toEqual(before);
  });

  it('collection account edits and staff freezes', async () => {
    const { token } = await t.login('13800000001', 'demo1234');
    const id = (await t.call(selAccountInfoAndCashRule, {}, { token })).body.obj.baseOfflinePayAccountlist[0].id as number;
    const good = { bankDicId: 1, subBankName: '支行', accountName: '李华', accountNumber: '6222000000000009' };
    const before = await world();
    const edits: [Record<string, unknown>, string][] = [
      [{ ...good, bankDicId: undefined }, '请选择开户银行'],
      [{ ...good, subBankName: '支'.repeat(21) }, '开户支行不能超过20个字'],
      [{ ...good, accountName: '' }, '请输入持卡人姓名'],
      [{ ...good, accountNumber: '6222abc' }, '银行卡号只能是数字'],
      [{ ...good, bankDicId: 999 }, '开户银行不存在'],
    ];
    for (const [payload, msg] of edits) {
      expect((await t.call(saveAccount, payload, { token })).body.msg, msg).toBe(msg);
      expect((await t.call(updateAccount, { ...payload, id }, { token })).body.msg, msg).toBe(msg);
    }
    const staff = await staffLoginAs(t, 'caiwu');
    const freezes: [Record<string, unknown>, string][] = [
      [{ releaseDate: '2027-01-01' }, '请输入代理商手机号'],
      [{ agentPhone: '13800000001', releaseDate: '2027-01-01' }, '请输入冻结金额'],
      [{ agentPhone: '13800000001', frozenMoney: '-1', releaseDate: '2027-01-01' }, '请输入正确的冻结金额'],
      [{ agentPhone: '13800000001', frozenMoney: '10' }, '请选择解冻日期'],
      [{ agentPhone: '13800000001', frozenMoney: '10', releaseDate: '2027/01/01' }, '解冻日期格式有误'],
      [{ agentPhone: '13800000001', frozenMoney: '10', releaseDate: '2020-01-01' }, '解冻日期须晚于今天'],
      [{ agentPhone: '13800000001', frozenMoney: '9999999', releaseDate: '2027-01-01' }, '货款余额不足'],
      [{ agentPhone: '13900000009', frozenMoney: '10', releaseDate: '2027-01-01' }, '代理商不存在'],
      [{ agentPhone: '13800000001', frozenMoney: '10', releaseDate: '2027-01-01', remark: '字'.repeat(201) }, '备注不能超过200个字'],
    ];
    for (const [payload, msg] of freezes) expect((await staffCall(t, freezeStore, payload, { staffToken: staff })).body.msg, msg).toBe(msg);
    expect(await world()).toEqual(before);
  });
});
