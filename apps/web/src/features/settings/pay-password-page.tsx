import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { editPayPassword, editPayPasswordBySuId, payPasswordForm } from '@shop/contract/account-area';
import { sendSMSCode, SMS_FUNC } from '@shop/contract/session';
import { mobile } from '@shop/contract/validation';
import { SubmitButton, TextField } from '../../components/form-row.js';
import { call } from '../../lib/api.js';
import { session, useSession } from '../../lib/session.js';
import { safeBack } from '../../lib/pay-password-gate.js';
import { toast } from '../../lib/toast.js';
import { validateForm } from '../../lib/validate.js';
import { CodeButton } from './code-button.js';
import './settings.css';

/**
 * /payPass (spec 3 §2, §5): set the first one or change it, both with the SMS code (funcType 6) to the own phone
 * (ADR 0024); `back` is where a money action sent the agent from, and where it returns once set.
 */
export default function PayPasswordPage() {
  const navigate = useNavigate();
  const back = safeBack(useSearchParams()[0].get('back'));
  const { userInfo } = useSession();
  const changing = !!userInfo?.payPassword;
  const [form, setForm] = useState({ suPhone: userInfo?.suPhone ?? '', smsCode: '', newPayPassword: '', confirmPayPassword: '' });
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  async function sendCode() {
    const suPhone = validateForm(mobile('手机号不能为空'), form.suPhone);
    if (!suPhone) return false;
    return call(sendSMSCode, { funcType: SMS_FUNC.payPassword, suPhone }).then(
      () => true,
      () => false,
    );
  }

  async function submit() {
    const input = validateForm(payPasswordForm(), form) as typeof form | null;
    if (!input || busy) return;
    setBusy(true);
    try {
      const reply = changing
        ? await call(editPayPasswordBySuId, { suPhone: input.suPhone, smsCode: input.smsCode, newPayPassword: input.newPayPassword })
        : await call(editPayPassword, { suPhone: input.suPhone, smsCode: input.smsCode, newPayPassword: input.newPayPassword });
      toast(reply.msg);
      const current = session.get().userInfo;
      if (current) session.set({ userInfo: { ...current, payPassword: reply.obj.payPassword } });
      setTimeout(() => (back ? navigate(back, { replace: true }) : navigate(-1)), 1000);
    } catch {
      setBusy(false);
    }
  }

  const digits = { type: 'password', inputMode: 'numeric', maxLength: 6 } as const;
  return (
    <div className="page settings-page">
      <h2 className="page-heading">{changing ? '修改支付密码' : '设置新密码'}</h2>
      <form
        className="card form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextField label="手机号" placeholder="请输入手机号" inputMode="tel" maxLength={11} value={form.suPhone} onChange={set('suPhone')} />
        <TextField label="验证码" placeholder="请输入验证码" inputMode="numeric" maxLength={6} value={form.smsCode} onChange={set('smsCode')} extra={<CodeButton send={sendCode} purpose="payPassword" phone={form.suPhone.trim()} />} />
        <TextField label="支付密码" placeholder="请输入6位数字密码" {...digits} value={form.newPayPassword} onChange={set('newPayPassword')} />
        <TextField label="确认密码" placeholder="请再次输入支付密码" {...digits} value={form.confirmPayPassword} onChange={set('confirmPayPassword')} />
        <SubmitButton busy={busy}>确认</SubmitButton>
      </form>
    </div>
  );
}
