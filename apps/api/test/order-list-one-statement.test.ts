import { describe, expect, it } from 'vitest';
import { ORDER_STATE, selectOrderInfoList } from '@shop/contract';
import { useTestApp } from './helpers/app.js';
import { newAgent } from './helpers/account-area-fixture.js';
import { insertOrderRow } from './helpers/order-row-fixture.js';

const t = useTestApp();

/**
 * ADR 0048: the order list reads its page, count and "is an unpaid order past its window" in one statement and closes
 * expired orders only when that says so. What the agent sees must be what closing first and reading after gave.
 */
const order = (agentId: number, state: number, at: string, payDeadline: string | null = null) => insertOrderRow(t, agentId, state, at, payDeadline);

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
