import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BIRTH_RANGE, improvePersonalInformation, selectAgentBaseInfoById, sendChangePhoneCode, SEX_NAMES, type Profile } from '@shop/contract/account-area';
import { mobile } from '@shop/contract/validation';
import { FLAG } from '@shop/contract/flags';
import { FormRow, SubmitButton, TextField } from '../../components/form-row.js';
import { PageState } from '../../components/page-state.js';
import { Dialog } from '../../components/ui.js';
import { call } from '../../lib/api.js';
import { refreshAgentInfo } from '../../lib/auth.js';
import { useOp, useOpMutation } from '../../lib/query.js';
import { session } from '../../lib/session.js';
import { toast } from '../../lib/toast.js';
import { validateForm } from '../../lib/validate.js';
import { AreaPicker } from './area-picker.js';
import { AvatarField } from './avatar-field.js';
import { CodeButton } from './code-button.js';
import './settings.css';

function ProfileForm({ profile }: { profile: Profile }) {
  const navigate = useNavigate();
  const [form, setForm] = useState({ ...profile, smsCode: '', headImgUrl: profile.headImgUrl });
  const save = useOpMutation(improvePersonalInformation, { invalidates: [selectAgentBaseInfoById] });
  const set = <K extends keyof typeof form>(key: K) => (value: (typeof form)[K]) => setForm((f) => ({ ...f, [key]: value }));
  const phoneChanging = form.phone.trim() !== profile.phone;

  async function sendCode() {
    const phone = validateForm(mobile('手机号不能为空'), form.phone);
    if (!phone) return false;
    return call(sendChangePhoneCode, { phone }).then(
      () => true,
      () => false,
    );
  }

  async function submit() {
    const { createDate: _c, gradeName: _g, ...fields } = form;
    try {
      const reply = await save.mutateAsync({ ...fields, smsCode: phoneChanging ? form.smsCode : undefined });
      if (reply.obj.phoneChanged === FLAG.yes) {
        // The server ended every session: log in again with the new phone.
        await Dialog.alert({ content: reply.msg });
        session.clear();
        navigate('/login', { replace: true });
        return;
      }
      toast(reply.msg);
      await refreshAgentInfo().catch(() => undefined);
    } catch {
      /* the api client showed the refusal */
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
      <AvatarField shown={profile.headImgUrl} onChange={set('headImgUrl')} />
      <TextField label="姓名" placeholder="请输入姓名" maxLength={10} value={form.agentName} onChange={set('agentName')} />
      <TextField label="手机号" placeholder="请输入手机号" inputMode="tel" maxLength={11} value={form.phone} onChange={set('phone')} />
      {phoneChanging && (
        <TextField label="验证码" placeholder="新手机号收到的验证码" inputMode="numeric" maxLength={6} value={form.smsCode} onChange={set('smsCode')} extra={<CodeButton send={sendCode} purpose="changePhone" phone={form.phone.trim()} />} />
      )}
      <TextField label="微信号" placeholder="请输入微信号" maxLength={40} value={form.wxNumber} onChange={set('wxNumber')} />
      <FormRow label="出生日期">
        <input className="text-input" type="date" aria-label="出生日期" min={BIRTH_RANGE.min} max={BIRTH_RANGE.max} value={form.birthDate} onChange={(e) => set('birthDate')(e.target.value)} />
      </FormRow>
      <FormRow label="性别">
        <select className="center-select" aria-label="性别" value={form.sex} onChange={(e) => set('sex')(Number(e.target.value))}>
          {[1, 0, 2].map((v) => (
            <option key={v} value={v}>
              {SEX_NAMES[v]}
            </option>
          ))}
        </select>
      </FormRow>
      <AreaPicker provinceCode={form.provinceCode} cityCode={form.cityCode} onChange={(p, c) => setForm((f) => ({ ...f, provinceCode: p, cityCode: c }))} />
      <FormRow label="注册时间">
        <span>{profile.createDate}</span>
      </FormRow>
      <SubmitButton busy={save.isPending}>保存</SubmitButton>
    </form>
  );
}

/** /center (spec 3 §2, §5 Profile): the session agent's personal information. */
export default function CenterPage() {
  const query = useOp(selectAgentBaseInfoById, {});
  return (
    <div className="page settings-page">
      <PageState query={query}>{(data) => (data.objs[0] ? <ProfileForm profile={data.objs[0]} /> : null)}</PageState>
    </div>
  );
}
