import { Dialog } from '../components/ui.js';
import { loading } from './loading.js';
import { session } from './session.js';
import type { PayOutcome, WechatPayParams } from './wechat-bridge.js';

type Choice = 'pay' | 'cancel' | 'fail';

/**
 * The WeChat Pay sandbox's pay sheet (outside WeChat, against the sandbox provider). 支付 asks the server to have
 * the sandbox send WeChat's signed notification, which credits the order through the production path; 取消 and
 * 模拟失败 change nothing on the server. Answers as getBrandWCPayRequest would.
 */
export async function sandboxPaySheet(p: WechatPayParams, display: { amount?: string }): Promise<PayOutcome> {
  const choice = await new Promise<Choice>((resolve) => {
    Dialog.show({
      title: '微信支付（模拟）',
      content: (
        <div className="sandbox-pay">
          {display.amount && <div className="sandbox-pay-amount">¥{display.amount}</div>}
          <div className="muted">商户订单号 {p.outTradeNo}</div>
          <div className="muted">本地沙箱：不会产生真实扣款</div>
        </div>
      ),
      closeOnAction: true,
      closeOnMaskClick: false,
      actions: [
        { key: 'pay', text: '支付', bold: true },
        { key: 'fail', text: '模拟失败', danger: true },
        { key: 'cancel', text: '取消' },
      ],
      onAction: (action) => resolve(action.key as Choice),
      onClose: () => resolve('cancel'),
    });
  });
  const paid = await tell(p.outTradeNo, choice);
  if (choice === 'pay') return paid ? 'ok' : 'fail';
  return choice === 'cancel' ? 'cancel' : 'fail';
}

/** POST /dev/wechatpay/simulate.do; true when the server says the payment is credited. */
async function tell(outTradeNo: string, outcome: Choice): Promise<boolean> {
  const { token } = session.get();
  loading.start();
  try {
    const res = await fetch('/dev/wechatpay/simulate.do', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { accessToken: token } : {}) },
      body: JSON.stringify({ outTradeNo, outcome }),
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await res.json().catch(() => ({}))) as { result?: string };
    return res.ok && body.result === 'paid';
  } catch {
    return false;
  } finally {
    loading.stop();
  }
}
