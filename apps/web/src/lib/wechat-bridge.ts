import { Dialog } from '../components/ui.js';
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

/** The WeChat bridge (pay, scan, share): real inside WeChat, a sandbox everywhere else. */
export interface WechatBridge {
  readonly kind: 'wechat' | 'sandbox';
  /** Prepares the share card; `onOutcome` hears whether the user shared or cancelled. */
  share(data: ShareData, onOutcome: (outcome: ShareOutcome) => void): Promise<void>;
}

interface Wx {
  config(c: Record<string, unknown>): void;
  ready(fn: () => void): void;
  error(fn: (e: unknown) => void): void;
  updateAppMessageShareData(c: Record<string, unknown>): void;
  onMenuShareAppMessage(c: Record<string, unknown>): void;
}
declare global {
  interface Window {
    wx?: Wx;
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

const realBridge: WechatBridge = {
  kind: 'wechat',
  async share(data, onOutcome) {
    const [wx, sig] = await Promise.all([
      loadSdk(),
      call(getSignature, { reqUrl: window.location.href.split('#')[0]! }, { background: true }),
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

/** Outside WeChat: a simulated share sheet with the same outcomes. */
const sandboxBridge: WechatBridge = {
  kind: 'sandbox',
  async share(data, onOutcome) {
    const ok = await Dialog.confirm({
      title: `分享给好友（模拟）`,
      content: `${data.title}\n${data.desc}\n${data.link}`,
      confirmText: '分享',
      cancelText: '取消',
    });
    onOutcome(ok ? 'shared' : 'cancelled');
  },
};

export const wechatBridge: WechatBridge = isWeChat() ? realBridge : sandboxBridge;
