import { describe, expect, it } from 'vitest';
import { POINTS_CHANGE, selectAgentFlqPointRank, selectAgentMyPointChange } from '@shop/contract';
import { moveBalance } from '../src/modules/ledger/ledger.repository.js';
import { useTestApp } from './helpers/app.js';
import { newAgent } from './helpers/account-area-fixture.js';
import { DAY } from './helpers/time.js';

const t = useTestApp();

/** Ledger moves as the order flows make them: a grant, then spending (exchange / offset) and give-backs. */
async function move(agentId: number, amount: number, changeState: number, daysAgo = 0) {
  const at = new Date(t.clock.now().getTime() - daysAgo * DAY).toISOString();
  await t.db.kysely.transaction().execute(async (trx) => {
    const after = await moveBalance(trx, { platId: t.config.platId, agentId, account: 'integral', amount, changeState, orderCode: null, remark: '', at });
    if (after === null) throw new Error('points below zero');
  });
}

describe('points history (selectAgentMyPointChange)', () => {
  it('pages the session agent’s records newest first with source, type and count, and the total', async () => {
    const me = await newAgent(t);
    const other = await newAgent(t);
    await move(me.id, 100, POINTS_CHANGE.manualAdd, 3);
    for (let i = 0; i < 11; i++) await move(me.id, -1, POINTS_CHANGE.exchange, 2);
    await move(me.id, 7, 99, 1); // an unknown source reads as expiry on the screen
    await move(other.id, 500, POINTS_CHANGE.manualAdd);

    const first = await t.call(selectAgentMyPointChange, { agentId: other.id, phonePage: { pageNum: 1, pageSize: 10 } }, { token: me.token });
    expect(first.body.obj).toEqual({ laveIntegral: 96, phonePage: { pageNum: 1, pageSize: 10, pageTotal: 2 } });
    expect(first.body.objs).toHaveLength(10);
    expect(first.body.objs[0]).toMatchObject({ changeSource: 99, changeType: 1, changeCount: 7 });
    expect(first.body.objs[1]).toMatchObject({ changeSource: 22, changeType: 2, changeCount: 1 });
    const second = await t.call(selectAgentMyPointChange, { phonePage: { pageNum: 2, pageSize: 10 } }, { token: me.token });
    expect(second.body.objs.map((r: { changeSource: number }) => r.changeSource)).toEqual([22, 22, 11]);
    expect(second.body.objs[2].createDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});

describe('sign-in rankings (selectAgentFlqPointRank, spec 3 §4)', () => {
  it('ranks by points spent (net of give-backs), history and this month, equal totals sharing a rank', async () => {
    const a = await newAgent(t, { name: '排行甲' });
    const b = await newAgent(t, { name: '排行乙' });
    const c = await newAgent(t, { name: '排行丙' });
    const d = await newAgent(t, { name: '排行丁' });
    for (const x of [a, b, c, d]) await move(x.id, 1000, POINTS_CHANGE.manualAdd, 60);
    await move(a.id, -100, POINTS_CHANGE.exchange, 45); // last month or earlier
    await move(b.id, -100, POINTS_CHANGE.offset, 0);
    await move(c.id, -50, POINTS_CHANGE.exchange, 0);
    await move(d.id, -60, POINTS_CHANGE.offset, 0);
    await move(d.id, 10, POINTS_CHANGE.orderClosedRefund, 0);
    await move(d.id, -500, POINTS_CHANGE.manualReduce, 0); // not spending

    const rank = async (selRankType: number) => {
      const r = await t.call(selectAgentFlqPointRank, { selRankType, page: { nowPage: 1, everyPage: 10 } }, { token: a.token });
      expect(r.body.errorType).toBe('SUCCESS');
      return r.body.objs as { agentName: string; indexRank: number; pointCount: number; monthPointCount: number }[];
    };
    const byName = (rows: Awaited<ReturnType<typeof rank>>, name: string) => rows.find((r) => r.agentName === name);

    const history = await rank(1);
    expect(byName(history, '排行甲')).toMatchObject({ pointCount: 100, monthPointCount: 0 });
    expect(byName(history, '排行乙')).toMatchObject({ pointCount: 100, monthPointCount: 100 });
    expect(byName(history, '排行丙')).toMatchObject({ pointCount: 50, monthPointCount: 50 });
    expect(byName(history, '排行丁')).toMatchObject({ pointCount: 50, monthPointCount: 50 });
    // Totals: 乙 200, 甲 100, 丙 100, 丁 100: the three equal totals share the rank after 乙.
    const ranks = ['排行乙', '排行甲', '排行丙', '排行丁'].map((n) => byName(history, n)!.indexRank);
    expect(ranks[1]).toBe(ranks[0]! + 1);
    expect(ranks[2]).toBe(ranks[1]);
    expect(ranks[3]).toBe(ranks[1]);

    const month = await rank(2);
    expect(byName(month, '排行甲')).toBeUndefined();
    const m = ['排行乙', '排行丙', '排行丁'].map((n) => byName(month, n)!.indexRank);
    expect(m[1]).toBe(m[0]! + 1);
    expect(m[2]).toBe(m[1]);
  });

  it('has two pages at most', async () => {
    const me = await newAgent(t);
    const third = await t.call(selectAgentFlqPointRank, { selRankType: 1, page: { nowPage: 3, everyPage: 10 } }, { token: me.token });
    expect(third.body.errorType).toBe('VALIDATION');
  });
});
