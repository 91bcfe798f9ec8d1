import { describe, expect, it } from 'vitest';
import { selEveryMonthMoney, selPerformanceDetails } from '@shop/contract';
import { rebuildPerformanceMonths } from '../src/db/migrations/036-performance-rollup.js';
import { useTestApp } from './helpers/app.js';
import { newAgent } from './helpers/account-area-fixture.js';

const t = useTestApp();
const page = (pageNum = 1, pageSize = 10) => ({ pageNum, pageSize });

/** A paid (received) order of an agent, paid at `paidAt`, goods total `fen`, paid offline (no balance moves). */
async function paidOrder(agentId: number, fen: number, paidAt: string, state = 5) {
  await t.db.kysely
    .insertInto('orders')
    .values({
      plat_id: t.config.platId, order_code: `T${Math.random().toString(36).slice(2, 12)}`, order_type: 1, pay_type: 4,
      circulation_state: state, pay_state: state === 1 || state === 6 ? 0 : 1, close_state: state === 6 ? 1 : 0,
      total_money: fen, post_money: 1000, all_money: fen + 1000, actual_money: fen + 1000, point_balance_money: 0, balance_point: 0,
      prod_all_point: 0, actual_point: 0, gift_point: 0, is_up_send_post: 0, up_agent_id: null, seckill_id: null, is_first_gift: 0,
      order_note: '', create_agent_id: agentId, create_agent_name: '', create_agent_tel: '', create_agent_code: '', apg_id: null,
      apg_code: null, apg_sys_code: null, receiver_name: 'x', receiver_phone: '13800000000', receiver_nation: '中国',
      receiver_province: '', receiver_city: '', receiver_county: '', receive_county_id: '', receiver_post_code: '',
      receiver_address: '', idempotency_key: null, created_at: paidAt, pay_date: state === 1 || state === 6 ? null : paidAt,
      close_date: null, close_reason: null, send_date: null, receipt_date: null, confirm_reject_reason: null, pay_serial: null,
      pay_deadline: null,
    })
    .execute();
  // Rows written directly, not by a payment: the monthly rollup is rebuilt from them as migration 036 does (ADR 0045).
  await rebuildPerformanceMonths(t.db.kysely, t.db.dialect, t.config.platId);
}

async function approvedTopUp(agentId: number, fen: number, at: string, checkState = 1) {
  await t.db.kysely
    .insertInto('recharge_applies')
    .values({
      plat_id: t.config.platId, agent_id: agentId, recharge_code: `R${Math.random().toString(36).slice(2, 12)}`, grade_up_type: 2,
      old_grade_id: 1, new_grade_id: 2, recharge_money: fen, pay_type: 1, account_id: null, check_state: checkState,
      checked_at: checkState === 1 ? at : null, checked_by: null, created_at: at, pay_serial: null, paid_at: at,
    })
    .execute();
  // Rows written directly, not by a payment: the monthly rollup is rebuilt from them as migration 036 does (ADR 0045).
  await rebuildPerformanceMonths(t.db.kysely, t.db.dialect, t.config.platId);
}

const months = async (token: string) => (await t.call(selEveryMonthMoney, { phonePage: page() }, { token })).body;

