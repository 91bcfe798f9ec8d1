import { describe, expect, it } from 'vitest';
import { saveAgentWithdrawOut, selAgentByPlatIdAndPhone } from '@shop/contract';
import { useTestApp } from './helpers/app.js';

const t = useTestApp();
const income = async (phone: string) =>
  Number((await t.db.kysely.selectFrom('agents').select('lave_income').where('phone', '=', phone).executeTakeFirstOrThrow()).lave_income);

describe('transfer (spec 3 §5 Transfer)', () => {
  it.each([
    [{}, '请输入接收人手机号'],
    [{ toAgentPhone: '12800000004' }, '请输入正确的手机号'],
    [{ toAgentPhone: '13800000004' }, '请输入转出金额'],
    [{ toAgentPhone: '13800000004', rechargeMoney: '1.001' }, '请输入正确的转出金额，整数或保留2位小数'],
    [{ toAgentPhone: '13800000004', rechargeMoney: '0' }, '转出金额不能为0'],
    [{ toAgentPhone: '13800000004', rechargeMoney: '10' }, '请选择转款方式'],
    [{ toAgentPhone: '13800000004', rechargeMoney: '10', transferType: 1, remark: '字'.repeat(201) }, '备注不能超过200个字'],
    [{ toAgentPhone: '13900000000', rechargeMoney: '10', transferType: 1 }, '代理商不存在'],
    [{ toAgentPhone: '13800000001', rechargeMoney: '10', transferType: 1 }, '不能转款给自己'],
    [{ toAgentPhone: '13800000004', rechargeMoney: '9000', transferType: 1 }, '您的总分余额不足'],
    [{ toAgentPhone: '13800000004', rechargeMoney: '10', transferType: 1 }, '请输入支付密码'],
  ])('refuses %j and changes nothing', async (payload, message) => {
    const { token } = await t.login('13800000001', 'demo1234');
    const before = [await income('13800000001'), await income('13800000004')];
    const reply = await t.call(saveAgentWithdrawOut, payload, { token });
    expect(reply.body.msg).toBe(message);
    expect([await income('13800000001'), await income('13800000004')]).toEqual(before);
  });

  it('blocks while the deposit is due (请缴纳合规金后转款)', async () => {
    const { token } = await t.login('13800000003', 'demo1234');
    const reply = await t.call(saveAgentWithdrawOut, { toAgentPhone: '13800000004', rechargeMoney: '1', transferType: 1 }, { token });
    expect(reply.body.msg).toBe('请缴纳合规金后转款');
  });

  it('confirms the recipient, then moves the total score (26 out, 12 in) in one step', async () => {
    const { token } = await t.login('13800000001', 'demo1234');
    const check = await t.call(selAgentByPlatIdAndPhone, { phone: '13800000004', rechargeMoney: '100' }, { token });
    expect(check.body.obj).toMatchObject({ toAgentName: '赵强', toAgentPhone: '138****0004', toAgentGradeName: '金卡代理' });
    expect(check.body.msg).toBe('确认向赵强（138****0004，金卡代理）转出100.00元到总分吗？');
    const before = [await income('13800000001'), await income('13800000004')];
    const reply = await t.call(
      saveAgentWithdrawOut,
      { toAgentPhone: '13800000004', toAgentId: check.body.obj.toAgentId, rechargeMoney: '100', transferType: 1, remark: '货款', payPassword: '123456' },
      { token },
    );
    expect(reply.body).toMatchObject({ errorType: 'SUCCESS', msg: '转款成功' });
    expect([await income('13800000001'), await income('13800000004')]).toEqual([before[0]! - 10_000, before[1]! + 10_000]);
    const codes = await t.db.kysely.selectFrom('account_changes').select(['change_state', 'amount']).where('order_code', '=', reply.body.obj.transferCode).orderBy('change_state').execute();
    expect(codes.map((c) => [c.change_state, Number(c.amount)])).toEqual([[12, 10_000], [26, -10_000]]);
  });

  it('A→B and B→A in parallel: no deadlock, no negative balance, the sum preserved', async () => {
    const a = await t.login('13800000001', 'demo1234');
    // B (13800000004) has no payment password; give it something to send back.
    await t.call(saveAgentWithdrawOut, { toAgentPhone: '13800000004', rechargeMoney: '200', transferType: 1, payPassword: '123456' }, { token: a.token });
    const b = await t.login('13800000004', 'demo1234');
    const sum = (await income('13800000001')) + (await income('13800000004'));
    const calls = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0
        ? t.call(saveAgentWithdrawOut, { toAgentPhone: '13800000001', rechargeMoney: '50', transferType: 1 }, { token: b.token })
        : t.call(saveAgentWithdrawOut, { toAgentPhone: '13800000004', rechargeMoney: '1', transferType: 1, payPassword: '123456' }, { token: a.token }),
    );
    const replies = await Promise.all(calls);
    expect(replies.every((r) => r.status === 200 && (r.body.errorType === 'SUCCESS' || r.body.msg === '您的总分余额不足' || /密码/.test(r.body.msg)))).toBe(true);
    expect(replies.filter((r) => r.body.errorType === 'SUCCESS').length).toBeGreaterThan(0);
    expect((await income('13800000001')) + (await income('13800000004'))).toBe(sum);
    expect(await income('13800000004')).toBeGreaterThanOrEqual(0);
  });
});
