import { useEffect, useState } from 'react';
import { Dialog, Picker } from '../../components/ui.js';
import { Link } from 'react-router';
import { registrationForm, selectAgentSetInfo, selectInviterAgent, submitApplications } from '@shop/contract/agent';
import { FLAG } from '@shop/contract/flags';
import { CheckLine, FormRow, SubmitButton, TextField } from '../../components/form-row.js';
import { call, type Reply } from '../../lib/api.js';
import { session } from '../../lib/session.js';
import { toast } from '../../lib/toast.js';
import { validateForm } from '../../lib/validate.js';

type Setting = Reply<typeof selectAgentSetInfo>['obj'];

interface Props {
  /** 1 on /share (an agent registers a friend), 0 on /register. */
  isShare: 0 | 1;
  initialInviter: string;
  /** After '注册成功': what the page does next (log in, go home). */
  onRegistered: (account: { phone: string; password: string }) => Promise<void>;
  onSetting?: (setting: Setting) => void;
}

/** The registration form of /register and /share (spec 1 §2, §5). */
export function RegistrationForm({ isShare, initialInviter, onRegistered, onSetting }: Props) {
  const [form, setForm] = useState({ agentName: '', phone: '', password: '', repeatPassword: '', inviterPhone: initialInviter });
  const [grade, setGrade] = useState<{ id: number; name: string } | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [setting, setSetting] = useState<Setting | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  useEffect(() => {
    call(selectAgentSetInfo, { phone: initialInviter || undefined, isShare }, { background: true })
      .then((reply) => {
        setSetting(reply.obj);
        onSetting?.(reply.obj);
      })
      .catch(() => undefined);
    // The setting is read once per inviter; onSetting is the parent's callback, not a trigger.
  }, [initialInviter, isShare]);

  const ids = setting?.levelIds ? setting.levelIds.split(',') : [];
  const names = setting?.levelNames ? setting.levelNames.split(',') : [];
  const levels = ids.map((id, i) => ({ label: names[i] ?? id, value: id }));
  const agreementRequired = setting?.isEnable === FLAG.yes;

  async function submit() {
    const values = validateForm(registrationForm(agreementRequired), { ...form, gradeId: grade?.id, agreed });
    if (!values || busy) return;
    setBusy(true);
    try {
      const application = {
        isShare,
        platId: session.get().platId,
        openId: session.get().openId ?? undefined,
        agentName: values.agentName,
        gradeId: values.gradeId,
        gradeName: grade?.name,
        phone: values.phone,
        password: values.password,
        inviterPhone: values.inviterPhone,
      };
      const inviter = await call(selectInviterAgent, application);
      const confirmed = await Dialog.confirm({
        title: '注册确认',
        content: `您的邀请人是 ${inviter.obj.inviterName}（${inviter.obj.inviterPhone}），确认提交注册吗？`,
      });
      if (!confirmed) return;
      await call(submitApplications, application);
      toast('注册成功');
      await onRegistered({ phone: values.phone, password: values.password });
    } catch {
      /* the api client showed the message */
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="card form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <TextField label="姓名" placeholder="请输入姓名" maxLength={10} value={form.agentName} onChange={set('agentName')} />
      <TextField label="手机号" placeholder="请输入手机号" inputMode="tel" maxLength={11} value={form.phone} onChange={set('phone')} />
      <FormRow label="代理级别">
        <button type="button" className={grade ? 'picker-value' : 'picker-value muted'} onClick={() => setPickerOpen(true)}>
          {grade?.name ?? '请选择注册代理商级别'}
        </button>
      </FormRow>
      <TextField label="登录密码" placeholder="请输入6~10位登录密码" type="password" maxLength={10} value={form.password} onChange={set('password')} />
      <TextField label="重复密码" placeholder="请再次输入您的登录密码" type="password" maxLength={10} value={form.repeatPassword} onChange={set('repeatPassword')} />
      <TextField label="邀请人" placeholder="请输入邀请人手机号" inputMode="tel" maxLength={11} value={form.inviterPhone} onChange={set('inviterPhone')} />
      {agreementRequired && (
        <div className="form-line">
          <CheckLine checked={agreed} onChange={setAgreed}>
            我已阅读并同意
          </CheckLine>
          <Link to="/agreement">《代理商注册协议》</Link>
        </div>
      )}
      <SubmitButton busy={busy}>提交注册</SubmitButton>
      <Picker
        columns={[levels]}
        visible={pickerOpen}
        onClose={() => setPickerOpen(false)}
        value={grade ? [String(grade.id)] : []}
        onConfirm={(v) => {
          const id = v[0];
          const level = levels.find((l) => l.value === id);
          if (level) setGrade({ id: Number(level.value), name: level.label });
        }}
        title="选择代理级别"
      />
    </form>
  );
}
