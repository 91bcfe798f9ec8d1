import { confirmDialog } from './lazy-dialog.js';
import { getSignature } from '@shop/contract/wechat';
import { call } from './api.js';
import { isWeChat } from './platform.js';

export interface ShareData {
  title: string;
  desc: string;
  link: string;
  imgUrl: string;
}
export type ShareOutcome = 'shared' | 'cancelled';

/** The page parameters orderPayment / orderPrePay answer (contract `wechatPayParams`). */
export interface WechatPayParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  packageValue: string;
  signType: string;
  paySign: string;
  outTradeNo: string;
}
/** The pay sheet's answer: a hint for the screen only; the server learns the truth from WeChat's notification. */
export type PayOutcome = 'ok' | 'cancel' | 'fail';

/** The WeChat bridge (pay, scan, share): real inside WeChat, a sandbox everywhere else. */
export interface WechatBridge {
  readonly kind: 'wechat' | 'sandbox';
  /** Prepares the share card; `onOutcome` hears whether the user shared or cancelled. */
  share(data: ShareData, onOutcome: (outcome: ShareOutcome) => void): Promise<void>;
  /** Whether WeChat Pay works here: inside WeChat, or against the server's WeChat Pay sandbox. */
  canPay(): Promise<boolean>;
  /** Shows WeChat's pay sheet (getBrandWCPayRequest), or the sandbox's simulated one for sandbox parameters. */
  pay(params: WechatPayParams, display?: { amount?: string }): Promise<PayOutcome>;
}

interface Wx {
  config(c: Record<string, unknown>): void;
  ready(fn: () => void): void;
  error(fn: (e: unknown) => void): void;
  updateAppMessageShareData(c: Record<string, unknown>): void;
  onMenuShareAppMessage(c: Record<string, unknown>): void;
  scanQRCode(c: Record<string, unknown>): void;
}
interface WeixinJSBridge {
  invoke(name: string, args: Record<string, unknown>, callback: (res: { err_msg?: string }) => void): void;
}
declare global {
  interface Window {
    wx?: Wx;
    WeixinJSBridge?: WeixinJSBridge;
  }
}

const SDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';
const SDK_TIMEOUT_MS = 5000; // spec 1 §9

function loadSdk(): Promise<Wx> {
  if (window.wx) return Promise.resolve(window.wx);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SDK_URL;
    script.onload = () => (window.wx ? resolve(window.wx) : reject(new Error('wx missing')));
    script.onerror = reject;
    document.head.appendChild(script);
    setTimeout(() => reject(new Error('wx timeout')), SDK_TIMEOUT_MS);
  });
}

/** WeChat's WebView injects WeixinJSBridge itself (no JS-SDK config needed) and says when it is ready. */
function jsBridge(): Promise<WeixinJSBridge> {
  if (window.WeixinJSBridge) return Promise.resolve(window.WeixinJSBridge);
  return new Promise((resolve, reject) => {
    document.addEventListener('WeixinJSBridgeReady', () => (window.WeixinJSBridge ? resolve(window.WeixinJSBridge) : reject(new Error('no bridge'))), { once: true });
    setTimeout(() => reject(new Error('WeixinJSBridge timeout')), SDK_TIMEOUT_MS);
  });
}

/** Parameters made by the server's sandbox (providers/wechatpay/sandbox-wechatpay.ts) cannot open WeChat's sheet. */
const SANDBOX_PACKAGE = 'prepay_id=sandbox_';

async function pay(p: WechatPayParams, display: { amount?: string } = {}): Promise<PayOutcome> {
  if (p.packageValue.startsWith(SANDBOX_PACKAGE)) {
    const { sandboxPaySheet } = await import('./sandbox-pay-sheet.js'); // antd-mobile stays out of the pages that never pay
    return sandboxPaySheet(p, display);
  }
  let bridge: WeixinJSBridge;
  try {
    bridge = await jsBridge();
  } catch {
    return 'fail';
  }
  return new Promise((resolve) => {
    const args = { appId: p.appId, timeStamp: p.timeStamp, nonceStr: p.nonceStr, package: p.packageValue, signType: p.signType, paySign: p.paySign };
    bridge.invoke('getBrandWCPayRequest', args, (res) => {
      const msg = res?.err_msg ?? '';
      resolve(msg === 'get_brand_wcpay_request:ok' ? 'ok' : msg === 'get_brand_wcpay_request:cancel' ? 'cancel' : 'fail');
    });
  });
}

let sandboxProbe: Promise<boolean> | null = null;
/** Outside WeChat only the sandbox can take a payment; the server has its simulation routes only then. */
async function sandboxAvailable(): Promise<boolean> {
  sandboxProbe ??= fetch('/dev/wechatpay/sandbox', { signal: AbortSignal.timeout(SDK_TIMEOUT_MS) }).then(
    (res) => res.ok,
    () => false,
  );
  const ok = await sandboxProbe;
  if (!ok) sandboxProbe = null; // asked again next time (a network hiccup is not an answer)
  return ok;
}

const realBridge: WechatBridge = {
  kind: 'wechat',
  canPay: async () => true,
  pay,
  async share(data, onOutcome) {
    // Presets the card only (the JS-SDK cannot open WeChat's menu); a failure is the caller's to word.
    const [wx, sig] = await Promise.all([
      loadSdk(),
      call(getSignature, { reqUrl: window.location.href.split('#')[0]! }, { background: true, silent: true, quiet: true }),
    ]);
    wx.config({
      appId: sig.obj.appid,
      timestamp: Number(sig.obj.timestamp),
      nonceStr: sig.obj.noncestr,
      signature: sig.obj.signature,
      jsApiList: ['updateAppMessageShareData', 'onMenuShareAppMessage'],
    });
    wx.ready(() => {
      wx.updateAppMessageShareData({ ...data });
      wx.onMenuShareAppMessage({
        ...data,
        success: () => onOutcome('shared'),
        cancel: () => onOutcome('cancelled'),
      });
    });
  },
};

/**
 * WeChat's own scanner (JS-SDK scanQRCode, needResult 1): the scanned text, or null when closed or outside WeChat
 * (the caller then offers the camera). ADR 0018.
 */
export async function scanInWechat(): Promise<string | null> {
  if (!isWeChat()) return null;
  const [wx, sig] = await Promise.all([
    loadSdk(),
    call(getSignature, { reqUrl: window.location.href.split('#')[0]! }, { background: true }),
  ]);
  wx.config({ appId: sig.obj.appid, timestamp: Number(sig.obj.timestamp), nonceStr: sig.obj.noncestr, signature: sig.obj.signature, jsApiList: ['scanQRCode'] });
  return new Promise((resolve) => {
    wx.error(() => resolve(null));
    wx.ready(() =>
      wx.scanQRCode({
        needResult: 1,
        scanType: ['qrCode', 'barCode'],
        success: (res: { resultStr?: string }) => resolve(res.resultStr ?? null),
        cancel: () => resolve(null),
        fail: () => resolve(null),
      }),
    );
  });
}

/** Outside WeChat: a simulated share sheet with the same outcomes. */
const sandboxBridge: WechatBridge = {
  kind: 'sandbox',
  canPay: sandboxAvailable,
  pay,
  async share(data, onOutcome) {
    const ok = await confirmDialog({
      title: `分享给好友（模拟）`,
      content: `${data.title}\n${data.desc}\n${data.link}`,
      confirmText: '分享',
      cancelText: '取消',
    });
    onOutcome(ok ? 'shared' : 'cancelled');
  },
};

export const wechatBridge: WechatBridge = isWeChat() ? realBridge : sandboxBridge;
