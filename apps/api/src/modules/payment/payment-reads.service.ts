import { chinaTimeText } from '@shop/contract';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { findBalances } from '../agent/agent.queries.js';
import { findOrderBySerial } from './pay-result.repository.js';
import { toOfflineAccount } from './offline-account.js';
import { findOfflineAccounts, lineChargeVoucher } from './payment.repository.js';

/** What the pay page and the pay-result page read (spec 2 §6–§7): the routes ask here, never the repositories. */
export function createPaymentReads({ db }: Deps) {
  const k = db.kysely;
  return {
    /** The agent's WeChat openId for a JSAPI prepay (null before it was bound). */
    openIdOf: async (agentId: number) => (await findBalances(k, agentId)).open_id,

    async offlineAccounts(platId: string) {
      return (await findOfflineAccounts(k, platId)).map(toOfflineAccount);
    },

    lineChargeVoucher: (platId: string) => lineChargeVoucher(k, platId),

    /** spec 2 §7 selOrderInfoBySerialNumber: DD orders by out_trade_no or order code. VD/HK/HG serials name no order here. */
    async orderBySerial(agentId: number, serialNumber: string) {
      const found = await findOrderBySerial(k, agentId, serialNumber);
      if (!found) throw new AppError('RECORD_NOT_FOUND', '订单不存在');
      const { order: o, payment } = found;
      return {
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
      };
    },
  };
}
export type PaymentReads = ReturnType<typeof createPaymentReads>;
