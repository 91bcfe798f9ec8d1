import { useNavigate } from 'react-router';
import { PAY_METHOD_TYPE } from '@shop/contract/pay-codes';
import { ACCOUNT_PAY_OUTCOME_TEXT as PAY_OUTCOME_TEXT } from '@shop/contract/pay-result';
import { PAID_UNDER_REVIEW_TEXT, RECHARGE_PAY_TYPE, selAgentUpgradeApplyInfo, storePrePay, submitApplicationsForPersonal, wxPayFailCallBack } from '@shop/contract/upgrade';
import { offlinePayload, type OfflineValues } from '../../components/offline-pay-form.js';
import { ApiError, call } from '../../lib/api.js';
import { useIntentKey } from '../../lib/idempotency.js';
import { payResultUrl } from '../../lib/pay-result.js';
import { useOpMutation } from '../../lib/query.js';
import { toast } from '../../lib/toast.js';
import { wechatBridge } from '../../lib/wechat-bridge.js';

/** spec 3 §9: the screen offers the pay methods (PAY_METHOD_TYPE) WeChat, total score and offline; goods fund never. */
export type ScreenPayType = typeof PAY_METHOD_TYPE.wechat | typeof PAY_METHOD_TYPE.income | typeof PAY_METHOD_TYPE.offline;
const SUBMITTED: Record<ScreenPayType, 1 | 2 | 3> = {
  [PAY_METHOD_TYPE.wechat]: RECHARGE_PAY_TYPE.wechat,
  [PAY_METHOD_TYPE.income]: RECHARGE_PAY_TYPE.income,
  [PAY_METHOD_TYPE.offline]: RECHARGE_PAY_TYPE.offline,
};

export interface Plan {
  amount: string;
  newGradeId?: number;
  firstTopUp: boolean;
}

/**
 * spec 3 §4 Submission outcome: a submitted application goes back two pages (past /upgrade, to where the agent came
 * from), a refusal back one (to /upgrade, which reloads). A shorter history goes back as far as it can, else to /upgrade.
 */
function useBackFromOffline() {
  const navigate = useNavigate();
  return (pages: 1 | 2) => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    const steps = Math.min(pages, idx);
    if (steps > 0) navigate(-steps);
    else navigate('/upgrade', { replace: true });
  };
}

/**
 * Submits the top-up / upgrade application. Answers a wrong password's message for the password sheet; every other
 * outcome is toasted and goes back (spec 3 §4) or, WeChat paid, to the result page.
 */
export function useSubmitUpgrade() {
  const back = useBackFromOffline();
  const navigate = useNavigate();
  const submit = useOpMutation(submitApplicationsForPersonal, { quiet: true, invalidates: [selAgentUpgradeApplyInfo] });
  const intent = useIntentKey();

  async function payByWechat(id: number, code: string, amount: string) {
    // spec 3 §4: cancel, failure or a refused prepay send the failure callback; the application id is forgotten.
    // ADR 0025: the callback says what happened; a payment that went through anyway is paid and under review.
    const giveUp = async (message: string) => {
      const reply = await call(wxPayFailCallBack, { id }, { background: true, quiet: true }).catch(() => null);
      if (!reply?.obj.paid) return void toast(message);
      toast(reply.msg || PAID_UNDER_REVIEW_TEXT, 2000, { keep: true });
      navigate(payResultUrl({ payResult: 1, actualMoney: amount, outTradeNo: code, prePath: '/upgrade' }), { replace: true });
    };
    let params;
    try {
      params = (await call(storePrePay, { rechargeId: id }, { quiet: true })).obj;
    } catch (err) {
      return void (await giveUp(err instanceof ApiError ? err.message : PAY_OUTCOME_TEXT.fail));
    }
    const outcome = await wechatBridge.pay(params, { amount });
    if (outcome !== 'ok') return void (await giveUp(PAY_OUTCOME_TEXT[outcome]));
    toast(PAY_OUTCOME_TEXT.ok);
    navigate(payResultUrl({ payResult: 1, actualMoney: amount, outTradeNo: code, prePath: '/upgrade' }), { replace: true });
  }

  return async function submitUpgrade(plan: Plan, screenType: ScreenPayType, offline: OfflineValues, payPassword?: string): Promise<string | void> {
    const payType = SUBMITTED[screenType];
    try {
      const content = {
        rechargeMoney: plan.amount,
        payType,
        newGradeId: plan.newGradeId,
        agentUpgradeApplyInfoBo: plan.newGradeId ? { newGradeId: plan.newGradeId } : undefined,
        rechargeType: plan.firstTopUp ? undefined : 1,
        rechargeWay: '0',
        ...(payType === RECHARGE_PAY_TYPE.offline ? offlinePayload(offline) : {}),
      };
      // ADR 0023: a retry of this application carries the same key; changed content is another application.
      const reply = await submit.mutateAsync({ ...content, payPassword, idempotencyKey: intent.for(content) });
      intent.done();
      if (payType === RECHARGE_PAY_TYPE.wechat) return void (await payByWechat(reply.obj.id, reply.obj.rechargeCode, plan.amount));
      toast(reply.msg || '提交成功，等待审核', 2000, { keep: true });
      setTimeout(() => back(2), 1000);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'PAY_PASSWORD_WRONG') return err.message;
      if (err instanceof ApiError && err.status === 200) {
        // spec 3 §8: a failed upgrade submission goes back one page, where the upgrade info reloads.
        toast(err.message, 2000, { keep: true });
        back(1);
      }
      throw err;
    }
  };
}