describe('performance (selEveryMonthMoney, selPerformanceDetails, spec 3 §2 /performance)', () => {
  it('sums paid orders and approved top-ups of the agent and the agents below it, per China month', async () => {
    const top = await newAgent(t, { name: '上级' });
    const child = await newAgent(t, { name: '下级', inviterId: top.id });
    const grandchild = await newAgent(t, { name: '孙级', inviterId: child.id });
    // 2026-10-31 20:00 UTC is 2026-11-01 04:00 in China: November.
    await paidOrder(top.id, 10_000, '2026-10-31T20:00:00.000Z');
    await paidOrder(child.id, 20_000, '2026-11-05T02:00:00.000Z');
    await approvedTopUp(grandchild.id, 500_000, '2026-10-10T02:00:00.000Z');
    // Not counted: unpaid, closed, a pending top-up.
    await paidOrder(top.id, 99_900, '2026-11-06T02:00:00.000Z', 1);
    await paidOrder(child.id, 99_900, '2026-11-06T02:00:00.000Z', 6);
    await approvedTopUp(child.id, 99_900, '2026-11-06T02:00:00.000Z', 0);

    const r = await months(top.token);
    expect(r.errorType).toBe('SUCCESS');
    expect(r.obj.allCountMoney).toBe('5300.00');
    expect(r.objs).toEqual([
      { orderTimeYYmm: '2026-11', payDateYYmm: '2026年11月', allProfitMoney: '300.00' },
      { orderTimeYYmm: '2026-10', payDateYYmm: '2026年10月', allProfitMoney: '5000.00' },
    ]);

    const nov = (await t.call(selPerformanceDetails, { orderTimeYYmm: '2026-11', phonePage: page() }, { token: top.token })).body;
    expect(nov.obj.allProfitMoney).toBe('300.00');
    expect(nov.objs.map((d: any) => [d.performanceType, d.isLower, d.perforMoney, d.agentName])).toEqual([
      [1, 1, '200.00', '下级'],
      [1, 0, '100.00', '上级'],
    ]);
    expect(nov.objs[1].createDate).toBe('2026-11-01 04:00:00');
    const oct = (await t.call(selPerformanceDetails, { orderTimeYYmm: '2026-10', phonePage: page() }, { token: top.token })).body;
    expect(oct.objs).toEqual([expect.objectContaining({ performanceType: 2, isLower: 1, perforMoney: '5000.00', agentName: '孙级' })]);
  });

  it("never shows another agent's performance: an agent below sees only its own part, a stranger sees nothing", async () => {
    const top = await newAgent(t);
    const child = await newAgent(t, { inviterId: top.id });
    const stranger = await newAgent(t);
    await paidOrder(top.id, 10_000, '2026-11-02T02:00:00.000Z');
    await paidOrder(child.id, 20_000, '2026-11-02T03:00:00.000Z');

    expect((await months(child.token)).obj.allCountMoney).toBe('200.00');
    // The legacy createAgentId / agentId fields naming the upper agent change nothing.
    const asked = await t.call(selEveryMonthMoney, { createAgentId: top.id, phonePage: page() }, { token: child.token });
    expect(asked.body.obj.allCountMoney).toBe('200.00');
    const detail = await t.call(selPerformanceDetails, { agentId: top.id, orderTimeYYmm: '2026-11', phonePage: page() }, { token: child.token });
    expect(detail.body.objs.map((d: any) => d.perforMoney)).toEqual(['200.00']);

    const none = await months(stranger.token);
    expect(none).toMatchObject({ obj: { allCountMoney: '0.00', phonePage: { pageTotal: 0 } }, objs: [] });
  });

  it('pages the months and the details, and refuses a malformed month', async () => {
    const me = await newAgent(t);
    for (let m = 1; m <= 12; m++) await paidOrder(me.id, 100 * m, `2025-${String(m).padStart(2, '0')}-15T02:00:00.000Z`);
    const first = await t.call(selEveryMonthMoney, { phonePage: page(1) }, { token: me.token });
    expect(first.body.objs).toHaveLength(10);
    expect(first.body.obj.phonePage.pageTotal).toBe(2);
    const second = await t.call(selEveryMonthMoney, { phonePage: page(2) }, { token: me.token });
    expect(second.body.objs.map((m: any) => m.orderTimeYYmm)).toEqual(['2025-02', '2025-01']);
    expect((await t.call(selPerformanceDetails, { orderTimeYYmm: '2025-13', phonePage: page() }, { token: me.token })).body.msg).toBe('月份格式不正确');
    expect((await t.call(selPerformanceDetails, { orderTimeYYmm: '', phonePage: page() }, { token: me.token })).body.msg).toBe('月份格式不正确');
  });

  it('shows the demo network several months of performance', async () => {
    const { token } = await t.login('13800000005', 'demo1234');
    const r = await months(token);
    expect(r.objs.length).toBeGreaterThanOrEqual(5);
    expect(Number(r.obj.allCountMoney)).toBeGreaterThan(0);
  });
});
