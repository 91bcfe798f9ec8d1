import { randomInt, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chinaTimeText, reviewRecharge, selEveryMonthMoney, submitApplicationsForPersonal } from '@shop/contract';
import { rebuildPerformanceMonths } from '../src/db/migrations/036-performance-rollup.js';
import { useTestApp } from './helpers/app.js';
import { freshAgent, receivingAccountId, uploadVoucher } from './helpers/funds-paid-fixture.js';
import { payOrder, placeOrder, refund, refundChain, setGoodsFund, setIncome, type Agent } from './helpers/refund-fixture.js';
import { staffCall, staffLoginAs } from './helpers/staff-fixture.js';
import { MINUTE } from './helpers/time.js';

/**
 * ADR 0045: performance by month (spec 3 §2 /performance) reads a per-agent per-month rollup kept in the transaction
 * that pays, wholly refunds or approves. Whatever happens, it equals the direct sum it replaced: the network's paid
 * orders (states 3–5, goods total) by the China month of payment and its approved top-ups by the month of approval.
 */
const t = useTestApp();
const page = { pageNum: 1, pageSize: 50 };

/** A small deterministic generator; the seed is random per run and printed with any failure. */
function generator(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return (((x ^ (x >>> 14)) >>> 0) % n) as number;
  };
}

/** The old computation, from the rows themselves: per China month, fen. */
async function directSum(ids: number[]) {
  const k = t.db.kysely;
  const orders = await k.selectFrom('orders').select(['total_money', 'pay_date']).where('create_agent_id', 'in', ids).where('circulation_state', 'in', [3, 4, 5]).where('pay_date', 'is not', null).execute();
  const topUps = await k.selectFrom('recharge_applies').select(['recharge_money', 'checked_at']).where('agent_id', 'in', ids).where('check_state', '=', 1).where('checked_at', 'is not', null).execute();
  const byMonth = new Map<string, number>();
  const add = (at: string, fen: number) => byMonth.set(chinaTimeText(at).slice(0, 7), (byMonth.get(chinaTimeText(at).slice(0, 7)) ?? 0) + fen);
  for (const o of orders) add(o.pay_date!, Number(o.total_money));
  for (const r of topUps) add(r.checked_at!, Number(r.recharge_money));
  return [...byMonth.entries()].sort(([a], [b]) => (a < b ? 1 : -1)).map(([month, fen]) => ({ orderTimeYYmm: month, allProfitMoney: (fen / 100).toFixed(2) }));
}

const monthsRead = async (token: string) => {
  const r = (await t.call(selEveryMonthMoney, { phonePage: page }, { token })).body;
  expect(r.errorType).toBe('SUCCESS');
  return { total: r.obj.allCountMoney as string, months: (r.objs as any[]).map((m) => ({ orderTimeYYmm: m.orderTimeYYmm, allProfitMoney: m.allProfitMoney })) };
};

const rollupOf = (ids: number[]) =>
  t.db.kysely.selectFrom('performance_months').select(['agent_id', 'month', 'entries', 'order_money', 'recharge_money']).where('agent_id', 'in', ids).orderBy('agent_id').orderBy('month').execute();

/** A first top-up (the grade's amount, 1000.00) paid offline by a new agent below `inviter`, then reviewed by finance. */
async function topUp(inviter: Agent, finance: string, approve: boolean) {
  const a = await freshAgent(t, { status: 0, inviterPhone: inviter.phone });
  const offline = { accountId: await receivingAccountId(t, a.token), voucherImgUrl: await uploadVoucher(t, a.token), remitAccountName: '李华', remitAccountNumber: '6222000011112222' };
  const r = await t.call(submitApplicationsForPersonal, { rechargeMoney: '1000.00', payType: 1, ...offline, idempotencyKey: randomUUID() }, { token: a.token });
  expect(r.body.errorType, r.text).toBe('SUCCESS');
  const review = await staffCall(t, reviewRecharge, approve ? { id: r.body.obj.id, approve: true } : { id: r.body.obj.id, approve: false, reason: '信息不符' }, { staffToken: finance });
  expect(review.body.errorType, review.text).toBe('SUCCESS');
  return a;
}

