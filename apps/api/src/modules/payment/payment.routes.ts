import { chinaTimeText } from '@shop/contract';
import type { Deps } from '../../deps.js';
import type { PaymentFlow } from '../../flows/pay-order.js';
import type { Handlers } from '../../http/context.js';
import * as agents from '../agent/agent.queries.js';
import * as repo from './payment.repository.js';

export function paymentHandlers(deps: Deps, flow: PaymentFlow): Handlers {
  const k = deps.db.kysely;
  const openIdOf = async (agentId: number) => (await agents.findBalances(k, agentId)).open_id;

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
          serverTime: chinaTimeText(deps.clock.now()),
          lineChargeVoucher,
          wechatPending,
        },
      };
    },

    fnSelBaseOfflinePayAccount: async (_in, ctx) => ({
      objs: (await repo.findOfflineAccounts(k, ctx.platId)).map((a) => ({
        id: Number(a.id),
        accountClassify: a.account_classify,
        bankDicName: a.bank_dic_name,
        subBankName: a.sub_bank_name,
        accountName: a.account_name,
        accountNumber: a.account_number,
        qrCodeImgUrl: a.qr_code_img_url,
        isDefault: a.is_default,
      })),
    }),

    fnSelectBaseOfflinePaySet: async (_in, ctx) => ({ objs: [{ lineChargeVoucher: await repo.lineChargeVoucher(k, ctx.platId) }] }),

    orderPayment: async (input, ctx) => {
      const { order, wechat } = await flow.pay(ctx.agentId!, input, await openIdOf(ctx.agentId!));
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
