import { useNavigate, useSearchParams } from 'react-router';
import { newLogin } from '@shop/contract/session';
import { call } from '../../lib/api.js';
import { session } from '../../lib/session.js';
import { RegistrationForm } from './registration-form.js';

export default function RegisterPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();

  // A new agent is logged in at once, then lands on /home after a second (spec 1 §2).
  async function enter(account: { phone: string; password: string }) {
    const openId = await import('../../lib/open-id.js').then((m) => m.ensureOpenId()).catch(() => null);
    const reply = await call(newLogin, { suAccount: account.phone, suPassword: account.password, openId: openId ?? undefined }, { background: true });
    session.set({ userInfo: reply.obj, token: reply.accessToken });
    setTimeout(() => navigate('/home', { replace: true }), 1000);
  }

  return (
    <div className="page auth-page">
      <h2 className="page-heading">代理商注册</h2>
      <RegistrationForm isShare={0} initialInviter={(params.get('inviterAgentPhone') ?? '').trim()} onRegistered={enter} />
    </div>
  );
}
