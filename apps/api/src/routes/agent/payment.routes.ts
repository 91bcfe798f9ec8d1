import { chinaTimeText, PAY_METHOD } from '@shop/contract';
import type { PaymentFlow } from '../../flows/payment/pay-order.js';
import type { Handlers } from '../../http/context.js';
import type { PaymentReads } from '../../modules/payment/payment-reads.service.js';

export function paymentHandlers(reads: PaymentReads, flow: PaymentFlow, now: () => Date): Handlers {
  const { openIdOf } = reads;

  return {
    selectOrderPayInfo: async (input, ctx) => {
      const { order, situation: s, lineChargeVoucher, wechatPending } = await flow.info(ctx.agentId!, input.id);
      return {
        obj: {
          id: Number(order.id),
          orderCode: order.order_code,
          circulationState: order.circulation_state,
          totalMoney: order.total_money,
          postMoney: order.post_money,
          actualMoney: order.actual_money,
          isCanState: s.state,
          goodsPayMoney: s.fromBalance,
          outstanding: s.outstanding,
          shortfall: s.shortfall,
          lastStore: s.balances.last_store,
          laveIncome: s.balances.lave_income,
          methods: s.methods,
          payDeadline: order.pay_deadline ? chinaTimeText(order.pay_deadline) : '',
          serverTime: chinaTimeText(now()),
          lineChargeVoucher,
          wechatPending,
        },
      };
    },

    fnSelBaseOfflinePayAccount: async (_in, ctx) => ({ objs: await reads.offlineAccounts(ctx.platId) }),

    fnSelectBaseOfflinePaySet: async (_in, ctx) => ({ objs: [{ lineChargeVoucher: await reads.lineChargeVoucher(ctx.platId) }] }),

    orderPayment: async (input, ctx) => {
      // Only a WeChat payment needs the bound openId: the other methods do not read the agent's row for it.
      const openId = input.payType === PAY_METHOD.wechat ? await openIdOf(ctx.agentId!) : null;
      const { order, wechat } = await flow.pay(ctx.agentId!, input, openId);
      return {
        obj: {
          id: Number(order.id),
          orderCode: order.order_code,
          circulationState: order.circulation_state,
          payType: order.pay_type,
          actualMoney: order.actual_money,
          wechat: wechat && { ...wechat, packageValue: wechat.package },
        },
        ...(wechat ? { msg: '请完成微信支付' } : {}),
      };
    },

    orderPrePay: async (input, ctx) => {
      const { wechat } = await flow.prepay(ctx.agentId!, input.orderId, await openIdOf(ctx.agentId!));
      return { obj: { ...wechat!, packageValue: wechat!.package } };
    },
  };
}
