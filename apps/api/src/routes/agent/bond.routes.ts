import type { BondFlow } from '../../flows/payment/bond.js';
import type { Handlers } from '../../http/context.js';
import type { BondService } from '../../modules/bond/bond.service.js';

/** spec 3 §7 deposit calls; identity from the session only. */
export function bondHandlers(service: BondService, flow: BondFlow): Handlers {
  return {
    bondMoneyInit: async (_in, ctx) => {
      const s = await flow.standing(ctx.agentId!);
      return {
        obj: {
          bondMoney: s.held,
          gradeName: s.grade.grade_name,
          bondStatus: s.status,
          ruleBondMoney: s.rule,
          gradeBond: s.due,
          bondStatusFlg: Number(s.open?.check_state === 0),
          returnBondCheckState: Number(!!s.refund),
          excessBondMoney: s.excess,
          isNeedBondStatus: s.agent.is_need_bond_status,
          agentStatus: s.agent.agent_status,
          laveIncome: s.balances.lave_income,
          checkRemark: s.latest?.check_state === 2 ? s.latest.check_remark : '',
        },
      };
    },
    returnBondMoneyReject: async (_in, ctx) => ({ obj: await flow.withdrawRefund(ctx.agentId!) }),
    selectPayWay: (_in, ctx) => service.payWays(ctx.platId),
    selectBaseOfflinePayAccountByApgId: (_in, ctx) => service.receivingAccounts(ctx.platId),
    payBondManageByWxPayBefore: async (input, ctx) => ({ obj: await flow.pay(ctx.agentId!, input, true), msg: '请完成微信支付' }),
    bondPrePay: async (input, ctx) => {
      const p = await flow.prepay(ctx.agentId!, input.attach);
      return { obj: { ...p, packageValue: p.package } };
    },
    payBondManage: async (input, ctx) => ({ obj: await flow.pay(ctx.agentId!, input, false) }),
    applyWithdrawalBondInit: async (input, ctx) => {
      const obj = await flow.refundInit(ctx.agentId!, input.bondReturnType ?? 1);
      return { obj, msg: obj.confirmMsg };
    },
    withdrawalBondManage: async (input, ctx) => ({ obj: await flow.applyRefund(ctx.agentId!, input) }),
    selectBondDetail: (input, ctx) => service.payRecords(ctx.agentId!, input.checkState, input.phonePage),
    selectReturnBondDetail: (input, ctx) => service.returnRecords(ctx.agentId!, input.checkState, input.phonePage),
    wxPaySuccessCallBackByBond: (input, ctx) => service.readBack(ctx.agentId!, input.serialNumber),
  };
}
