import { describe, expect, it } from 'vitest';
import { ORDER_STATE, selectOrderInfoList } from '@shop/contract';
import { useTestApp } from './helpers/app.js';
import { newAgent } from './helpers/account-area-fixture.js';

const t = useTestApp();

/**
 * ADR 0048: the order list reads its page, count and "is an unpaid order past its window" in one statement and closes
 * expired orders only when that says so. What the agent sees must be what closing first and reading after gave.
 */
async function order(agentId: number, state: number, at: string, payDeadline: string | null = null) {
  const row = await t.db.kysely
    .insertInto('orders')
    .values({
      plat_id: t.config.platId, order_code: `S${Math.random().toString(36).slice(2, 12)}`, order_type: 1, pay_type: 4,
      circulation_state: state, pay_state: state === ORDER_STATE.unpaid ? 0 : 1, close_state: 0,
      total_money: 1000, post_money: 0, all_money: 1000, actual_money: 1000, point_balance_money: 0, balance_point: 0,
      prod_all_point: 0, actual_point: 0, gift_point: 0, is_up_send_post: 0, up_agent_id: null, seckill_id: null, is_first_gift: 0,
      order_note: '', create_agent_id: agentId, create_agent_name: '', create_agent_tel: '', create_agent_code: '', apg_id: null,
      apg_code: null, apg_sys_code: null, receiver_name: 'x', receiver_phone: '13800000000', receiver_nation: '中国',
      receiver_province: '', receiver_city: '', receiver_county: '', receive_county_id: '', receiver_post_code: '',
      receiver_address: '', idempotency_key: null, created_at: at, pay_date: state === ORDER_STATE.unpaid ? null : at,
      close_date: null, close_reason: null, send_date: null, receipt_date: null, confirm_reject_reason: null, pay_serial: null,
      pay_deadline: payDeadline,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const list = async (token: string, pageNum: number, circulationState = -1) => {
  const r = await t.call(selectOrderInfoList, { circulationState, phonePage: { pageNum, pageSize: 10 } }, { token });
  expect(r.body.errorType).toBe('SUCCESS');
  return {
    orders: r.body.objs.map((o: any) => ({ id: o.id as number, state: o.circulationState as number })),
    pageTotal: r.body.obj.phonePage.pageTotal as number,
  };
};

const minutes = (n: number) => new Date(t.clock.now().getTime() + n * 60_000).toISOString();

describe('the order list in one statement (spec 2 §2, §4; ADR 0048)', () => {
  it('an unpaid order past its window shows as timed out on the first read, on every tab', async () => {
    const agent = await newAgent(t);
    const done = await order(agent.id, ORDER_STATE.done, minutes(-120));
    const expired = await order(agent.id, ORDER_STATE.unpaid, minutes(-60), minutes(-30));
    const open = await order(agent.id, ORDER_STATE.unpaid, minutes(-5), minutes(25));

    // The unpaid tab: the expired order is closed before the answer, so only the open one is listed.
    const unpaid = await list(agent.token, 1, ORDER_STATE.unpaid);
    expect(unpaid.orders).toEqual([{ id: open, state: ORDER_STATE.unpaid }]);
    expect(unpaid.pageTotal).toBe(1);

    const all = await list(agent.token, 1);
    expect(all.orders).toEqual([
      { id: open, state: ORDER_STATE.unpaid },
      { id: expired, state: ORDER_STATE.timedOut },
      { id: done, state: ORDER_STATE.done },
    ]);
    const row = await t.db.kysely.selectFrom('orders').select(['circulation_state', 'close_reason']).where('id', '=', expired).executeTakeFirstOrThrow();
    expect(row.circulation_state).toBe(ORDER_STATE.timedOut);
  });

  it('closes an expired order even when the tab read shows an empty page', async () => {
    const agent = await newAgent(t);
    const expired = await order(agent.id, ORDER_STATE.unpaid, minutes(-60), minutes(-1));
    // Page 2 of the unpaid tab is empty whatever happens; the read still closes the expired order first, so the
    // count behind pageTotal no longer holds it.
    expect(await list(agent.token, 2, ORDER_STATE.unpaid)).toEqual({ orders: [], pageTotal: 0 });
    const row = await t.db.kysely.selectFrom('orders').select('circulation_state').where('id', '=', expired).executeTakeFirstOrThrow();
    expect(row.circulation_state).toBe(ORDER_STATE.timedOut);
  });

  it('a page past the end still says how many pages there are', async () => {
    const agent = await newAgent(t);
    for (let i = 0; i < 12; i++) await order(agent.id, ORDER_STATE.done, minutes(-200 + i));
    expect(await list(agent.token, 3)).toEqual({ orders: [], pageTotal: 2 });
    expect((await list(agent.token, 2)).pageTotal).toBe(2);
    expect(await list(agent.token, 1, ORDER_STATE.shipped)).toEqual({ orders: [], pageTotal: 0 });
  });
});