describe('the monthly performance rollup (ADR 0045)', () => {
  it('equals the direct sum over random payments, a whole and a partial refund, top-ups and a China month boundary', async () => {
    const seed = randomInt(2 ** 31);
    const rnd = generator(seed);
    // 23:40 on 30 November in China: the payments before midnight are November's, those after December's.
    t.clock.advance(Date.parse('2026-11-30T15:40:00.000Z') - t.clock.now().getTime());
    const finance = await staffLoginAs(t, 'caiwu');
    const c = await refundChain(t);
    await setGoodsFund(t, c.buyer.agentId, 10_000_000);
    await setIncome(t, c.buyer.agentId, 10_000_000);
    // A second buyer below the middle agent: the read sums the whole network, not one buyer.
    const other = await freshAgent(t, { status: 1, gradeIndex: 0, inviterPhone: c.mid.phone });
    await setGoodsFund(t, other.agentId, 10_000_000);

    const paidIds: number[] = [];
    const payRandom = async () => {
      const buyer = rnd(3) === 0 ? other : c.buyer;
      const method = ([1, 7, 6, 8] as const)[rnd(4)]!;
      const radio = method === 6 ? 2 : method === 8 ? 4 : 1;
      const lines = [{ singleProdId: (rnd(2) ? c.a : c.b).singleProdId, buyNum: 1 + rnd(3) }];
      const placed = await placeOrder(t, buyer, lines, radio);
      const order = await payOrder(t, buyer, Number(placed.id), method, finance);
      expect(order.circulation_state, `seed ${seed}`).toBe(3);
      paidIds.push(Number(order.id));
    };
    for (let i = 0; i < 4 + rnd(3); i++) await payRandom();
    await topUp(c.mid, finance, true);
    await topUp(c.top, finance, false);
    // Into December in China (16:00 UTC) and a little after.
    t.clock.advance(20 * MINUTE + rnd(30) * MINUTE);
    for (let i = 0; i < 3 + rnd(3); i++) await payRandom();
    const decemberTopUp = await topUp(c.buyer, finance, true);

    // A whole refund of a November order and a partial one of a December order (the order stays paid, so counted).
    const whole = await refund(t, finance, { orderId: paidIds[0]! });
    expect(whole.body.errorType, whole.text).toBe('SUCCESS');
    const last = paidIds[paidIds.length - 1]!;
    const line = await t.db.kysely.selectFrom('order_lines').selectAll().where('order_id', '=', last).executeTakeFirstOrThrow();
    if (line.buy_num > 1) {
      const part = await refund(t, finance, { orderId: last, lines: [{ lineId: Number(line.id), qty: 1 }] });
      expect(part.body.errorType, part.text).toBe('SUCCESS');
    }

    const network = [c.top.agentId, c.mid.agentId, c.buyer.agentId, other.agentId, decemberTopUp.agentId];
    const mid = await t.db.kysely.selectFrom('agents').select('id').where('inviter_id', '=', c.mid.agentId).execute();
    const ids = [...new Set([...network, ...mid.map((r) => Number(r.id))])];
    const expected = await directSum(ids);
    expect(expected.map((m) => m.orderTimeYYmm)).toEqual(['2026-12', '2026-11']);
    const read = await monthsRead(c.top.token);
    expect(read.months, `seed ${seed}`).toEqual(expected);
    const total = expected.reduce((s, m) => s + Math.round(Number(m.allProfitMoney) * 100), 0);
    expect(read.total).toBe((total / 100).toFixed(2));
    // The middle agent sees its own network only (the top's rows are not below it).
    expect((await monthsRead(c.mid.token)).months, `seed ${seed}`).toEqual(await directSum(ids.filter((id) => id !== c.top.agentId)));

    // What the payments kept equals what migration 036 builds from the same rows.
    const kept = await rollupOf(ids);
    await rebuildPerformanceMonths(t.db.kysely, t.db.dialect, t.config.platId);
    const rebuilt = await rollupOf(ids);
    expect(kept.filter((r) => r.entries !== 0).map((r) => ({ ...r, agent_id: Number(r.agent_id) }))).toEqual(rebuilt.map((r) => ({ ...r, agent_id: Number(r.agent_id) })));
  }, 120_000);

  it('parallel payments of one buyer in one month all count (the rollup row is incremented, never overwritten)', async () => {
    const c = await refundChain(t);
    await setGoodsFund(t, c.buyer.agentId, 10_000_000);
    const orders = [];
    for (let i = 0; i < 6; i++) orders.push(await placeOrder(t, c.buyer, [{ singleProdId: c.b.singleProdId, buyNum: 1 + (i % 3) }]));
    const paid = await Promise.all(orders.map((o) => payOrder(t, c.buyer, Number(o.id), 1)));
    expect(paid.every((o) => o.circulation_state === 3)).toBe(true);
    const ids = [c.top.agentId, c.mid.agentId, c.buyer.agentId];
    expect((await monthsRead(c.top.token)).months).toEqual(await directSum(ids));
    // Reads of one agent at the same moment (they share one statement) all answer the same, right figure.
    const reads = await Promise.all(Array.from({ length: 5 }, () => monthsRead(c.top.token)));
    for (const r of reads) expect(r).toEqual(reads[0]);
    const [row] = await rollupOf([c.buyer.agentId]);
    expect(row).toMatchObject({ entries: 6, order_money: paid.reduce((s, o) => s + Number(o.total_money), 0) });
  }, 60_000);

  it('a month whose only order was wholly refunded is no longer listed', async () => {
    const finance = await staffLoginAs(t, 'caiwu');
    const c = await refundChain(t);
    await setGoodsFund(t, c.buyer.agentId, 1_000_000);
    const order = await payOrder(t, c.buyer, Number((await placeOrder(t, c.buyer, [{ singleProdId: c.a.singleProdId, buyNum: 1 }])).id), 1);
    expect((await monthsRead(c.top.token)).months).toHaveLength(1);
    expect((await refund(t, finance, { orderId: Number(order.id) })).body.errorType).toBe('SUCCESS');
    expect(await monthsRead(c.top.token)).toEqual({ total: '0.00', months: [] });
  }, 60_000);
});
