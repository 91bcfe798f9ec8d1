import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { exportOrders, searchOrders, selectPendingReviewOrders, selectOrdersToShip, selectStaffOrderDetail, shipOrder, shipOrdersBatch } from '@shop/contract';
import { useTestApp, type TestApp } from './helpers/app.js';
import { orderInState, staffCall, staffLoginAs } from './helpers/staff-fixture.js';

const t = useTestApp();

/** shipOrdersBatch as the console sends it: multipart, the file as part `0`, header staffToken. */
async function uploadShipFile(t: TestApp, staffToken: string, name: string, data: Buffer | string) {
  return (await t.upload(shipOrdersBatch, [{ name, data }], { staffToken })).body;
}

const parcelsOf = (orderId: number) => t.db.kysely.selectFrom('order_parcels').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
const auditsOf = (orderId: number, operation: string) =>
  t.db.kysely.selectFrom('audit_logs').selectAll().where('target_kind', '=', 'order').where('target_id', '=', orderId).where('operation', '=', operation).execute();
const stateOf = async (orderId: number) =>
  (await t.db.kysely.selectFrom('orders').select('circulation_state').where('id', '=', orderId).executeTakeFirstOrThrow()).circulation_state;
const otherPlatform = (orderId: number) => t.db.kysely.updateTable('orders').set({ plat_id: 'plat-other' }).where('id', '=', orderId).execute();

describe('selectPendingReviewOrders', () => {
  it('answers the length of the queue beside the page (the console badge and pager read it)', async () => {
    const staffToken = await staffLoginAs(t, 'caiwu');
    await orderInState(t, 2, { receipt: true });
    await orderInState(t, 2, { receipt: true });
    const reply = await staffCall(t, selectPendingReviewOrders, { phonePage: { pageNum: 1, pageSize: 1 } }, { staffToken });
    const all = await t.db.kysely.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('circulation_state', '=', 2).executeTakeFirstOrThrow();
    expect(reply.body.objs).toHaveLength(1);
    expect(reply.body.obj.total).toBe(Number(all.n));
    expect(Number(all.n)).toBeGreaterThanOrEqual(2);
  });
});

describe('selectOrdersToShip', () => {
  it('lists paid orders awaiting shipment, oldest payment first, with receiver, address and lines; filters by code', async () => {
    const staffToken = await staffLoginAs(t, 'cangku');
    const later = await orderInState(t, 3, { patch: { pay_date: '2026-11-21T03:00:00.000Z' } });
    const earlier = await orderInState(t, 3, { patch: { pay_date: '2026-11-21T01:00:00.000Z' } });
    const unpaid = await orderInState(t, 1);
    const reply = await staffCall(t, selectOrdersToShip, { phonePage: { pageNum: 1, pageSize: 50 } }, { staffToken });
    const ids = reply.body.objs.map((o: any) => o.id);
    expect(ids.indexOf(earlier.orderId)).toBeLessThan(ids.indexOf(later.orderId));
    expect(ids).not.toContain(unpaid.orderId);
    expect(reply.body.obj.total).toBe(ids.length);
    const row = reply.body.objs.find((o: any) => o.id === earlier.orderId);
    expect(row).toMatchObject({
      orderCode: earlier.orderCode,
      createAgentTel: '13800000001',
      payDate: '2026-11-21 09:00:00',
      actualMoney: expect.stringMatching(/^\d+\.\d{2}$/),
      receiverFullAddress: expect.stringContaining('北京'),
      lines: expect.arrayContaining([{ prodName: '测试商品', specDispStr: expect.any(String), buyNum: 1 }]),
    });
    const one = await staffCall(t, selectOrdersToShip, { orderCode: later.orderCode }, { staffToken });
    expect(one.body.objs.map((o: any) => o.id)).toEqual([later.orderId]);
  });

  it("leaves out another platform's orders and refuses finance", async () => {
    const staffToken = await staffLoginAs(t, 'cangku');
    const o = await orderInState(t, 3);
    await otherPlatform(o.orderId);
    expect((await staffCall(t, selectOrdersToShip, { orderCode: o.orderCode }, { staffToken })).body.objs).toEqual([]);
    const finance = await staffLoginAs(t, 'caiwu');
    expect((await staffCall(t, selectOrdersToShip, {}, { staffToken: finance })).body.errorType).toBe('FORBIDDEN');
  });
});

