import { describe, expect, it } from 'vitest';
import { saveSetting, selAgentApiAccountInfo, selectOrderInfoByOrderId, selectSettings, selectStaffOrderDetail } from '@shop/contract';
import { autoReceiveOrders } from '../src/jobs/auto-receive-orders.js';
import { releaseIncome } from '../src/jobs/release-income.js';
import { useTestApp } from './helpers/app.js';
import { gradeChain } from './helpers/funds-paid-fixture.js';
import { ledgerHolds } from './helpers/shop-fixture.js';
import { staffCall, staffLoginAs } from './helpers/staff-fixture.js';
import { DAY, HOUR } from './helpers/time.js';

/**
 * ADR 0027: a shipped order nobody confirms is received automatically N days after shipping (order rules, default 10),
 * once whatever the number of job runs at once, recorded as 系统; its frozen network income is then released as usual
 * (received + release days). Every time here is the injected clock's.
 */
const t = useTestApp();
let serial = 0;

const chain = () => gradeChain(t);

/** A paid ordinary order of 2 × 100.00, shipped at `sentAt` (state 4) unless told otherwise. */
async function shippedOrder(buyer: { agentId: number; phone: string }, p: { singleProdId: number; prodId: number }, sentAt: Date, state = 4) {
  serial += 1;
  const code = `ARC${process.pid % 1000}${String(serial).padStart(4, '0')}`;
  const paidAt = new Date(sentAt.getTime() - DAY).toISOString();
  const { id } = await t.db.kysely
    .insertInto('orders')
    .values({
      plat_id: t.config.platId, order_code: code, order_type: 1, pay_type: 1, circulation_state: state, pay_state: 1, close_state: 0, total_money: 20_000, post_money: 0,
      all_money: 20_000, actual_money: 20_000, point_balance_money: 0, balance_point: 0, prod_all_point: 0, actual_point: 0, gift_point: 0, is_up_send_post: 0,
      up_agent_id: null, seckill_id: null, is_first_gift: 0, order_note: '', create_agent_id: buyer.agentId, create_agent_name: '买家', create_agent_tel: buyer.phone,
      create_agent_code: 'DL', apg_id: null, apg_code: null, apg_sys_code: null, receiver_name: '', receiver_phone: '', receiver_nation: '', receiver_province: '',
      receiver_city: '', receiver_county: '', receive_county_id: '', receiver_post_code: '', receiver_address: '', idempotency_key: null, created_at: paidAt,
      pay_date: paidAt, close_date: null, close_reason: null, send_state: state >= 4 ? 1 : 0, send_date: state >= 4 ? sentAt.toISOString() : null, receipt_date: null,
      pay_serial: null, pay_deadline: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.kysely.insertInto('order_lines').values({
    order_id: Number(id), prod_id: p.prodId, single_prod_id: p.singleProdId, activity_item_id: null, prod_name: '测试商品', spec_disp_str: '', img_url: '',
    weight: 0, buy_num: 2, prod_old_price: 10_000, prod_price: 10_000, prod_deal_price: 10_000, prod_all_money: 20_000, prod_point: 0, total_point: 0,
    point_balance_money: 0, balance_point: 0, is_first_gift: 0,
  }).execute();
  return { id: Number(id), code };
}

const orderRow = (id: number) => t.db.kysely.selectFrom('orders').select(['circulation_state', 'receipt_date']).where('id', '=', id).executeTakeFirstOrThrow();
const logsOf = (id: number) => t.db.kysely.selectFrom('order_logs').select(['order_state', 'opt_name', 'opt_by', 'created_at']).where('order_id', '=', id).orderBy('id').execute();
const account = async (token: string) => {
  const o = (await t.call(selAgentApiAccountInfo, {}, { token })).body.obj;
  return { frozen: o.allFrozenAwardMoney as string, income: o.laveIncome as string };
};
const runs = async (at: Date, n: number) => (await Promise.all(Array.from({ length: n }, () => autoReceiveOrders(t, at)))).reduce((a, b) => a + b, 0);

describe('auto-receipt job (default 10 days after shipping)', () => {
  it('not before 10 days; at 10 days received once under 3 parallel runs, logged as 系统; then income releases from that time', async () => {
    const { mid, top, buyer, p } = await chain();
    const sentAt = t.clock.now();
    const order = await shippedOrder(buyer, p, sentAt);
    await releaseIncome(t, sentAt);
    expect(await account(mid.token)).toEqual({ frozen: '20.00', income: '0.00' });

    expect(await runs(new Date(sentAt.getTime() + 10 * DAY - HOUR), 2)).toBe(0);
    expect((await orderRow(order.id)).circulation_state).toBe(4);

    const due = new Date(sentAt.getTime() + 10 * DAY);
    expect(await runs(due, 3)).toBe(1);
    expect(await runs(new Date(due.getTime() + HOUR), 2)).toBe(0);
    expect(await orderRow(order.id)).toEqual({ circulation_state: 5, receipt_date: due.toISOString() });
    expect(await logsOf(order.id)).toEqual([{ order_state: 5, opt_name: '系统自动确认收货', opt_by: '系统', created_at: due.toISOString() }]);

    // What the agent reads: completed, with the receipt time; the console's detail names the automatic receipt.
    const detail = (await t.call(selectOrderInfoByOrderId, { id: order.id }, { token: buyer.token })).body.obj;
    expect(detail.circulationState).toBe(5);
    expect(detail.receiptDate).not.toBe('');
    const admin = await staffLoginAs(t, 'admin');
    const staffDetail = (await staffCall(t, selectStaffOrderDetail, { orderId: order.id }, { staffToken: admin })).body.obj;
    expect(staffDetail.logs.map((l: { optName: string; optBy: string }) => [l.optName, l.optBy])).toEqual([['系统自动确认收货', '系统']]);

    // Income releases as for a confirmed order: received + 7 release days.
    await releaseIncome(t, new Date(due.getTime() + 7 * DAY - HOUR));
    expect(await account(mid.token)).toEqual({ frozen: '20.00', income: '0.00' });
    await Promise.all([releaseIncome(t, new Date(due.getTime() + 7 * DAY)), releaseIncome(t, new Date(due.getTime() + 7 * DAY))]);
    expect(await account(mid.token)).toEqual({ frozen: '0.00', income: '20.00' });
    expect(await account(top.token)).toEqual({ frozen: '0.00', income: '30.00' });
    expect(await ledgerHolds(t)).toBe(true);
  });

  it('many due orders, three runs at once: each received exactly once; orders not shipped or not yet due stay', async () => {
    const { buyer, p } = await chain();
    const sentAt = t.clock.now();
    const due = await Promise.all(Array.from({ length: 6 }, () => shippedOrder(buyer, p, sentAt)));
    const later = await shippedOrder(buyer, p, new Date(sentAt.getTime() + 2 * DAY));
    const unshipped = await shippedOrder(buyer, p, sentAt, 3);
    const at = new Date(sentAt.getTime() + 11 * DAY);
    expect(await runs(at, 3)).toBe(6);
    for (const o of due) {
      expect((await orderRow(o.id)).circulation_state).toBe(5);
      expect(await logsOf(o.id)).toHaveLength(1);
    }
    expect((await orderRow(later.id)).circulation_state).toBe(4);
    expect((await orderRow(unshipped.id)).circulation_state).toBe(3);
  });

  it('the days are a setting of the order rules, edited in the console (1-90): 3 days receives at 3 days', async () => {
    const admin = await staffLoginAs(t, 'admin');
    const read = async () => (await staffCall(t, selectSettings, {}, { staffToken: admin })).body.obj;
    const before = await read();
    expect(before.orderRules.autoReceiveDays).toBe(10);
    const save = async (days: number) => {
      const s = await read();
      return (await staffCall(t, saveSetting, { key: 'orderRules', value: { ...s.orderRules, autoReceiveDays: days }, version: s.versions.orderRules ?? 0 }, { staffToken: admin })).body;
    };
    expect((await save(0)).msg).toBe('自动确认收货天数须为1-90天的整数');
    expect((await save(91)).msg).toBe('自动确认收货天数须为1-90天的整数');
    expect((await save(3)).errorType).toBe('SUCCESS');
    expect((await read()).orderRules.autoReceiveDays).toBe(3);
    // Saving the area without the field (an older console) keeps the days.
    const s = await read();
    const { autoReceiveDays: _omit, ...rest } = s.orderRules;
    expect((await staffCall(t, saveSetting, { key: 'orderRules', value: rest, version: s.versions.orderRules }, { staffToken: admin })).body.errorType).toBe('SUCCESS');
    expect((await read()).orderRules.autoReceiveDays).toBe(3);

    const { buyer, p } = await chain();
    const sentAt = t.clock.now();
    const order = await shippedOrder(buyer, p, sentAt);
    expect(await runs(new Date(sentAt.getTime() + 3 * DAY - HOUR), 1)).toBe(0);
    expect(await runs(new Date(sentAt.getTime() + 3 * DAY), 2)).toBe(1);
    expect((await orderRow(order.id)).circulation_state).toBe(5);
    expect((await save(10)).errorType).toBe('SUCCESS');
  });
});
