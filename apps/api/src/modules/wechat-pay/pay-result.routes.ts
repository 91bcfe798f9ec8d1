import { chinaTimeText } from '@shop/contract';
import type { Deps } from '../../deps.js';
import type { Handlers } from '../../http/context.js';
import { AppError } from '../../lib/errors.js';
import * as repo from './wechat-pay.repository.js';

/** spec 2 §7 selOrderInfoBySerialNumber: DD orders by out_trade_no or order code. VD/HK/HG serials name no order here. */
export function payResultHandlers(deps: Deps): Handlers {
  return {
    selOrderInfoBySerialNumber: async (input: { serialNumber: string }, ctx) => {
      const found = await repo.findOrderBySerial(deps.db.kysely, ctx.agentId!, input.serialNumber);
      if (!found) throw new AppError('RECORD_NOT_FOUND', '订单不存在');
      const { order: o, payment } = found;
      return {
        obj: {
          id: Number(o.id),
          orderCode: o.order_code,
          orderType: o.order_type,
          payType: o.pay_type,
          circulationState: o.circulation_state,
          payState: o.pay_state,
          actualMoney: o.actual_money,
          goodsPayMoney: o.goods_pay_money,
          otherActualMoney: o.other_actual_money,
          offlinePayMoney: o.offline_pay_money,
          payDate: o.pay_date ? chinaTimeText(o.pay_date) : null,
          wxPayState: payment?.state ?? null,
          wxPayMoney: payment?.amount ?? null,
        },
      };
    },
  };
}
