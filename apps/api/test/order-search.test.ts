import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { exportOrders, refundWechatPayment, searchOrders, shipOrder } from '@shop/contract';
import { useTestApp } from './helpers/app.js';
import { orderInState, staffCall, staffLoginAs } from './helpers/staff-fixture.js';
import { paymentRow, payByWechat, placeWechatOrder, sandboxOf, setGoodsFund, wechatBuyer, wechatOf } from './helpers/wechatpay-fixture.js';

/** ADR 0035: the console finds an order by what the caller knows, and the export says how it was paid and sent. */
const t = useTestApp();
let serial = 0;
/** A text no other test's order carries (the search filters match parts). */
const unique = (prefix: string) => `${prefix}${process.pid % 1000}${(serial += 1)}${Math.floor(Math.random() * 1000)}`;

const ids = async (staffToken: string, filters: Record<string, unknown>) => {
  const reply = await staffCall(t, searchOrders, { phonePage: { pageNum: 1, pageSize: 50 }, ...filters }, { staffToken });
  if (reply.body.errorType !== 'SUCCESS') throw new Error(reply.text);
  return reply.body.objs.map((o: any) => o.id as number).sort((x: number, y: number) => x - y);
};

describe('searchOrders: the new filters', () => {
  it('finds by part of the code, the agent’s name or phone, the receiver’s name or phone, the waybill and the pay dates', async () => {
    const staffToken = await staffLoginAs(t, 'cangku');
    const agentName = unique('搜代');
    const receiverName = unique('收货');
    const receiverPhone = `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const a = await orderInState(t, 3, { patch: { create_agent_name: agentName, receiver_name: receiverName, receiver_phone: receiverPhone, pay_date: '2025-03-15T02:00:00.000Z' } });
    const b = await orderInState(t, 3, { patch: { create_agent_name: agentName, pay_date: '2025-03-16T17:00:00.000Z' } });
    const waybill = unique('YT').toUpperCase();
    expect((await staffCall(t, shipOrder, { orderId: b.orderId, parcels: [{ logisticsName: '圆通速递', shipperCode: 'YTO', waybillCode: waybill }] }, { staffToken })).body.errorType).toBe('SUCCESS');

    expect(await ids(staffToken, { agent: agentName })).toEqual([a.orderId, b.orderId]);
    expect(await ids(staffToken, { agent: agentName.slice(1), orderCode: a.orderCode.slice(3) })).toEqual([a.orderId]);
    expect(await ids(staffToken, { agent: agentName, phone: undefined, receiver: receiverName.slice(2) })).toEqual([a.orderId]);
    expect(await ids(staffToken, { receiver: receiverPhone.slice(3) })).toEqual([a.orderId]);
    expect(await ids(staffToken, { agent: '13800000001', receiver: receiverPhone })).toEqual([a.orderId]);
    // The waybill: part of it, whatever the case typed.
    expect(await ids(staffToken, { waybill: waybill.slice(1).toLowerCase() })).toEqual([b.orderId]);
    // Pay dates in China time, both days included: 03-15 10:00 and 03-17 01:00 in China.
    expect(await ids(staffToken, { agent: agentName, payFrom: '2025-03-15', payTo: '2025-03-15' })).toEqual([a.orderId]);
    expect(await ids(staffToken, { agent: agentName, payFrom: '2025-03-16', payTo: '2025-03-16' })).toEqual([]);
    expect(await ids(staffToken, { agent: agentName, payFrom: '2025-03-17' })).toEqual([b.orderId]);
    expect(await ids(staffToken, { agent: agentName, payTo: '2025-03-16' })).toEqual([a.orderId]);
    // Wildcards are text, not patterns.
    expect(await ids(staffToken, { agent: '%' })).toEqual([]);
    expect(await ids(staffToken, { receiver: '_' })).toEqual([]);
  });

  it.each([
    [{ payFrom: '2026-11-02', payTo: '2026-11-01' }, '结束日期不能早于开始日期'],
    [{ payFrom: '2026/11/01' }, '日期格式应为YYYY-MM-DD'],
    [{ agent: 'x'.repeat(33) }, '搜索内容不能超过32个字'],
    [{ waybill: 'x'.repeat(41) }, '运单号不能超过40位'],
  ])('refuses %j with "%s"', async (filters, msg) => {
    const staffToken = await staffLoginAs(t, 'caiwu');
    expect((await staffCall(t, searchOrders, filters, { staffToken })).body.msg).toBe(msg);
    expect((await staffCall(t, exportOrders, filters, { staffToken })).body.msg).toBe(msg);
  });
});

/** The export's cells of one order, by header. */
async function exportedRow(staffToken: string, filters: Record<string, unknown>) {
  const reply = await staffCall(t, exportOrders, filters, { staffToken });
  expect(reply.body.obj.rows).toBe(1);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(reply.body.obj.base64, 'base64') as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
  const values = (sheet.getRow(2).values as unknown[]).slice(1);
  return Object.fromEntries(headers.map((h, i) => [h, values[i] ?? '']));
}

describe('exportOrders: pay split, waybills, gifts and refunds', () => {
  it('writes each pay part, the waybills, gift lines marked, and 0 refunded when nothing was', async () => {
    const staffToken = await staffLoginAs(t, 'cangku');
    // The balance parts (goods fund, total score) must match the ledger; the others are set as a payment would.
    const o = await orderInState(t, 3, { patch: { offline_pay_money: 2_000, other_actual_money: 1_000, point_balance_money: 500, balance_point: 50 } });
    const [line] = await t.db.kysely.selectFrom('order_lines').selectAll().where('order_id', '=', o.orderId).execute();
    await t.db.kysely.insertInto('order_lines').values({ ...line!, id: undefined, prod_name: '赠品小样', is_first_gift: 1, prod_all_money: 0 } as any).execute();
    await staffCall(t, shipOrder, { orderId: o.orderId, parcels: [{ logisticsName: '中通快递', shipperCode: 'ZTO', waybillCode: 'ZT5550001' }, { logisticsName: '顺丰速运', shipperCode: 'SF', waybillCode: 'SF5550002' }] }, { staffToken });
    const row = await exportedRow(staffToken, { orderCode: o.orderCode });
    expect(row).toMatchObject({ '货款支付（元）': 0, '总分支付（元）': 0, '微信支付（元）': 10, '线下支付（元）': 20, '积分抵扣（元）': 5, 抵扣积分: 50, '已退款（元）': 0 });
    expect(row['运单']).toBe('中通快递 ZT5550001；顺丰速运 SF5550002');
    expect(row['商品']).toContain(`【赠品】赠品小样`);
    expect(row['商品']).toContain(line!.prod_name);
    expect(row['商品']).not.toContain(`【赠品】${line!.prod_name}`);
  });

  it('writes the WeChat part and what the WeChat refund returned', async () => {
    const buyer = await wechatBuyer(t, '13800000001');
    await setGoodsFund(t, buyer.agentId, 0);
    const order = await placeWechatOrder(t, buyer, 9_900);
    const { outTradeNo } = await payByWechat(t, buyer, order.id);
    sandboxOf(t).markPaid(outTradeNo, t.clock.now());
    expect(await wechatOf(t).settle({ outTradeNo, transactionId: `tx-${outTradeNo}`, amountFen: order.actualMoney })).toBe('paid');
    const payment = await paymentRow(t, outTradeNo);
    await t.db.kysely.updateTable('orders').set({ circulation_state: 6 }).where('id', '=', order.id).execute();
    const finance = await staffLoginAs(t, 'caiwu');
    expect((await staffCall(t, refundWechatPayment, { paymentId: Number(payment.id), reason: '已关闭' }, { staffToken: finance })).body.msg).toBe('退款已提交');
    const code = (await t.db.kysely.selectFrom('orders').select('order_code').where('id', '=', order.id).executeTakeFirstOrThrow()).order_code;
    const row = await exportedRow(finance, { orderCode: code });
    expect(row['已退款（元）']).toBe(payment.amount / 100);
    expect(row['微信支付（元）']).toBe(payment.amount / 100);
    expect(row['货款支付（元）']).toBe(0);
  });
});
