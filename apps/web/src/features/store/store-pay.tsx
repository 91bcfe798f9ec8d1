import { useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { PAY_OUTCOME_TEXT } from '@shop/contract/pay-result';
import { storeOrderPrePay } from '@shop/contract/retail-store';
import type { WechatPayParams, PayOutcome } from '../../lib/wechat-bridge.js';
import { loading } from '../../lib/loading.js';
import { toast } from '../../lib/toast.js';
import { storeCall } from './store-api.js';
import { go, storePath } from './store-nav.js';
import { consumer } from './store-session.js';

/** Parameters made by the server's WeChat Pay sandbox cannot open WeChat's sheet (lib/wechat-bridge.ts). */
const SANDBOX_PACKAGE = 'prepay_id=sandbox_';
type Choice = 'pay' | 'fail' | 'cancel';

/**
 * Pays the consumer's unpaid VD order by WeChat Pay through the payment wing (ADR 0012, ADR 0038): the JSAPI sheet
 * inside WeChat, the sandbox's simulated sheet elsewhere. The sheet's answer is a hint: the result screen reads the
 * order back (spec 2 §7 /vapi) and only the server's answer says paid.
 */
export async function payStoreOrder(shopId: number, order: { id: number; actualMoney: string }): Promise<void> {
  let params: WechatPayParams;
  try {
    params = (await storeCall(storeOrderPrePay, { id: order.id }, { blocking: true, say: true })).obj;
  } catch {
    return;
  }
  const outcome = params.packageValue.startsWith(SANDBOX_PACKAGE) ? await sandboxPay(params, order.actualMoney) : await jsapiPay(params);
  toast(PAY_OUTCOME_TEXT[outcome], 2000, { keep: true });
  go(storePath(shopId, 'result', { out_trade_no: params.outTradeNo, id: order.id, payResult: outcome === 'ok' ? 1 : 0 }), { replace: true });
}

interface Bridge {
  invoke(name: string, args: Record<string, unknown>, cb: (res: { err_msg?: string }) => void): void;
}

/** WeChat's own sheet (getBrandWCPayRequest) through the WeixinJSBridge WeChat injects. */
async function jsapiPay(p: WechatPayParams): Promise<PayOutcome> {
  const w = window as unknown as { WeixinJSBridge?: Bridge };
  const bridge =
    w.WeixinJSBridge ??
    (await new Promise<Bridge | undefined>((resolve) => {
      document.addEventListener('WeixinJSBridgeReady', () => resolve(w.WeixinJSBridge), { once: true });
      setTimeout(() => resolve(undefined), 5000); // spec 1 §9
    }));
  if (!bridge) return 'fail';
  return new Promise((resolve) => {
    const args = { appId: p.appId, timeStamp: p.timeStamp, nonceStr: p.nonceStr, package: p.packageValue, signType: p.signType, paySign: p.paySign };
    bridge.invoke('getBrandWCPayRequest', args, (res) => {
      const msg = res?.err_msg ?? '';
      resolve(msg === 'get_brand_wcpay_request:ok' ? 'ok' : msg === 'get_brand_wcpay_request:cancel' ? 'cancel' : 'fail');
    });
  });
}

/**
 * The WeChat Pay sandbox's sheet (never in production): 支付 has the sandbox send WeChat's signed notification, which
 * pays the order through the production path; 取消 and 模拟失败 change nothing on the server.
 */
async function sandboxPay(p: WechatPayParams, amount: string): Promise<PayOutcome> {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root = createRoot(host);
  const choice = await new Promise<Choice>((resolve) => root.render(<SandboxSheet amount={amount} outTradeNo={p.outTradeNo} onChoice={resolve} />));
  root.unmount();
  host.remove();
  const paid = await tell(p.outTradeNo, choice);
  if (choice === 'pay') return paid ? 'ok' : 'fail';
  return choice === 'cancel' ? 'cancel' : 'fail';
}

function SandboxSheet({ amount, outTradeNo, onChoice }: { amount: string; outTradeNo: string; onChoice: (c: Choice) => void }) {
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    first.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onChoice('cancel');
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onChoice]);
  return (
    <div className="store-dialog-mask">
      <div className="store-dialog" role="dialog" aria-modal="true" aria-labelledby="store-pay-title">
        <h2 id="store-pay-title">微信支付（模拟）</h2>
        <div className="store-item-price">¥{amount}</div>
        <p className="store-note">商户订单号 {outTradeNo}</p>
        <p className="store-note">本地沙箱：不会产生真实扣款</p>
        <div className="store-buttons">
          <button ref={first} type="button" className="store-button block" onClick={() => onChoice('pay')}>
            支付
          </button>
          <button type="button" className="store-button ghost block" onClick={() => onChoice('fail')}>
            模拟失败
          </button>
          <button type="button" className="store-text-button" onClick={() => onChoice('cancel')}>
            取消
          </button>
        </div>
      </div>
    </div>
  );
}

/** POST /dev/wechatpay/simulate.do with the consumer's token; true when the server says the payment is credited. */
async function tell(outTradeNo: string, outcome: Choice): Promise<boolean> {
  const { token } = consumer.get();
  loading.start();
  try {
    const res = await fetch('/dev/wechatpay/simulate.do', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { consumerToken: token } : {}) },
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
