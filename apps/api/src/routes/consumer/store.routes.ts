import { PAY_KINDS, STORE_ORDER_STATE_TEXT, chinaTimeText } from '@shop/contract';
import type { Handlers } from '../../http/context.js';
import type { StoreOrders } from '../../flows/store-orders.js';
import type { ConsumerService, StoreService } from '../../modules/store/store.queries.js';

/** The store's consumer operations (ADR 0038): header consumerToken, the consumer's own orders only. */
export function consumerStoreHandlers(consumers: ConsumerService, store: StoreService, orders: StoreOrders): Handlers {
  const phoneOf = async (consumerId: number) => (await consumers.get(consumerId)).phone;
  return {
    selConsumerInfo: async (_input, ctx) => ({ obj: await consumers.info(ctx.consumerId!) }),
    consumerSendSmsCode: async (input, ctx) => {
      await consumers.sendCode(ctx.platId, input.phone);
      return {};
    },
    consumerConfirmPhone: async (input, ctx) => ({ obj: await consumers.confirmPhone(ctx.consumerId!, ctx.platId, input.phone, input.smsCode) }),
    saveStoreOrder: async (input, ctx) => ({ obj: await orders.checkout(ctx.consumerId!, input) }),
    storeOrderPrePay: async (input, ctx) => {
      const s = await orders.prepay(ctx.consumerId!, input.id);
      return { obj: { appId: s.appId, timeStamp: s.timeStamp, nonceStr: s.nonceStr, packageValue: s.package, signType: s.signType, paySign: s.paySign, outTradeNo: s.outTradeNo } };
    },
    selConsumerOrders: async (input, ctx) => store.consumerOrders(ctx.consumerId!, await phoneOf(ctx.consumerId!), input.state, input.phonePage),
    selConsumerOrder: async (input, ctx) => ({ obj: await store.consumerOrder(ctx.consumerId!, await phoneOf(ctx.consumerId!), input.id) }),
    consumerReceiveOrder: async (input, ctx) => {
      await orders.consumerReceive(ctx.consumerId!, input.id);
      return {};
    },
    consumerCancelOrder: async (input, ctx) => {
      await orders.consumerCancel(ctx.consumerId!, input.id);
      return {};
    },
    selShopOrderInfoBySerialNumber: async (input, ctx) => {
      const { r, payment } = await orders.bySerial(ctx.consumerId!, input.serialNumber.trim());
      return {
        obj: {
          id: Number(r.id),
          orderCode: r.order_code,
          payKind: 'VD',
          payKindText: PAY_KINDS.VD,
          circulationState: r.state,
          stateText: STORE_ORDER_STATE_TEXT[r.state] ?? '',
          payState: r.pay_state,
          actualMoney: Number(r.actual_money),
          payDate: r.pay_date ? chinaTimeText(r.pay_date) : null,
          wxPayState: payment ? payment.state : null,
          wxPayMoney: payment ? Number(payment.amount) : null,
          shopId: Number(r.store_id),
        },
      };
    },
  };
}
