import { orderPayment, reviewOfflinePayment, saveOrderInfo, refundOrder, previewOrderRefund } from '@shop/contract';
import { randomUUID } from 'node:crypto';
import type { TestApp } from './app.js';
import { freshAgent, gradeChain, FRESH_PAY_PASSWORD, uploadVoucher, receivingAccountId } from './funds-paid-fixture.js';
import { addAddress, addProduct } from './shop-fixture.js';
import { setGoodsFund } from './wechatpay-fixture.js';
import { simulate } from './wechatpay-fixture.js';
import { staffCall } from './staff-fixture.js';
import { moveBalance } from '../../src/modules/ledger/ledger.repository.js';

export type Agent = Awaited<ReturnType<typeof freshAgent>>;

/** Sets the total score through the ledger (a change record), so the invariants keep holding. */
export async function setIncome(t: TestApp, agentId: number, fen: number) {
  await t.db.kysely.transaction().execute(async (trx) => {
    const { lave_income: now, plat_id: platId } = await trx.selectFrom('agents').select(['lave_income', 'plat_id']).where('id', '=', agentId).executeTakeFirstOrThrow();
    if (now !== fen) await moveBalance(trx, { platId, agentId, account: 'totalScore', amount: fen - now, changeState: 11, orderCode: null, remark: '测试调整', at: t.clock.now().toISOString() });
  });
}

/**
 * A chain top ← mid ← buyer (grades 2, 1, 0) and two products of their own: A costs the buyer 100.00 (mid 90.00,
 * top 75.00: network income), B 33.33 at every grade (no income). Odd amounts on purpose.
 */
export async function refundChain(t: TestApp) {
  const c = await gradeChain(t);
  const b = await addProduct(t, { stock: 100, finalPrice: 3_333, name: '奇数价商品' });
  return { ...c, a: c.p, b };
}

/** An order placed through saveOrderInfo (settlement radio `payType`) of the given lines. */
export async function placeOrder(t: TestApp, buyer: Agent, lines: { singleProdId: number; buyNum: number }[], payType = 1) {
  const addressId = await addAddress(t, buyer.token);
  const reply = await t.call(saveOrderInfo, { orderType: 1, payType, addressId, orderProductDetailBos: lines }, { token: buyer.token });
  if (reply.body.errorType !== 'SUCCESS') throw new Error(`order: ${reply.text}`);
  return orderRow(t, Number(reply.body.obj.id));
}

export const orderRow = (t: TestApp, id: number) => t.db.kysely.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
export const linesOf = (t: TestApp, orderId: number) => t.db.kysely.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
export const balancesOf = (t: TestApp, agentId: number) =>
  t.db.kysely.selectFrom('agents').select(['last_store', 'lave_income', 'lave_integral', 'frozen_award']).where('id', '=', agentId).executeTakeFirstOrThrow();

/** Pays an order as the payment screen does: goods fund alone (1), with the total score (7), offline (8) or WeChat (6). */
export async function payOrder(t: TestApp, buyer: Agent, orderId: number, method: 1 | 6 | 7 | 8, staffToken?: string) {
  if (method === 6) {
    const reply = await t.call(orderPayment, { id: orderId, payType: 6, payPassword: FRESH_PAY_PASSWORD }, { token: buyer.token });
    if (reply.body.errorType !== 'SUCCESS') throw new Error(`orderPayment: ${reply.text}`);
    const paid = await simulate(t, buyer.token, reply.body.obj.wechat.outTradeNo, 'pay');
    if (paid.status !== 200) throw new Error(`simulate: ${JSON.stringify(paid.body)}`);
    return orderRow(t, orderId);
  }
  const extra =
    method === 8
      ? { orderReceiptRecordBo: { accountId: await receivingAccountId(t, buyer.token), voucherImgUrl: await uploadVoucher(t, buyer.token), remitAccountName: '张明', remitAccountNumber: '6222020000000000' } }
      : {};
  const reply = await t.call(orderPayment, { id: orderId, payType: method, payPassword: FRESH_PAY_PASSWORD, ...extra }, { token: buyer.token });
  if (reply.body.errorType !== 'SUCCESS') throw new Error(`orderPayment: ${reply.text}`);
  if (method === 8) {
    const review = await staffCall(t, reviewOfflinePayment, { orderId, approve: true }, { staffToken });
    if (review.body.errorType !== 'SUCCESS') throw new Error(`review: ${review.text}`);
  }
  return orderRow(t, orderId);
}

