import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ACCOUNT_AREA_MESSAGES, editPasswordBySuId, loginPasswordForm } from '@shop/contract/account-area';
import { SubmitButton, TextField } from '../../components/form-row.js';
import { Dialog } from '../../components/ui.js';
import { call } from '../../lib/api.js';
import { session, useSession } from '../../lib/session.js';
import { validateForm } from '../../lib/validate.js';
import './settings.css';

/** /edidPass (spec 3 §2, §5): current, new (6~10) and confirmation; success ends every session and goes to /login. */
export default function LoginPasswordPage() {
  const navigate = useNavigate();
  // ADR 0024: logged in with the one-time password staff had sent by SMS; it is the current password here.
  const forced = !!useSession().mustChangePassword;
  const [form, setForm] = useState({ suPassword: '', newPassword: '', confirmPassword: '' });
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  async function submit() {
    const input = validateForm(loginPasswordForm, form);
    if (!input || busy) return;
    setBusy(true);
    try {
      await call(editPasswordBySuId, { suPassword: input.suPassword, newPassword: input.newPassword });
    } catch {
      setBusy(false);
      return;
    }
    // The server has ended every session already: forget this one locally and log in again.
    await Dialog.alert({ content: ACCOUNT_AREA_MESSAGES.passwordChanged });
    session.clear();
    navigate('/login', { replace: true });
  }

  return (
    <div className="page settings-page">
      {forced && (
        <p className="notice-bar" role="alert">
          请先设置新的登录密码：当前密码填写短信收到的一次性密码
        </p>
      )}
      <form
        className="card form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextField label="当前密码" placeholder="请输入当前密码" type="password" maxLength={10} value={form.suPassword} onChange={set('suPassword')} />
        <TextField label="新密码" placeholder="请输入6~10位新密码" type="password" maxLength={10} value={form.newPassword} onChange={set('newPassword')} />
        <TextField label="确认新密码" placeholder="请再次输入新密码" type="password" maxLength={10} value={form.confirmPassword} onChange={set('confirmPassword')} />
        <SubmitButton busy={busy}>确认修改</SubmitButton>
      </form>
    </div>
  );
}
