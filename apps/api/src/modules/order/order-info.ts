import { chinaTimeText } from '@shop/contract';
import type { OrderRow } from '../../db/schema.js';

/**
 * The fields every wire shape of an order shares (saveOrderInfo, the order list and detail, the staff review), money
 * still in fen: the one place an order row's columns get their wire names.
 */
export function toOrderBase(o: OrderRow) {
  return {
    id: Number(o.id),
    orderCode: o.order_code,
    orderType: o.order_type,
    payType: o.pay_type,
    circulationState: o.circulation_state,
    actualMoney: Number(o.actual_money),
    totalMoney: Number(o.total_money),
    postMoney: Number(o.post_money),
    pointBalanceMoney: Number(o.point_balance_money),
    actualPoint: o.actual_point,
    createDate: chinaTimeText(o.created_at),
  };
}

/** An order row as saveOrderInfo answers it (contract orderInfo). */
export function toOrderInfo(o: OrderRow) {
  return { ...toOrderBase(o), balancePoint: o.balance_point, isUpSendPost: o.is_up_send_post };
}
