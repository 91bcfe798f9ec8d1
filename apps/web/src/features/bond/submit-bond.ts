import { useNavigate } from 'react-router';
import { ACCOUNT_PAY_OUTCOME_TEXT as PAY_OUTCOME_TEXT } from '@shop/contract/pay-result';
import { BOND_PAY_TYPE, bondMoneyInit, bondPrePay, payBondManage, payBondManageByWxPayBefore, selectBondDetail } from '@shop/contract/bond';
import { offlinePayload, type OfflineValues } from '../../components/offline-pay-form.js';
import { ApiError, call } from '../../lib/api.js';
import { useIntentKey } from '../../lib/idempotency.js';
import { payResultUrl } from '../../lib/pay-result.js';
import { useOpMutation } from '../../lib/query.js';
import { toast } from '../../lib/toast.js';
import { wechatBridge } from '../../lib/wechat-bridge.js';

type Outcome = 'submitted' | 'paid' | 'not-paid' | { refusal: string };

/**
 * Submits the deposit payment: offline and total score through payBondManage, WeChat through the application first
 * (payBondManageByWxPayBefore) and bondPrePay. A wrong password answers its message for the sheet; other refusals are
 * toasted and thrown (the screen re-enables submission).
 */
export function useSubmitBond() {
  const navigate = useNavigate();
  const invalidates = [bondMoneyInit, selectBondDetail];
  const direct = useOpMutation(payBondManage, { quiet: true, invalidates });
  const before = useOpMutation(payBondManageByWxPayBefore, { quiet: true, invalidates });
  const intent = useIntentKey();

  return async function submitBond(bondMoney: string, payType: (typeof BOND_PAY_TYPE)[keyof typeof BOND_PAY_TYPE], offline: OfflineValues, payPassword?: string): Promise<Outcome> {
    const content = { bondMoney, payType, ...(payType === BOND_PAY_TYPE.offline ? offlinePayload(offline) : {}) };
    // ADR 0023: a retry of this payment carries the same key; another amount, method or voucher is another payment.
    const input = { ...content, payPassword, idempotencyKey: intent.for(content) };
    try {
      if (payType !== BOND_PAY_TYPE.wechat) {
        const reply = await direct.mutateAsync(input);
        intent.done();
        toast(reply.msg || '提交成功，等待审核', 2000, { keep: true });
        return 'submitted';
      }
      const applied = await before.mutateAsync(input);
      intent.done();
      const prepay = await call(bondPrePay, { attach: applied.obj.id }, { quiet: true });
      const outcome = await wechatBridge.pay(prepay.obj, { amount: bondMoney });
      toast(PAY_OUTCOME_TEXT[outcome]);
      if (outcome !== 'ok') return 'not-paid';
      navigate(payResultUrl({ payResult: 1, actualMoney: bondMoney, outTradeNo: applied.obj.bondCode, prePath: '/compliance' }), { replace: true });
      return 'paid';
    } catch (err) {
      if (err instanceof ApiError && err.code === 'PAY_PASSWORD_WRONG') return { refusal: err.message };
      if (err instanceof ApiError && err.status === 200) toast(err.message);
      throw err;
    }
  };
}