describe('searchOrders and exportOrders', () => {
  it('filters by code, phone, state, pay type and China-time dates, newest first', async () => {
    const staffToken = await staffLoginAs(t, 'caiwu');
    const a = await orderInState(t, 3);
    const b = await orderInState(t, 1, { patch: { receiver_phone: '13700001111' } });
    const ids = async (filters: Record<string, unknown>) =>
      (await staffCall(t, searchOrders, { phonePage: { pageNum: 1, pageSize: 50 }, ...filters }, { staffToken })).body.objs.map((o: any) => o.id);
    expect(await ids({ orderCode: a.orderCode })).toEqual([a.orderId]);
    expect(await ids({ phone: '13700001111' })).toEqual([b.orderId]);
    expect(await ids({ phone: '13800000001', orderCode: a.orderCode })).toEqual([a.orderId]);
    expect(await ids({ orderCode: b.orderCode, circulationState: 3 })).toEqual([]);
    expect(await ids({ orderCode: b.orderCode, circulationState: 1, payType: 1 })).toEqual([b.orderId]);
    // The test clock is 2026-11-21 10:00 in China: the order is of that day, in China time.
    expect(await ids({ orderCode: a.orderCode, from: '2026-11-21', to: '2026-11-21' })).toEqual([a.orderId]);
    expect(await ids({ orderCode: a.orderCode, from: '2026-11-22' })).toEqual([]);
    expect(await ids({ orderCode: a.orderCode, to: '2026-11-20' })).toEqual([]);
    const all = await ids({});
    expect(all.indexOf(b.orderId)).toBeLessThan(all.indexOf(a.orderId));
  });

  it.each([
    [{ from: '2026/11/01' }, '日期格式应为YYYY-MM-DD'],
    [{ from: '2026-02-30' }, '日期格式应为YYYY-MM-DD'],
    [{ from: '2026-11-02', to: '2026-11-01' }, '结束日期不能早于开始日期'],
    [{ circulationState: 9 }, '订单状态有误'],
    [{ payType: 'x' }, '支付方式有误'],
    [{ phone: '1380000' }, '手机号格式有误'],
  ])('refuses %j with "%s"', async (filters, msg) => {
    const staffToken = await staffLoginAs(t, 'caiwu');
    expect((await staffCall(t, searchOrders, filters, { staffToken })).body.msg).toBe(msg);
    expect((await staffCall(t, exportOrders, filters, { staffToken })).body.msg).toBe(msg);
  });

  it('exports the filtered orders as an XLSX workbook', async () => {
    const staffToken = await staffLoginAs(t, 'caiwu');
    const a = await orderInState(t, 3);
    const reply = await staffCall(t, exportOrders, { orderCode: a.orderCode }, { staffToken });
    expect(reply.body.obj).toMatchObject({ fileName: expect.stringMatching(/^订单导出-\d{14}\.xlsx$/), rows: 1 });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(reply.body.obj.base64, 'base64') as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('订单编号');
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe(a.orderCode);
    expect(sheet.getRow(2).getCell(3).value).toBe('待发货');
    const service = await staffLoginAs(t, 'admin');
    expect((await staffCall(t, exportOrders, { orderCode: 'none' }, { staffToken: service })).body.obj.rows).toBe(0);
  });
});

