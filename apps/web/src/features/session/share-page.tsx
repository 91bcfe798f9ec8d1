import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/session.js';
import { toast } from '../../lib/toast.js';
import { wechatBridge } from '../../lib/wechat-bridge.js';
import { RegistrationForm } from './registration-form.js';

/** The fixed version parameter the share link carries (spec 1 §2). */
const SHARE_VERSION = '1';

export default function SharePage() {
  const navigate = useNavigate();
  const { userInfo } = useSession();
  const [card, setCard] = useState({ title: '邀请好友', desc: '' });
  const myPhone = userInfo?.suPhone ?? '';
  const link = `${window.location.origin}/register?inviterAgentPhone=${encodeURIComponent(myPhone)}&v=${SHARE_VERSION}`;

  async function share() {
    try {
      await wechatBridge.share({ title: card.title, desc: card.desc, link, imgUrl: `${window.location.origin}/share-logo.png` }, (outcome) =>
        toast(outcome === 'shared' ? '分享成功' : '已取消分享'),
      );
    } catch {
      toast('操作失败');
    }
  }

  return (
    <div className="page">
      <div className="share-banner">
        <h2>{card.title}</h2>
        <p>{card.desc || '邀请好友成为代理商，一起共享健康事业'}</p>
        <button type="button" className="share-button" onClick={() => void share()}>
          分享给好友
        </button>
      </div>
      <RegistrationForm
        isShare={1}
        initialInviter={myPhone}
        onSetting={(s) => setCard({ title: s.invitationTitle || '邀请好友', desc: s.invitationContent })}
        onRegistered={async () => {
          setTimeout(() => navigate('/home', { replace: true }), 1000);
        }}
      />
    </div>
  );
}
