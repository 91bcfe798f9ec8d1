import { describe, expect, it } from 'vitest';
import { selectOrderInfoList } from '@shop/contract';
import { useTestApp } from './helpers/app.js';
import { newAgent } from './helpers/account-area-fixture.js';

const t = useTestApp();

/** An order of the agent in `state`, created at `at` (received orders: nothing to close or pay). */
async function order(agentId: number, state: number, at: string) {
  const row = await t.db.kysely
    .insertInto('orders')
    .values({
      plat_id: t.config.platId, order_code: `K${Math.random().toString(36).slice(2, 12)}`, order_type: 1, pay_type: 4,
      circulation_state: state, pay_state: 1, close_state: 0,
      total_money: 1000, post_money: 0, all_money: 1000, actual_money: 1000, point_balance_money: 0, balance_point: 0,
      prod_all_point: 0, actual_point: 0, gift_point: 0, is_up_send_post: 0, up_agent_id: null, seckill_id: null, is_first_gift: 0,
      order_note: '', create_agent_id: agentId, create_agent_name: '', create_agent_tel: '', create_agent_code: '', apg_id: null,
      apg_code: null, apg_sys_code: null, receiver_name: 'x', receiver_phone: '13800000000', receiver_nation: '中国',
      receiver_province: '', receiver_city: '', receiver_county: '', receive_county_id: '', receiver_post_code: '',
      receiver_address: '', idempotency_key: null, created_at: at, pay_date: at,
      close_date: null, close_reason: null, send_date: null, receipt_date: null, confirm_reject_reason: null, pay_serial: null,
      pay_deadline: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const list = async (token: string, pageNum: number, circulationState = -1) => {
  const r = await t.call(selectOrderInfoList, { circulationState, phonePage: { pageNum, pageSize: 10 } }, { token });
  expect(r.body.errorType).toBe('SUCCESS');
  return { ids: r.body.objs.map((o: any) => o.id as number), pageTotal: r.body.obj.phonePage.pageTotal as number };
};

describe('the agent order list page by page (spec 2 §2, ADR 0041)', () => {
  it('pages through every order once, newest first, page numbers as before', async () => {
    const agent = await newAgent(t);
    const ids: number[] = [];
    for (let i = 0; i < 25; i++) ids.push(await order(agent.id, i % 2 ? 5 : 4, `2026-10-01T0${i % 10}:00:00.000Z`));
    const newest = [...ids].reverse();

    // A page asked for directly (nothing read before it) and the same page reached by scrolling are alike.
    const direct = await list(agent.token, 2);
    const p1 = await list(agent.token, 1);
    const p2 = await list(agent.token, 2);
    const p3 = await list(agent.token, 3);
    expect(direct.ids).toEqual(newest.slice(10, 20));
    expect([...p1.ids, ...p2.ids, ...p3.ids]).toEqual(newest);
    expect([p1.pageTotal, p2.pageTotal, p3.pageTotal]).toEqual([3, 3, 3]);
    expect((await list(agent.token, 4)).ids).toEqual([]);

    // A state tab pages within its state.
    const done = newest.filter((_, i) => (ids.length - 1 - i) % 2 === 1);
    const d1 = await list(agent.token, 1, 5);
    const d2 = await list(agent.token, 2, 5);
    expect([...d1.ids, ...d2.ids]).toEqual(done);
  });

  it('an order placed while scrolling does not repeat the last order of the page already shown', async () => {
    const agent = await newAgent(t);
    const ids: number[] = [];
    for (let i = 0; i < 15; i++) ids.push(await order(agent.id, 5, '2026-10-02T00:00:00.000Z'));
    const p1 = await list(agent.token, 1);
    const placed = await order(agent.id, 5, '2026-10-03T00:00:00.000Z');
    const p2 = await list(agent.token, 2);
    expect(p1.ids).toEqual([...ids].reverse().slice(0, 10));
    expect(p2.ids).toEqual([...ids].reverse().slice(10));
    expect(p2.pageTotal).toBe(2);
    // Pulling to refresh shows it on top.
    expect((await list(agent.token, 1)).ids[0]).toBe(placed);
  });

  it("never lists another agent's orders on any page", async () => {
    const a = await newAgent(t);
    const b = await newAgent(t);
    for (let i = 0; i < 12; i++) await order(a.id, 5, '2026-10-04T00:00:00.000Z');
    const mine = await order(b.id, 5, '2026-10-04T00:00:00.000Z');
    await list(a.token, 1);
    expect((await list(b.token, 2)).ids).toEqual([]);
    expect((await list(b.token, 1)).ids).toEqual([mine]);
    expect((await list(a.token, 2)).ids).toHaveLength(2);
  });
});
