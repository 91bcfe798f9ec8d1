import { describe, expect, it } from 'vitest';
import { reviewRecharge, selAgentApiAccountInfo, selFrozenIncomeRecords, submitApplicationsForPersonal } from '@shop/contract';
import { releaseIncome } from '../src/jobs/release-income.js';
import { useTestApp } from './helpers/app.js';
import { freshAgent } from './helpers/funds-paid-fixture.js';
import { staffCall, staffLoginAs } from './helpers/staff-fixture.js';
import { DAY, HOUR } from './helpers/time.js';

/**
 * /total's 冻结金额 is explained by the agent's own network income rows (ADR 0017): what is frozen, from
 * whom and which top-up or order, the amount and the release date; once released the row moves to the history.
 */
const t = useTestApp();

const list = (token: string, input: Record<string, unknown> = {}) => t.call(selFrozenIncomeRecords, input, { token });

/** A recruit of `inviter` makes the first top-up from the total score; finance approves it (a recruitment reward). */
async function recruitTopsUp(inviterPhone: string) {
  const a = await freshAgent(t, { status: 0, inviterPhone, incomeFen: 1_000_000 });
  const r = await t.call(submitApplicationsForPersonal, { payPassword: '123456', rechargeMoney: '1000.00', payType: 3 }, { token: a.token });
  expect(r.body.errorType).toBe('SUCCESS');
  const staff = await staffLoginAs(t, 'caiwu');
  expect((await staffCall(t, reviewRecharge, { id: r.body.obj.id, approve: true }, { staffToken: staff })).body.obj.checkState).toBe(1);
  const name = (await t.db.kysely.selectFrom('agents').select('agent_name').where('id', '=', a.agentId).executeTakeFirstOrThrow()).agent_name;
  return { recruit: a, code: r.body.obj.rechargeCode as string, name, approvedAt: t.clock.now() };
}

describe('selFrozenIncomeRecords', () => {
  it('lists the frozen recruitment reward with the recruit, the top-up, the amount and the release date; the sum is /total’s 冻结金额', async () => {
    const inviter = await freshAgent(t, { status: 1 });
    const first = await recruitTopsUp(inviter.phone);
    t.clock.advance(HOUR);
    const second = await recruitTopsUp(inviter.phone);

    const r = await list(inviter.token);
    expect(r.body.errorType).toBe('SUCCESS');
    const account = (await t.call(selAgentApiAccountInfo, {}, { token: inviter.token })).body.obj;
    expect(r.body.obj.frozenMoney).toBe(account.allFrozenAwardMoney);
    expect(r.body.objs.map((i: any) => i.sourceCode)).toEqual([first.code, second.code]);
    const item = r.body.objs[0];
    expect(item).toMatchObject({ kind: 1, fromAgentName: first.name, state: 0, settledDate: null, releaseHint: '' });
    expect(Number(item.amount)).toBeGreaterThan(0);
    // Released 7 days after the approval (China date).
    const due = new Date(first.approvedAt.getTime() + 7 * DAY + 8 * HOUR).toISOString().slice(0, 10);
    expect(item.releaseDate).toBe(due);
    expect((await list(inviter.token, { tab: 1 })).body.objs).toEqual([]);
  });

  it('a released row leaves the frozen list for the history, with its settle time; the frozen sum follows', async () => {
    const inviter = await freshAgent(t, { status: 1 });
    const { code, approvedAt } = await recruitTopsUp(inviter.phone);
    await releaseIncome(t, new Date(approvedAt.getTime() + 7 * DAY));

    const frozen = await list(inviter.token);
    expect(frozen.body.objs).toEqual([]);
    expect(frozen.body.obj.frozenMoney).toBe('0.00');
    const history = await list(inviter.token, { tab: 1 });
    expect(history.body.objs).toHaveLength(1);
    expect(history.body.objs[0]).toMatchObject({ sourceCode: code, state: 1 });
    expect(history.body.objs[0].settledDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('shows only the session’s own rows, pages them, and refuses another agent’s id', async () => {
    const inviter = await freshAgent(t, { status: 1 });
    const other = await freshAgent(t, { status: 1 });
    for (let i = 0; i < 3; i += 1) await recruitTopsUp(inviter.phone);

    expect((await list(other.token)).body.objs).toEqual([]);
    const page1 = await list(inviter.token, { phonePage: { pageSize: 2, pageNum: 1 } });
    const page2 = await list(inviter.token, { phonePage: { pageSize: 2, pageNum: 2 } });
    expect(page1.body.objs).toHaveLength(2);
    expect(page2.body.objs).toHaveLength(1);
    expect(page1.body.obj.phonePage.pageTotal).toBe(2);
    expect(new Set([...page1.body.objs, ...page2.body.objs].map((i: any) => i.id)).size).toBe(3);

    const spy = await list(other.token, { agentId: inviter.agentId });
    expect(spy.body.errorType).not.toBe('SUCCESS');
    expect((await list(inviter.token, { tab: 5 })).body.msg).toBe('查询类型有误');
    expect((await t.call(selFrozenIncomeRecords, {})).status).toBe(401);
  });
});
