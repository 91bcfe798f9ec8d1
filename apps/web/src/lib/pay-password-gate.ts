import { currentPath, navigate } from './navigation.js';
import { session } from './session.js';
import { toast } from './toast.js';

/** Where /payPass sends the agent back to once the first payment password is set (ADR 0024). */
export const payPassWithReturn = (back = currentPath()) => `/payPass?back=${encodeURIComponent(back)}`;

/** Why the agent is asked (ADR 0024): said before the screen changes, never a bare redirect. */
export const PAY_PASSWORD_ASK = '为了资金安全，请先设置支付密码';

let asking = false;

/**
 * Asks in a dialog, then leads to /payPass with a return to `back` (the task the agent was doing). antd-mobile loads
 * with the dialog only (ADR 0015); if it cannot load, the agent is led there with a toast instead.
 */
export async function askToSetPayPassword(back = currentPath(), opts: { cancelText?: string } = {}): Promise<boolean> {
  if (asking) return false;
  asking = true;
  try {
    const ui = await import('../components/ui.js').catch(() => null);
    if (!ui) {
      toast(PAY_PASSWORD_ASK, 2000, { keep: true });
      navigate(payPassWithReturn(back));
      return true;
    }
    const go = await ui.Dialog.confirm({ title: '设置支付密码', content: PAY_PASSWORD_ASK, confirmText: '去设置', cancelText: opts.cancelText ?? '取消' });
    if (go) navigate(payPassWithReturn(back));
    return go;
  } finally {
    asking = false;
  }
}

/**
 * ADR 0024: no money leaves an account without a payment password. Before a money action opens the keypad, an agent
 * without one is asked to set it first (a dialog, then /payPass with a return here); answers true when the action must
 * stop.
 */
export function leadToSetPayPassword(): boolean {
  if (session.get().userInfo?.payPassword) return false;
  void askToSetPayPassword();
  return true;
}

/** A `back` parameter the app may follow: an own path, never another origin. */
export const safeBack = (back: string | null) => (back && back.startsWith('/') && !back.startsWith('//') ? back : null);
