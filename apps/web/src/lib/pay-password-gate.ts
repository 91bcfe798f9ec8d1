import { currentPath, navigate } from './navigation.js';
import { session } from './session.js';
import { toast } from './toast.js';

/** Where /payPass sends the agent back to once the first payment password is set (ADR 0024). */
export const payPassWithReturn = (back = currentPath()) => `/payPass?back=${encodeURIComponent(back)}`;

/**
 * ADR 0024: no money leaves an account without a payment password. Before a money action opens the keypad, an agent
 * without one is led to /payPass first (with a return here); answers true when it did so and the action must stop.
 */
export function leadToSetPayPassword(): boolean {
  if (session.get().userInfo?.payPassword) return false;
  toast('请先设置支付密码', 2000, { keep: true });
  navigate(payPassWithReturn());
  return true;
}

/** A `back` parameter the app may follow: an own path, never another origin. */
export const safeBack = (back: string | null) => (back && back.startsWith('/') && !back.startsWith('//') ? back : null);
