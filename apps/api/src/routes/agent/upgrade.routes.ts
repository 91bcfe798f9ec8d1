import { PAID_UNDER_REVIEW_TEXT } from '@shop/contract';
import type { RechargeFlow } from '../../flows/payment/recharge.js';
import type { Handlers } from '../../http/context.js';
import type { UpgradeService } from '../../modules/upgrade/upgrade.service.js';

const submitted = (r: { id: number; rechargeCode: string; checkState: number; payType: number; rechargeMoney: number }) => ({ obj: r });

/** spec 3 §7 Upgrade calls; identity from the session only. */
export function upgradeHandlers(service: UpgradeService, flow: RechargeFlow): Handlers {
  return {
    selAgentUpgradeApplyInfo: (_in, ctx) => service.info(ctx.agentId!),
    selectAgentGradeNewByPlatId: (_in, ctx) => service.grades(ctx.platId),
    selBaseOfflinePayAccount: (_in, ctx) => service.offlineAccounts(ctx.platId),
    submitApplicationsForPersonal: async (input, ctx) => {
      const r = await flow.submit(ctx.agentId!, input);
      return { ...submitted(r), ...(r.payType === 2 ? { msg: '请完成微信支付' } : {}) };
    },
    agentLevelUpApply: async (input, ctx) => submitted(await flow.levelUp(ctx.agentId!, input.agentUpgradeApplyInfoBo?.newGradeId ?? input.newGradeId)),
    storePrePay: async (input, ctx) => {
      const p = await flow.prepay(ctx.agentId!, input.rechargeId);
      return { obj: { ...p, packageValue: p.package } };
    },
    wxPayFailCallBack: async (input, ctx) => {
      const a = await flow.failed(ctx.agentId!, input.id);
      return { obj: { id: Number(a.id), checkState: a.check_state, paid: a.paid }, msg: a.paid ? PAID_UNDER_REVIEW_TEXT : '已取消支付' };
    },
    wxPaySuccessCallBack: (input, ctx) => service.readBack(ctx.agentId!, input.serialNumber),
    chargeRechargeAudit: (input, ctx) => service.records(ctx.agentId!, input.checkState ?? null, input.phonePage),
  };
}
