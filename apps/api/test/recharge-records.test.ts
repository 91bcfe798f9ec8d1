import { describe, expect, it } from 'vitest';
import { chargeRechargeAudit, reviewRecharge, submitApplicationsForPersonal } from '@shop/contract';
import { useTestApp } from './helpers/app.js';
import { freshAgent } from './helpers/funds-paid-fixture.js';
import { staffCall, staffLoginAs } from './helpers/staff-fixture.js';

const t = useTestApp();
const page = { pageSize: 10, pageNum: 1 };

describe('chargeRechargeAudit (spec 3 §2 /investRecord)', () => {
  it('lists the agent\'s own top-ups by state: pending, then rejected with the reason; nobody else\'s', async () => {
    const a = await freshAgent(t, { status: 0, incomeFen: 300_000 });
    const other = await freshAgent(t, { status: 0, incomeFen: 300_000 });
    const r = await t.call(submitApplicationsForPersonal, { payPassword: '123456', rechargeMoney: 1000, payType: 3 }, { token: a.token });
    expect(r.body.errorType).toBe('SUCCESS');

    const pending = await t.call(chargeRechargeAudit, { checkState: 0, phonePage: page }, { token: a.token });
    expect(pending.body.objs).toEqual([
      expect.objectContaining({ id: r.body.obj.id, rechargeCode: r.body.obj.rechargeCode, rechargeMoney: '1000.00', checkState: 0, checkRemark: '', gradeUpType: 1 }),
    ]);
    expect(pending.body.obj.phonePage).toMatchObject({ pageNum: 1, pageTotal: 1 });
    expect((await t.call(chargeRechargeAudit, { checkState: 1, phonePage: page }, { token: a.token })).body.objs).toEqual([]);
    // Another agent, even naming a's id, sees none of it.
    const theirs = await t.call(chargeRechargeAudit, { checkState: -1, agentId: a.agentId, phonePage: page }, { token: other.token });
    expect(theirs.body.objs).toEqual([]);

    const staff = await staffLoginAs(t, 'admin');
    await staffCall(t, reviewRecharge, { id: r.body.obj.id, approve: false, reason: '信息不符' }, { staffToken: staff });
    const rejected = await t.call(chargeRechargeAudit, { checkState: 2, phonePage: page }, { token: a.token });
    expect(rejected.body.objs).toEqual([expect.objectContaining({ id: r.body.obj.id, checkState: 2, checkRemark: '信息不符' })]);
    expect((await t.call(chargeRechargeAudit, { checkState: 0, phonePage: page }, { token: a.token })).body.objs).toEqual([]);
    expect((await t.call(chargeRechargeAudit, { phonePage: page }, { token: a.token })).body.objs).toHaveLength(1);
  });
});