describe('selectStaffOrderDetail', () => {
  it('answers lines, receipts with signed voucher links, parcels and the state log; another platform: not found', async () => {
    const warehouse = await staffLoginAs(t, 'cangku');
    const o = await orderInState(t, 3, { receipt: true });
    const ship = { orderId: o.orderId, parcels: [{ logisticsName: '中通快递', shipperCode: 'ZTO', waybillCode: '638650888018' }] };
    expect((await staffCall(t, shipOrder, ship, { staffToken: warehouse })).body.errorType).toBe('SUCCESS');
    const d = (await staffCall(t, selectStaffOrderDetail, { orderId: o.orderId }, { staffToken: warehouse })).body.obj;
    expect(d).toMatchObject({ id: o.orderId, orderCode: o.orderCode, circulationState: 4, sendState: 1, canClose: false, payments: [], refunds: [] });
    expect(d.lines[0]).toMatchObject({ prodName: '测试商品', buyNum: 1, prodAllMoney: '100.00', isFirstGift: 0 });
    expect(d.parcels).toEqual([expect.objectContaining({ shipperCode: 'ZTO', waybillCode: '638650888018', phone: '95311' })]);
    expect(d.receiptRecords[0].voucherImgUrls[0]).toMatch(/^\/api\/common\/upload\/.+\?exp=\d+&v=s\d+&sig=[0-9a-f]{64}$/);
    expect(d.logs.at(-1)).toMatchObject({ orderState: 4, optName: '发货', optBy: 'staff:cangku' });
    await otherPlatform(o.orderId);
    expect((await staffCall(t, selectStaffOrderDetail, { orderId: o.orderId }, { staffToken: warehouse })).body.msg).toBe('订单不存在');
    expect((await staffCall(t, selectStaffOrderDetail, { orderId: 'x' }, { staffToken: warehouse })).body.msg).toBe('订单不存在');
  });
});

