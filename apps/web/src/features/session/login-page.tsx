import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { CheckLine, SubmitButton, TextField } from '../../components/form-row.js';
import { EyeIcon, EyeOffIcon } from '../../components/line-icons.js';
import { call } from '../../lib/api.js';
import { refreshAgentInfo } from '../../lib/auth.js';
import { loginRules, newLogin } from '../../lib/first-screen-ops.js';
import { session, useSession } from '../../lib/session.js';
import { toast } from '../../lib/toast.js';
import { validateForm } from '../../lib/validate.js';

/** A redirect must stay inside the app. */
export const safeRedirect = (value: string | null) => (value && value.startsWith('/') && !value.startsWith('//') ? value : '/home');

export default function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const remembered = session.rememberedAccount();
  const [account, setAccount] = useState(remembered);
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const [remember, setRemember] = useState(!!remembered);
  const [busy, setBusy] = useState(false);
  const { userInfo, token } = useSession();
  const [expired] = useState(session.wasExpired);

  // Remember-me: a stored session does not ask for the password again (only an expired one, answered 403, does).
  if (userInfo && token && !busy) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;

  async function submit() {
    // The form's rules (zod) load on first use, so the first screen does not carry them (ADR 0015).
    const rules = await loginRules().catch(() => null);
    if (!rules) return void toast('网络已断开', 3000);
    const input = validateForm(rules, { suAccount: account, suPassword: password });
    if (!input || busy) return;
    setBusy(true);
    try {
      const { platId } = session.get();
      // Loaded on demand: the first screen does not carry it.
      const openId = await import('../../lib/open-id.js').then((m) => m.ensureOpenId()).catch(() => null);
      const reply = await call(newLogin, { ...input, openId: openId ?? undefined, rememberMe: remember ? 1 : 0 });
      session.set({ userInfo: reply.obj, token: reply.accessToken, platId: reply.obj.platId || platId, mustChangePassword: reply.mustChangePassword });
      session.setRememberedAccount(remember ? input.suAccount : null);
      // ADR 0024: a staff reset's one-time password: a new password first, nothing else.
      if (reply.mustChangePassword) return void navigate('/edidPass', { replace: true });
      toast('登录成功', 2000, { keep: true }); // it explains the move to /home
      void refreshAgentInfo().catch(() => undefined);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch {
      /* the api client showed the message */
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="page auth-page">
      <div className="auth-brand">
        <div className="auth-logo">健</div>
        <h1>代理商城</h1>
        <p className="muted">欢迎回来，请登录您的账号</p>
      </div>
      {expired && (
        <p className="notice-bar" role="alert">
          登录已过期，请重新登录
        </p>
      )}
      <form
        className="card form"
        onFocus={() => void loginRules().catch(() => undefined)}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextField label="账号" placeholder="请输入账号" value={account} onChange={setAccount} maxLength={11} inputMode="tel" autoComplete="username" />
        <TextField
          label="密码"
          placeholder="请输入密码"
          value={password}
          onChange={setPassword}
          maxLength={10}
          type={visible ? 'text' : 'password'}
          autoComplete="current-password"
          extra={
            <button type="button" className="icon-button" aria-label={visible ? '隐藏密码' : '显示密码'} onClick={() => setVisible(!visible)}>
              {visible ? <EyeIcon /> : <EyeOffIcon />}
            </button>
          }
        />
        <div className="form-line">
          <CheckLine checked={remember} onChange={setRemember}>
            记住密码
          </CheckLine>
          <Link to="/password">忘记密码？</Link>
        </div>
        <SubmitButton busy={busy}>登录</SubmitButton>
        <p className="form-foot">
          还没有账号？<Link to="/register">立即注册</Link>
        </p>
      </form>
    </div>
  );
}
