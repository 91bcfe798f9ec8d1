import { useState } from 'react';
import { useNavigate } from 'react-router';
import { editPassword, forgotPasswordForm, sendSMSCode, SMS_FUNC } from '@shop/contract/session';
import { mobile } from '@shop/contract/validation';
import { SubmitButton, TextField } from '../../components/form-row.js';
import { call } from '../../lib/api.js';
import { toast } from '../../lib/toast.js';
import { validateForm } from '../../lib/validate.js';
import { resendWaitMessage, useSmsCountdown } from '../../lib/sms-countdown.js';

export default function PasswordPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState({ suPhone: '', smsCode: '', newPassword: '', confirmPassword: '' });
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const countdown = useSmsCountdown('resetPassword', form.suPhone.trim());

  async function sendCode() {
    if (countdown.running) {
      toast(resendWaitMessage(countdown.left));
      return;
    }
    const suPhone = validateForm(mobile(), form.suPhone);
    if (!suPhone) return;
    try {
      await call(sendSMSCode, { funcType: SMS_FUNC.resetPassword, suPhone });
      toast('验证码发送成功');
      countdown.start();
    } catch {
      /* shown by the api client */
    }
  }

  async function submit() {
    const input = validateForm(forgotPasswordForm, form);
    if (!input || busy) return;
    setBusy(true);
    try {
      await call(editPassword, { suPhone: input.suPhone, smsCode: input.smsCode, newPassword: input.newPassword });
      toast('重置成功');
      setTimeout(() => navigate('/login', { replace: true }), 2000);
    } catch {
      setBusy(false);
    }
  }

  return (
    <div className="page auth-page">
      <h2 className="page-heading">找回密码</h2>
      <form
        className="card form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextField label="手机号" placeholder="请输入手机号" inputMode="tel" maxLength={11} value={form.suPhone} onChange={set('suPhone')} />
        <TextField
          label="验证码"
          placeholder="请输入验证码"
          inputMode="numeric"
          maxLength={6}
          value={form.smsCode}
          onChange={set('smsCode')}
          extra={
            <button type="button" className={countdown.running ? 'code-button waiting' : 'code-button'} onClick={() => void sendCode()}>
              {countdown.running ? `${countdown.left}s后重新获取` : '获取验证码'}
            </button>
          }
        />
        <TextField label="新密码" placeholder="请输入6~10位新密码" type="password" maxLength={10} value={form.newPassword} onChange={set('newPassword')} />
        <TextField label="确认密码" placeholder="请再次输入新密码" type="password" maxLength={10} value={form.confirmPassword} onChange={set('confirmPassword')} />
        <SubmitButton busy={busy}>确认重置</SubmitButton>
      </form>
    </div>
  );
}
