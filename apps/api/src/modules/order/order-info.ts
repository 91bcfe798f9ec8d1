import { chinaTimeText } from '@shop/contract';
import type { OrderRow } from '../../db/schema.js';

/** An order row as saveOrderInfo answers it (contract orderInfo), money still in fen. */
export function toOrderInfo(o: OrderRow) {
  return {
    id: Number(o.id),
    orderCode: o.order_code,
    orderType: o.order_type,
    payType: o.pay_type,
    circulationState: o.circulation_state,
    actualMoney: o.actual_money,
    totalMoney: o.total_money,
    postMoney: o.post_money,
    pointBalanceMoney: o.point_balance_money,
    balancePoint: o.balance_point,
    actualPoint: o.actual_point,
    isUpSendPost: o.is_up_send_post,
    createDate: chinaTimeText(o.created_at),
  };
}
