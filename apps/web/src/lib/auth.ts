import { call } from './api.js';
import { agentInformationRefresh, loginOut } from './first-screen-ops.js';
import { navigate } from './navigation.js';
import { session } from './session.js';
import { toast } from './toast.js';

/** spec 1 §4 logout: tell the server, clear local storage except openId, reset feature state, go to /login. */
export async function logout(): Promise<void> {
  if (session.get().token) {
    await call(loginOut, {}, { background: true, quiet: true }).catch(() => undefined);
  }
  session.clear();
  navigate('/login', { replace: true });
}

/** spec 1 §4: at start-up and after login; empty info means the agent left ('您已退保 系统自动退出'). */
export async function refreshAgentInfo(): Promise<void> {
  const { userInfo, platId } = session.get();
  if (!userInfo) return;
  const reply = await call(agentInformationRefresh, { suAccount: userInfo.suAccount, platId }, { background: true });
  if (!reply.obj) {
    toast('您已退保 系统自动退出', 2000, { keep: true }); // it explains the move to /login, so it crosses it
    await logout();
    return;
  }
  session.set({ userInfo: reply.obj });
}
