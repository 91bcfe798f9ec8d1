import ExcelJS from 'exceljs';
import { chinaTimeText, CONSOLE_ORDER_MESSAGES as M, EXPORT_MAX_ROWS, fenToYuan, ORDER_PAY_TYPE_TEXT, ORDER_STATE_TEXT } from '@shop/contract';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { parcelsOfOrders } from '../logistics/logistics.queries.js';
import * as orders from '../order/order.queries.js';
import { refundedByOrder } from '../payment/payment.queries.js';
import { refundRepo } from '../refund/refund.queries.js';
import type { StaffActor } from './staff-actor.js';
import { linesByOrder, toOrderFilter, toSearchRow, type ConsoleFilters } from './orders-search.service.js';

const yuan = (fen: number) => Number(fenToYuan(fen));

const COLUMNS: { header: string; key: string; width: number; numFmt?: string }[] = [
  { header: '订单编号', key: 'orderCode', width: 24 },
  { header: '下单时间', key: 'createDate', width: 20 },
  { header: '订单状态', key: 'state', width: 12 },
  { header: '支付方式', key: 'payType', width: 16 },
  { header: '实付金额（元）', key: 'actualMoney', width: 14, numFmt: '0.00' },
  { header: '商品金额（元）', key: 'totalMoney', width: 14, numFmt: '0.00' },
  { header: '运费（元）', key: 'postMoney', width: 12, numFmt: '0.00' },
  { header: '支付时间', key: 'payDate', width: 20 },
  { header: '代理商', key: 'agent', width: 12 },
  { header: '代理商手机', key: 'agentTel', width: 14 },
  { header: '收货人', key: 'receiver', width: 12 },
  { header: '收货电话', key: 'receiverPhone', width: 14 },
  { header: '收货地址', key: 'address', width: 40 },
  { header: '商品', key: 'lines', width: 40 },
  // ADR 0035: how it was paid, part by part; the parcels; what was refunded.
  { header: '货款支付（元）', key: 'goodsPay', width: 14, numFmt: '0.00' },
  { header: '总分支付（元）', key: 'awardPay', width: 14, numFmt: '0.00' },
  { header: '微信支付（元）', key: 'wechatPay', width: 14, numFmt: '0.00' },
  { header: '线下支付（元）', key: 'offlinePay', width: 14, numFmt: '0.00' },
  { header: '积分抵扣（元）', key: 'pointsPay', width: 14, numFmt: '0.00' },
  { header: '抵扣积分', key: 'pointsUsed', width: 10 },
  { header: '运单', key: 'waybills', width: 32 },
  { header: '已退款（元）', key: 'refunded', width: 14, numFmt: '0.00' },
];

/** exportOrders (ADR 0020): the filtered list, newest first, as an XLSX workbook (base64 in the envelope). */
export async function exportOrdersXlsx(deps: Deps, actor: Pick<StaffActor, 'platId' | 'staffId'>, filters: ConsoleFilters) {
  const k = deps.db.kysely;
  const f = toOrderFilter(actor.platId, filters);
  const total = await orders.countOrders(k, f);
  if (total > EXPORT_MAX_ROWS) throw new AppError('VALIDATION', M.exportTooMany);
  const rows = await orders.searchOrderRows(k, f, EXPORT_MAX_ROWS, 0);
  const ids = rows.map((o) => Number(o.id));
  const [lines, parcels, wechatRefunded, staffRefunded] = await Promise.all([linesByOrder(k, ids), parcelsOfOrders(k, ids), refundedByOrder(k, ids), refundRepo.refundedOfOrders(k, ids)]);

  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('订单');
  sheet.columns = COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width, style: c.numFmt ? { numFmt: c.numFmt } : {} }));
  sheet.getRow(1).font = { bold: true };
  for (const o of rows) {
    const r = toSearchRow(o);
    sheet.addRow({
      orderCode: r.orderCode,
      createDate: r.createDate,
      state: ORDER_STATE_TEXT[r.circulationState] ?? String(r.circulationState),
      payType: ORDER_PAY_TYPE_TEXT[r.payType] ?? String(r.payType),
      actualMoney: yuan(r.actualMoney),
      totalMoney: yuan(r.totalMoney),
      postMoney: yuan(r.postMoney),
      payDate: r.payDate ?? '',
      agent: r.createAgentName,
      agentTel: r.createAgentTel,
      receiver: r.receiverName,
      receiverPhone: r.receiverPhone,
      address: r.receiverFullAddress,
      // A gift line (is_first_gift) is marked, so a clerk does not read it as sold (ADR 0035).
      lines: (lines.get(r.id) ?? [])
        .map((l) => `${l.is_first_gift ? '【赠品】' : ''}${l.prod_name}${l.spec_disp_str ? `（${l.spec_disp_str}）` : ''}×${l.buy_num}`)
        .join('；'),
      goodsPay: yuan(Number(o.goods_pay_money)),
      awardPay: yuan(Number(o.award_pay_money)),
      wechatPay: yuan(Number(o.other_actual_money)),
      offlinePay: yuan(Number(o.offline_pay_money)),
      pointsPay: yuan(Number(o.point_balance_money)),
      pointsUsed: o.balance_point,
      waybills: (parcels.get(r.id) ?? []).map((p) => `${p.logistics_name} ${p.waybill_code}`).join('；'),
      refunded: yuan((wechatRefunded.get(r.id) ?? 0) + (staffRefunded.get(r.id) ?? 0)),
    });
  }
  const data = Buffer.from(await book.xlsx.writeBuffer());
  const stamp = chinaTimeText(deps.clock.now()).replace(/[-: ]/g, '').slice(0, 14);
  return { obj: { fileName: `订单导出-${stamp}.xlsx`, base64: data.toString('base64'), rows: rows.length } };
}