describe('shipOrdersBatch', () => {
  it('ships each order of the file with its rows as parcels, and reports each bad row alone', async () => {
    const staffToken = await staffLoginAs(t, 'cangku');
    const a = await orderInState(t, 3);
    const b = await orderInState(t, 3);
    const c = await orderInState(t, 3);
    const unpaid = await orderInState(t, 1);
    const csv = [
      '订单编号,快递公司编码,运单号,物流公司',
      `${a.orderCode},ZTO,ZT1000000001,`,
      `${a.orderCode},sf,SF1000000002,顺丰速运`,
      `${b.orderCode},YTO,YT1000000003,`,
      `NOPE123,ZTO,ZT1000000004,`,
      `${unpaid.orderCode},ZTO,ZT1000000005,`,
      `${c.orderCode},ZTO,bad waybill!,`,
      '',
      `,ZTO,ZT1000000006,`,
      `${c.orderCode.slice(0, 3)}X,ABC,ZT1000000007,`,
    ].join('\r\n');
    const reply = await uploadShipFile(t, staffToken, '发货.csv', `\uFEFF${csv}`);
    expect(reply).toMatchObject({ errorType: 'SUCCESS', obj: { rows: 8, shippedOrders: 2, failedRows: 5 } });
    expect(reply.objs.map((r: any) => [r.row, r.ok, r.msg])).toEqual([
      [2, true, '发货成功'],
      [3, true, '发货成功'],
      [4, true, '发货成功'],
      [5, false, '订单不存在'],
      [6, false, '订单当前为「待付款」，不能发货'],
      [7, false, '运单号格式有误'],
      [9, false, '请填写订单编号'],
      [10, false, '快递公司编码未知，请填写物流公司'],
    ]);
    expect((await parcelsOf(a.orderId)).map((p) => [p.shipper_code, p.waybill_code, p.logistics_name])).toEqual([
      ['ZTO', 'ZT1000000001', '中通快递'],
      ['SF', 'SF1000000002', '顺丰速运'],
    ]);
    expect(await stateOf(b.orderId)).toBe(4);
    expect(await stateOf(c.orderId)).toBe(3);
    expect(await auditsOf(a.orderId, 'shipOrdersBatch')).toEqual([expect.objectContaining({ staff_name: 'cangku', role: 'warehouse', before_state: '3', after_state: '4' })]);
  });

  it('reads an XLSX file (waybills typed as numbers included)', async () => {
    const staffToken = await staffLoginAs(t, 'cangku');
    const a = await orderInState(t, 3);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('发货');
    sheet.addRow(['订单编号', '物流公司', '快递公司编码', '运单号']);
    sheet.addRow([a.orderCode, '', 'ZTO', 638650888018]);
    const reply = await uploadShipFile(t, staffToken, 'ship.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    expect(reply.objs).toEqual([{ row: 2, orderCode: a.orderCode, ok: true, msg: '发货成功' }]);
    expect((await parcelsOf(a.orderId)).map((p) => p.waybill_code)).toEqual(['638650888018']);
  });

  it.each([
    ['a.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]), '请上传CSV或XLSX格式的发货文件'],
    ['a.xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), '请上传CSV或XLSX格式的发货文件'],
    ['a.csv', Buffer.from(''), '文件中没有发货数据'],
    ['a.csv', Buffer.from('订单编号,快递公司编码,运单号\r\n'), '文件中没有发货数据'],
    ['a.csv', Buffer.from('订单,快递,单号\r\nX,ZTO,ZT1000000001'), '表头应包含：订单编号、快递公司编码、运单号'],
    ['a.csv', Buffer.from(['订单编号,快递公司编码,运单号', ...Array.from({ length: 2001 }, (_, i) => `X${i},ZTO,ZT${1000000000 + i}`)].join('\n')), '一次最多导入2000行，请拆分文件后再上传'],
    ['a.xlsx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), '文件无法读取，请用模板重新填写后上传'],
  ])('refuses %s (%#) with "%s"', async (name, data, msg) => {
    const staffToken = await staffLoginAs(t, 'cangku');
    expect(await uploadShipFile(t, staffToken, name, data)).toMatchObject({ errorType: 'VALIDATION', msg });
  });

  it('reads a CSV saved by Excel on a Chinese Windows (GBK)', async () => {
    const staffToken = await staffLoginAs(t, 'cangku');
    const a = await orderInState(t, 3);
    const gbkHeader = Buffer.from([0xb6, 0xa9, 0xb5, 0xa5, 0xb1, 0xe0, 0xba, 0xc5]); // 订单编号
    const rest = Buffer.from(`,`);
    const header2 = Buffer.from([0xbf, 0xec, 0xb5, 0xdd, 0xb9, 0xab, 0xcb, 0xbe, 0xb1, 0xe0, 0xc2, 0xeb, 0x2c, 0xd4, 0xcb, 0xb5, 0xa5, 0xba, 0xc5]); // 快递公司编码,运单号
    const data = Buffer.concat([gbkHeader, rest, header2, Buffer.from(`\r\n${a.orderCode},ZTO,ZT2000000001\r\n`)]);
    expect((await uploadShipFile(t, staffToken, 'gbk.csv', data)).objs).toEqual([{ row: 2, orderCode: a.orderCode, ok: true, msg: '发货成功' }]);
  });

  it('two uploads shipping the same order at once ship it once', async () => {
    const staffToken = await staffLoginAs(t, 'cangku');
    const other = await staffLoginAs(t, 'admin');
    const a = await orderInState(t, 3);
    const file = (waybill: string) => `订单编号,快递公司编码,运单号\n${a.orderCode},ZTO,${waybill}\n`;
    const replies = await Promise.all([uploadShipFile(t, staffToken, 'a.csv', file('ZT3000000001')), uploadShipFile(t, other, 'b.csv', file('ZT3000000002'))]);
    const rows = replies.map((r) => r.objs[0]);
    expect(rows.filter((r) => r.ok)).toHaveLength(1);
    expect(rows.find((r) => !r.ok).msg).toMatch(/^(订单状态已变化，请刷新后重试|订单当前为「待收货」，不能发货)$/);
    expect(await parcelsOf(a.orderId)).toHaveLength(1);
    expect(await auditsOf(a.orderId, 'shipOrdersBatch')).toHaveLength(1);
  });
});
