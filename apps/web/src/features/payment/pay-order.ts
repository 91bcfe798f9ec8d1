import { useNavigate } from 'react-router';
import { selectOrderInfoByOrderId, selectOrderInfoList } from '@shop/contract/orders';
import { orderPayment, PAY_METHOD, selectOrderPayInfo } from '@shop/contract/payment';
import { offlineSentState } from '@shop/contract/payment-state';
import { yuanToFen } from '@shop/contract/money';
import { ApiError } from '../../lib/api.js';
import { useIntentKey } from '../../lib/idempotency.js';
import { payResultUrl, payWithWechat } from '../../lib/pay-result.js';
import { useOpMutation } from '../../lib/query.js';
import { toast } from '../../lib/toast.js';
import type { OfflineValues } from './offline-form.js';
import type { PayInfo } from './use-payment.js';

/**
 * Submits the payment (the blocking overlay shows: a money action). Answers a wrong password's message for the
 * password sheet to show; every other outcome is toasted or navigates to the result.
 */
export function usePayOrder() {
  const navigate = useNavigate();
  // Paid or refused (the balance or the order moved on), the order's lists, detail and split are out of date.
  const intent = useIntentKey();
  const submit = useOpMutation(orderPayment, { quiet: true, invalidates: [selectOrderInfoList, selectOrderInfoByOrderId, selectOrderPayInfo] });
  return async function payOrder(info: PayInfo, payType: (typeof PAY_METHOD)[keyof typeof PAY_METHOD], offline: OfflineValues, payPassword?: string): Promise<string | void> {
    try {
      const content = {
        id: info.id,
        payType,
        goodsPayMoney: info.goodsPayMoney,
        awardPayMoney: payType === PAY_METHOD.income ? info.outstanding : '0.00',
        offlinePayMoney: payType === PAY_METHOD.offline ? info.outstanding : '0.00',
        orderReceiptRecordBo:
          payType === PAY_METHOD.offline
            ? {
                accountId: offline.accountId!,
                remitAccountName: offline.remitAccountName.trim(),
                remitAccountNumber: offline.remitAccountNumber.trim(),
                remark: offline.remark.trim(),
                voucherImgUrl: offline.vouchers.map((v) => v.url).join(';'),
              }
            : undefined,
      };
      // ADR 0023: a retry of this payment carries the same key; another method or voucher is another payment.
      const reply = await submit.mutateAsync({ ...content, payPassword, idempotencyKey: intent.for(content) });
      intent.done();
      if (reply.obj.wechat) {
        await payWithWechat(reply.obj.wechat, { id: info.id, actualMoney: info.actualMoney }, '/payment');
        return;
      }
      // The result page says it too; the toast goes with the move.
      toast(payType === PAY_METHOD.offline ? '已提交，等待商家审核' : '支付成功', 2000, { keep: true });
      navigate(
        payResultUrl({ payResult: 1, orderId: info.id, actualMoney: info.actualMoney, outTradeNo: info.orderCode, prePath: '/payment', state: payType === PAY_METHOD.offline ? offlineSentState(yuanToFen(info.goodsPayMoney)) : undefined }),
        { replace: true },
      );
    } catch (err) {
      if (err instanceof ApiError && err.code === 'PAY_PASSWORD_WRONG') return err.message;
      if (err instanceof ApiError && err.status === 200) toast(err.message); // a refusal (the transport errors toasted already)
      throw err;
    }
  };
}
