import { saveOrderLogisticsAddress } from '@shop/contract';
import type { TestApp } from './app.js';

/** A product of its own for a test: one spec with the given stock, the same agent price for every grade. */
export async function addProduct(
  t: TestApp,
  p: { prodType?: 1 | 2; stock: number; finalPrice: number; price?: number; weight?: number; touchMoney?: number; name?: string },
) {
  const k = t.db.kysely;
  const platId = t.config.platId;
  const now = t.clock.now().toISOString();
  const product = await k
    .insertInto('products')
    .values({ plat_id: platId, prod_type: p.prodType ?? 1, prod_name: p.name ?? '测试商品', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const single = await k
    .insertInto('single_products')
    .values({
      plat_id: platId,
      product_id: Number(product.id),
      spec_disp_str: `${p.name ?? '测试商品'} 规格`,
      price: p.price ?? p.finalPrice * 2,
      virtual_num: p.stock,
      weight: p.weight ?? 500,
      touch_state: p.touchMoney ? 1 : 0,
      touch_money: p.touchMoney ?? 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const grades = await k.selectFrom('grades').select('id').where('plat_id', '=', platId).execute();
  await k
    .insertInto('grade_prices')
    .values(grades.map((g) => ({ single_prod_id: Number(single.id), grade_id: Number(g.id), final_price: p.finalPrice })))
    .execute();
  return { prodId: Number(product.id), singleProdId: Number(single.id) };
}

export async function stockOf(t: TestApp, singleProdId: number) {
  const row = await t.db.kysely.selectFrom('single_products').select('virtual_num').where('id', '=', singleProdId).executeTakeFirstOrThrow();
  return row.virtual_num;
}

/** An address in 北京市 东城区 (110101) through the API, as the address form saves it. */
export async function addAddress(t: TestApp, token: string, codes = { provinceCode: '110000', cityCode: '110100', districtCode: '110101' }) {
  const reply = await t.call(
    saveOrderLogisticsAddress,
    { receiverNmae: '收货人', receiverPhone: '13912345678', ...codes, address: '测试路1号', postCode: '100000', isDefAddr: 1 },
    { token },
  );
  if (reply.body.errorType !== 'SUCCESS') throw new Error(`address: ${reply.text}`);
  return Number(reply.body.obj.id);
}

/** Ledger invariant (ARCHITECTURE data rules): each balance equals the sum of its change records, none negative. */
export async function ledgerHolds(t: TestApp) {
  const k = t.db.kysely;
  const agents = await k.selectFrom('agents').select(['id', 'last_store', 'lave_income', 'lave_integral', 'bond_money', 'frozen_store', 'apply_income', 'frozen_award']).execute();
  const sums = await k
    .selectFrom('account_changes')
    .select(['agent_id', 'account', (eb) => eb.fn.sum<number>('amount').as('total')])
    .groupBy(['agent_id', 'account'])
    .execute();
  const sum = (id: number, account: string) => Number(sums.find((s) => Number(s.agent_id) === id && s.account === account)?.total ?? 0);
  return agents.every(
    (a) =>
      a.last_store === sum(Number(a.id), 'store') &&
      a.lave_income === sum(Number(a.id), 'income') &&
      a.lave_integral === sum(Number(a.id), 'integral') &&
      a.bond_money === sum(Number(a.id), 'bond') &&
      a.frozen_store === sum(Number(a.id), 'frozen') &&
      a.apply_income === sum(Number(a.id), 'apply') &&
      a.frozen_award === sum(Number(a.id), 'award') &&
      [a.last_store, a.lave_income, a.lave_integral, a.bond_money, a.frozen_store, a.apply_income, a.frozen_award].every((v) => v >= 0),
  );
}

/**
 * Second ledger invariant: for every order, the goods-fund and total-score change records carrying
 * its code sum to what the order says it took: goods_pay_money / award_pay_money while it holds them (unpaid with a
 * reservation, awaiting review, paid), nothing net once closed. Answers the orders that break it.
 */
export async function orderLedgerBreaches(t: TestApp) {
  const k = t.db.kysely;
  const orders = await k.selectFrom('orders').select(['order_code', 'circulation_state', 'goods_pay_money', 'award_pay_money']).execute();
  const sums = await k
    .selectFrom('account_changes')
    .select(['order_code', 'account', (eb) => eb.fn.sum<number>('amount').as('total')])
    .where('account', 'in', ['store', 'income'])
    .where('order_code', 'is not', null)
    // Income from the network names the order that earned it (ADR 0017); the order did not take that money.
    // Its claw-back (23 / 24, ADR 0034) is the earner's too.
    .where((eb) => eb.or([eb('account', '=', 'store'), eb('change_state', 'not in', [13, 14, 15, 16, 17, 111, 23, 24])]))
    .groupBy(['order_code', 'account'])
    .execute();
  const sum = (code: string, account: string) => Number(sums.find((s) => s.order_code === code && s.account === account)?.total ?? 0);
  const closed = (state: number) => state === 6 || state === 7;
  // ADR 0034: what staff refunds gave back of an order's goods fund and total score.
  const refunded = await k
    .selectFrom('order_refunds as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select(['o.order_code', (eb) => eb.fn.sum<number>('r.store_amount').as('store'), (eb) => eb.fn.sum<number>('r.income_amount').as('income')])
    .groupBy('o.order_code')
    .execute();
  const back = (code: string, account: 'store' | 'income') => Number(refunded.find((r) => r.order_code === code)?.[account] ?? 0);
  return orders
    .map((o) => ({
      orderCode: o.order_code,
      store: { records: sum(o.order_code, 'store'), order: closed(o.circulation_state) ? 0 : -Number(o.goods_pay_money) + back(o.order_code, 'store') },
      income: { records: sum(o.order_code, 'income'), order: closed(o.circulation_state) ? 0 : -Number(o.award_pay_money) + back(o.order_code, 'income') },
    }))
    .filter((o) => o.store.records !== o.store.order || o.income.records !== o.income.order);
}
