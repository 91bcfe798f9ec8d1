import { describe, expect, it } from 'vitest';
import { selectOrdersToShip, shipOrdersBatch, staffShipStoreOrder, type Operation } from '@shop/contract';
import { useTestApp } from './helpers/app.js';
import { orderInState, staffCall, staffLoginAs } from './helpers/staff-fixture.js';
import { openTestStore, paidStoreOrder } from './helpers/store-fixture.js';

/** ADR 0042: the stores' VD orders wait in the warehouse's one 待发货 queue, tagged, and ship from it. */
const t = useTestApp();

const storeOrderRow = (id: number) => t.db.kysely.selectFrom('store_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const auditsOf = (targetKind: string, id: number) =>
  t.db.kysely.selectFrom('audit_logs').selectAll().where('target_kind', '=', targetKind).where('target_id', '=', id).execute();
const queue = async (staffToken: string, input: Record<string, unknown> = {}) => {
  const r = await staffCall(t, selectOrdersToShip as Operation, { phonePage: { pageNum: 1, pageSize: 50 }, ...input }, { staffToken });
  expect(r.body.errorType, r.text).toBe('SUCCESS');
  return r.body as { objs: any[]; obj: { total: number; phonePage: { pageTotal: number } } };
};
const setPaid = (id: number, at: string) => t.db.kysely.updateTable('store_orders').set({ pay_date: at }).where('id', '=', id).execute();

describe('the 待发货 queue with store orders in it', () => {
  it('lists a paid VD order with the consumer’s address and its kind, ships it from the queue, and it leaves', async () => {
    const staffToken = await staffLoginAs(t, 'cangku');
    const { agent, p, shopId } = await openTestStore(t);
    const vd = await paidStoreOrder(t, shopId, p.singleProdId, 2);
    const before = await queue(staffToken, { orderCode: vd.orderCode });
    expect(before.objs).toEqual([
      expect.objectContaining({
        kind: 'VD',
        id: vd.id,
        orderCode: vd.orderCode,
        actualMoney: '300.00',
        createAgentId: agent.agentId,
        receiverName: '李雷',
        receiverPhone: '13912345678',
        receiverFullAddress: expect.stringContaining('东华门大街1号'),
        payDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        lines: [{ prodName: expect.stringMatching(/^零售/), specDispStr: expect.any(String), buyNum: 2 }],
      }),
    ]);
    expect(before.obj.total).toBe(1);
    // The consumer's phone finds it too (the warehouse answering a call).
    expect((await queue(staffToken, { phone: vd.consumer.phone })).objs.map((o) => o.orderCode)).toEqual([vd.orderCode]);

    const shipped = await staffCall(t, staffShipStoreOrder, { id: vd.id, logisticsName: '顺丰速运', waybillCode: 'SF2000000001' }, { staffToken });
    expect(shipped.body.errorType, shipped.text).toBe('SUCCESS');
    expect(await storeOrderRow(vd.id)).toMatchObject({ state: 4, logistics_name: '顺丰速运', waybill_code: 'SF2000000001' });
    expect((await queue(staffToken, { orderCode: vd.orderCode })).objs).toEqual([]);
  });

  it('merges both kinds by pay time with one paging; the total counts both', async () => {
    const staffToken = await staffLoginAs(t, 'cangku');
    const { p, shopId } = await openTestStore(t);
    // Far in the past, so these five are the queue's front whatever else the file created.
    const d1 = await orderInState(t, 3, { patch: { pay_date: '2020-01-01T01:00:00.000Z' } });
    const v1 = await paidStoreOrder(t, shopId, p.singleProdId);
    await setPaid(v1.id, '2020-01-01T02:00:00.000Z');
    const d2 = await orderInState(t, 3, { patch: { pay_date: '2020-01-01T03:00:00.000Z' } });
    const v2 = await paidStoreOrder(t, shopId, p.singleProdId);
    await setPaid(v2.id, '2020-01-01T04:00:00.000Z');
    const v3 = await paidStoreOrder(t, shopId, p.singleProdId);
    await setPaid(v3.id, '2020-01-01T05:00:00.000Z');
    const all = await queue(staffToken);
    const front = all.objs.slice(0, 5).map((o) => o.orderCode);
    expect(front).toEqual([d1.orderCode, v1.orderCode, d2.orderCode, v2.orderCode, v3.orderCode]);
    expect(all.obj.total).toBe(all.objs.length);
    expect(all.objs.filter((o) => o.kind === 'VD').map((o) => o.orderCode)).toEqual(expect.arrayContaining([v1.orderCode, v2.orderCode, v3.orderCode]));

    // Pages of two walk the same order without a gap or a repeat.
    const pages = [];
    for (let n = 1; n <= 3; n += 1) {
      const r = await staffCall(t, selectOrdersToShip, { phonePage: { pageNum: n, pageSize: 2 } }, { staffToken });
      expect(r.body.obj.total).toBe(all.obj.total);
      pages.push(...r.body.objs.map((o: any) => o.orderCode));
    }
    expect(pages.slice(0, 5)).toEqual(front);
  });

  it('refuses finance, and another platform’s VD order is not in the queue', async () => {
    const { p, shopId } = await openTestStore(t);
    const vd = await paidStoreOrder(t, shopId, p.singleProdId);
    await t.db.kysely.updateTable('store_orders').set({ plat_id: 'plat-other' }).where('id', '=', vd.id).execute();
    expect((await queue(await staffLoginAs(t, 'cangku'), { orderCode: vd.orderCode })).objs).toEqual([]);
    const finance = await staffLoginAs(t, 'caiwu');
    expect((await staffCall(t, selectOrdersToShip, {}, { staffToken: finance })).body.errorType).toBe('FORBIDDEN');
  });
});

describe('one shipping file for both kinds', () => {
  it('ships a DD order and a VD order named in the same CSV, each through its own ship, audited', async () => {
    const staffToken = await staffLoginAs(t, 'cangku');
    const { p, shopId } = await openTestStore(t);
    const dd = await orderInState(t, 3);
    const vd = await paidStoreOrder(t, shopId, p.singleProdId);
    const twice = await paidStoreOrder(t, shopId, p.singleProdId);
    const unpaidCode = 'VD000000000000999999';
    const csv = [
      '订单编号,快递公司编码,运单号,物流公司',
      `${dd.orderCode},ZTO,ZT4000000001,`,
      `${vd.orderCode},SF,SF4000000002,`,
      `${twice.orderCode},SF,SF4000000003,`,
      `${twice.orderCode},SF,SF4000000004,`,
      `${unpaidCode},SF,SF4000000005,`,
    ].join('\r\n');
    const reply = (await t.upload(shipOrdersBatch, [{ name: '发货.csv', data: `\uFEFF${csv}` }], { staffToken })).body;
    expect(reply).toMatchObject({ errorType: 'SUCCESS', obj: { rows: 5, shippedOrders: 2, failedRows: 3 } });
    expect(reply.objs.map((r: any) => [r.row, r.ok, r.msg])).toEqual([
      [2, true, '发货成功'],
      [3, true, '发货成功'],
      [4, false, '门店订单只能填写一个运单号，请只保留一行'],
      [5, false, '门店订单只能填写一个运单号，请只保留一行'],
      [6, false, '订单不存在'],
    ]);
    expect(await storeOrderRow(vd.id)).toMatchObject({ state: 4, logistics_name: '顺丰速运', waybill_code: 'SF4000000002' });
    expect((await storeOrderRow(twice.id)).state).toBe(3);
    expect((await t.db.kysely.selectFrom('orders').select('circulation_state').where('id', '=', dd.orderId).executeTakeFirstOrThrow()).circulation_state).toBe(4);
    expect(await auditsOf('store_order', vd.id)).toEqual([expect.objectContaining({ operation: 'shipOrdersBatch', staff_name: 'cangku', role: 'warehouse' })]);
    // A second file naming the shipped VD order again: refused, nothing changes.
    const again = (await t.upload(shipOrdersBatch, [{ name: 'b.csv', data: `订单编号,快递公司编码,运单号\n${vd.orderCode},ZTO,ZT4000000009\n` }], { staffToken })).body;
    expect(again.objs).toEqual([{ row: 2, orderCode: vd.orderCode, ok: false, msg: '订单当前为「待收货」，不能发货' }]);
    expect((await storeOrderRow(vd.id)).waybill_code).toBe('SF4000000002');
  });

  it('two uploads shipping the same VD order at once ship it once', async () => {
    const staffToken = await staffLoginAs(t, 'cangku');
    const other = await staffLoginAs(t, 'admin');
    const { p, shopId } = await openTestStore(t);
    const vd = await paidStoreOrder(t, shopId, p.singleProdId);
    const file = (waybill: string) => `订单编号,快递公司编码,运单号\n${vd.orderCode},ZTO,${waybill}\n`;
    const replies = await Promise.all([
      t.upload(shipOrdersBatch, [{ name: 'a.csv', data: file('ZT5000000001') }], { staffToken }),
      t.upload(shipOrdersBatch, [{ name: 'b.csv', data: file('ZT5000000002') }], { staffToken: other }),
    ]);
    const rows = replies.map((r) => r.body.objs[0]);
    expect(rows.filter((r: any) => r.ok)).toHaveLength(1);
    expect(rows.find((r: any) => !r.ok).msg).toMatch(/^(该店铺订单不是待发货状态，请刷新后查看|订单当前为「待收货」，不能发货)$/);
    expect(await auditsOf('store_order', vd.id)).toHaveLength(1);
  });
});