export { setGoodsFund };

export const refund = (t: TestApp, staffToken: string, input: { orderId: number; lines?: { lineId: number; qty: number }[]; reason?: string; idempotencyKey?: string }) =>
  staffCall(t, refundOrder, { reason: '客户要求退款', idempotencyKey: randomUUID(), ...input }, { staffToken });
export const preview = (t: TestApp, staffToken: string, input: { orderId: number; lines?: { lineId: number; qty: number }[] }) =>
  staffCall(t, previewOrderRefund, input, { staffToken });

const sumOf = async (t: TestApp, code: string, account: string, exclude: number[] = []) => {
  let q = t.db.kysely.selectFrom('account_changes').select((eb) => eb.fn.sum<number>('amount').as('s')).where('order_code', '=', code).where('account', '=', account);
  if (exclude.length) q = q.where('change_state', 'not in', exclude);
  return Number((await q.executeTakeFirst())?.s ?? 0);
};

/**
 * ADR 0034's order invariant: what an order's change records of the buyer sum to equals what it holds now: the goods
 * fund and total score it took less what its refunds gave back, the points likewise, its refunds sum to refund_money,
 * a whole refund gives back exactly the order, every WeChat part has its refund row. Answers the breaches (empty: holds).
 */
export async function refundBreaches(t: TestApp, orderId: number): Promise<string[]> {
  const o = await orderRow(t, orderId);
  const refunds = await t.db.kysely.selectFrom('order_refunds').selectAll().where('order_id', '=', orderId).execute();
  const s = (f: (r: (typeof refunds)[number]) => number) => refunds.reduce((n, r) => n + Number(f(r)), 0);
  const out: string[] = [];
  const check = (name: string, records: number, holds: number) => records !== holds && out.push(`${name}: records ${records} ≠ holds ${holds}`);
  check('store', await sumOf(t, o.order_code, 'store'), -Number(o.goods_pay_money) + s((r) => r.store_amount));
  // The buyer's own total-score records (income earned by others on this order, and its claw-back, are theirs).
  check('income', await sumOf(t, o.order_code, 'income', [13, 14, 15, 16, 17, 111, 23, 24]), -Number(o.award_pay_money) + s((r) => r.income_amount));
  const points = -(Number(o.balance_point) + Number(o.actual_point)) + Number(o.gift_point) + s((r) => r.points) - s((r) => r.gift_points_taken);
  check('points', await sumOf(t, o.order_code, 'integral'), points);
  check('refund_money', s((r) => r.amount), Number(o.refund_money));
  check('parts', s((r) => Number(r.store_amount) + Number(r.income_amount) + Number(r.wechat_amount) + Number(r.offline_amount)), Number(o.refund_money));
  if (o.circulation_state === 8 && Number(o.refund_money) !== Number(o.actual_money)) out.push(`whole refund ${o.refund_money} ≠ order ${o.actual_money}`);
  if (Number(o.refund_money) > Number(o.actual_money)) out.push('refunded more than paid');
  const wechat = await t.db.kysely.selectFrom('refunds').select((eb) => eb.fn.sum<number>('amount').as('s')).where('order_refund_id', 'in', refunds.length ? refunds.map((r) => Number(r.id)) : [-1]).executeTakeFirst();
  check('wechat refunds', Number(wechat?.s ?? 0), s((r) => r.wechat_amount));
  const payouts = await t.db.kysely.selectFrom('refund_payouts').select((eb) => eb.fn.sum<number>('amount').as('s')).where('refund_id', 'in', refunds.length ? refunds.map((r) => Number(r.id)) : [-1]).executeTakeFirst();
  check('offline payouts', Number(payouts?.s ?? 0), s((r) => r.offline_amount));
  for (const l of await linesOf(t, orderId)) if (l.refund_num > l.buy_num || l.refund_num < 0) out.push(`line ${l.id} refunded ${l.refund_num} of ${l.buy_num}`);
  return out;
}

export { freshAgent };
