import { describe, expect, it } from 'vitest';
import { selAgentApiAccountInfo } from '@shop/contract';
import { releaseIncome } from '../src/jobs/release-income.js';
import { useTestApp } from './helpers/app.js';
import { gradeChain } from './helpers/funds-paid-fixture.js';
import { ledgerHolds } from './helpers/shop-fixture.js';

/**
 * Income from the network comes from the paid lines only, per line (ADR 0027): the free gift of the agent's grade
 * (isFirstGift 1, price 0) of the same spec as a paid line earns nothing and never becomes that line's price floor,
 * whichever order the lines were saved in.
 */
const t = useTestApp();
let serial = 0;

const chain = () => gradeChain(t);

interface Line {
  unit: number;
  qty: number;
  gift: 0 | 1;
}

/** A paid ordinary order with its lines saved in the given order (the way place-order saves paid lines and gifts). */
async function paidOrder(buyer: { agentId: number; phone: string }, p: { singleProdId: number; prodId: number }, lines: Line[]) {
  serial += 1;
  const code = `GFT${process.pid % 1000}${String(serial).padStart(4, '0')}`;
  const now = t.clock.now().toISOString();
  const total = lines.reduce((n, l) => n + l.unit * l.qty, 0);
  const { id } = await t.db.kysely
    .insertInto('orders')
    .values({
      plat_id: t.config.platId, order_code: code, order_type: 1, pay_type: 1, circulation_state: 3, pay_state: 1, close_state: 0, total_money: total, post_money: 0,
      all_money: total, actual_money: total, point_balance_money: 0, balance_point: 0, prod_all_point: 0, actual_point: 0, gift_point: 0, is_up_send_post: 0,
      up_agent_id: null, seckill_id: null, is_first_gift: 1, order_note: '', create_agent_id: buyer.agentId, create_agent_name: '买家', create_agent_tel: buyer.phone,
      create_agent_code: 'DL', apg_id: null, apg_code: null, apg_sys_code: null, receiver_name: '', receiver_phone: '', receiver_nation: '', receiver_province: '',
      receiver_city: '', receiver_county: '', receive_county_id: '', receiver_post_code: '', receiver_address: '', idempotency_key: null, created_at: now,
      pay_date: now, close_date: null, close_reason: null, send_date: null, receipt_date: null, pay_serial: null, pay_deadline: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const l of lines) {
    await t.db.kysely.insertInto('order_lines').values({
      order_id: Number(id), prod_id: p.prodId, single_prod_id: p.singleProdId, activity_item_id: null, prod_name: '测试商品', spec_disp_str: '', img_url: '',
      weight: 0, buy_num: l.qty, prod_old_price: 10_000, prod_price: l.unit, prod_deal_price: l.unit, prod_all_money: l.unit * l.qty, prod_point: 0, total_point: 0,
      point_balance_money: 0, balance_point: 0, is_first_gift: l.gift,
    }).execute();
  }
  return { id: Number(id), code };
}

const frozen = async (token: string) => (await t.call(selAgentApiAccountInfo, {}, { token })).body.obj.allFrozenAwardMoney as string;
const incomeRows = (code: string) =>
  t.db.kysely.selectFrom('network_incomes').select(['agent_id', 'amount']).where('source_code', '=', code).orderBy('agent_id').execute();

describe('network income with a same-spec grade gift on the order', () => {
  const paid: Line = { unit: 10_000, qty: 2, gift: 0 };
  const gift: Line = { unit: 0, qty: 1, gift: 1 };

  for (const [name, lines] of [
    ['paid line first, gift after', [paid, gift]],
    ['gift first, paid line after', [gift, paid]],
  ] as const) {
    it(`${name}: mid earns (100.00 − 90.00) × 2, top (90.00 − 75.00) × 2, nothing on the free unit`, async () => {
      const { top, mid, buyer, p } = await chain();
      const order = await paidOrder(buyer, p, [...lines]);
      await Promise.all([releaseIncome(t, t.clock.now()), releaseIncome(t, t.clock.now())]);
      expect(await frozen(mid.token)).toBe('20.00');
      expect(await frozen(top.token)).toBe('30.00');
      const rows = (await incomeRows(order.code)).map((r) => [Number(r.agent_id), Number(r.amount)]);
      expect(rows).toEqual([[mid.agentId, 2_000], [top.agentId, 3_000]].sort((a, b) => a[0]! - b[0]!));
      expect(await ledgerHolds(t)).toBe(true);
    });
  }

  it('two paid lines of one spec at different prices each keep their own floor; the gift between them changes nothing', async () => {
    const { top, mid, buyer, p } = await chain();
    // 1 × 100.00 and 1 × 95.00 (a second line of the same spec): mid 10.00 + 5.00, top 15.00 + 15.00.
    await paidOrder(buyer, p, [{ unit: 10_000, qty: 1, gift: 0 }, gift, { unit: 9_500, qty: 1, gift: 0 }]);
    await releaseIncome(t, t.clock.now());
    expect(await frozen(mid.token)).toBe('15.00');
    expect(await frozen(top.token)).toBe('30.00');
  });

  it('an order of gifts only earns nobody anything', async () => {
    const { top, mid, buyer, p } = await chain();
    const order = await paidOrder(buyer, p, [gift]);
    await releaseIncome(t, t.clock.now());
    expect(await incomeRows(order.code)).toEqual([]);
    expect([await frozen(mid.token), await frozen(top.token)]).toEqual(['0.00', '0.00']);
  });
});
