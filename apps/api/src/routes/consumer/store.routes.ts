import type { Handlers } from '../../http/context.js';
import type { ConsumerService } from '../../modules/store/consumer.service.js';
import { AppError } from '../../lib/errors.js';

const notYet = async (): Promise<never> => {
  throw new AppError('VALIDATION', '店铺功能即将开放，请稍后再试');
};

/** The store's consumer operations (ADR 0038). */
export function consumerStoreHandlers(consumers: ConsumerService): Handlers {
  return {
    consumerLogin: async (input, ctx) => ({ obj: await consumers.login(ctx.platId, input.code) }),
    selConsumerInfo: async (_input, ctx) => ({ obj: await consumers.info(ctx.consumerId!) }),
    consumerSendSmsCode: async (input, ctx) => {
      await consumers.sendCode(ctx.platId, input.phone);
      return {};
    },
    consumerConfirmPhone: async (input, ctx) => ({ obj: await consumers.confirmPhone(ctx.consumerId!, ctx.platId, input.phone, input.smsCode) }),
    selStoreHome: notYet,
    selStoreProduct: notYet,
    saveStoreOrder: notYet,
    storeOrderPrePay: notYet,
    selConsumerOrders: notYet,
    selConsumerOrder: notYet,
    consumerReceiveOrder: notYet,
    consumerCancelOrder: notYet,
    selShopOrderInfoBySerialNumber: notYet,
    selMyStore: notYet,
    saveMyStore: notYet,
    selMyStoreProducts: notYet,
    saveMyStoreProducts: notYet,
    selMyStoreOrders: notYet,
    staffSelStoreSwitches: notYet,
    staffSaveGradeStore: notYet,
    staffSelAgentStore: notYet,
    staffSaveAgentStore: notYet,
    staffSelRetailBands: notYet,
    staffSaveRetailBand: notYet,
    staffSelStoreOrders: notYet,
    staffShipStoreOrder: notYet,
    staffRefundStoreOrder: notYet,
  };
}
