import { describe, expect, it } from 'vitest';
import { selectOrderInfoList } from '@shop/contract';
import { useTestApp } from './helpers/app.js';
import { newAgent } from './helpers/account-area-fixture.js';
import { insertOrderRow } from './helpers/order-row-fixture.js';

const t = useTestApp();

/** An order of the agent in `state`, created at `at` (received orders: nothing to close or pay). */
const order = (agentId: number, state: number, at: string) => insertOrderRow(t, agentId, state, at);

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
