import { useNavigate } from 'react-router';
import { selectAgentAuthorizedInfo } from '@shop/contract/lookups';
import { validateForm } from '../../lib/validate.js';
import { LookupForm } from './lookup-form.js';
import { lookup } from './lookup-api.js';

/** /authorization (spec 3 §2, public): the agent's phone number; the answer opens /agent. */
export default function AuthorizationPage() {
  const navigate = useNavigate();
  async function submit(value: string) {
    const input = validateForm(selectAgentAuthorizedInfo.input, { phone: value });
    if (!input) return;
    if (await lookup(selectAgentAuthorizedInfo, { phone: input.phone })) navigate(`/agent?selPhone=${input.phone}`);
  }
  return (
    <LookupForm
      title="授权查询"
      label="手机号码"
      placeholder="请输入代理商手机号码"
      initial=""
      inputMode="numeric"
      maxLength={11}
      submitText="查询"
      onSubmit={(v) => void submit(v.trim())}
    >
      <p className="lookup-hint">输入代理商的手机号码，查询其授权信息与授权证书。</p>
    </LookupForm>
  );
}
