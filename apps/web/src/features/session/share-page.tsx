import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { isWeChat } from '../../lib/platform.js';
import { useSession } from '../../lib/session.js';
import { toast } from '../../lib/toast.js';
import { wechatBridge } from '../../lib/wechat-bridge.js';
import { RegistrationForm } from './registration-form.js';
import './share.css';

/** The fixed version parameter the share link carries (spec 1 §2). */
const SHARE_VERSION = '1';
const DEFAULT_DESC = '邀请好友成为代理商，一起共享健康事业';

/** Copies text; where the Clipboard API is refused (older WebViews) a hidden textarea and execCommand do it. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

/**
 * /share (spec 1 §2): inside WeChat the share card is preset on opening and 「分享给好友」 shows where
 * WeChat's own menu is (the JS-SDK cannot open it); everywhere the invite link can be copied, and a poster with the
 * agent's name and a QR code of the link is drawn on the device for a long-press save.
 */
export default function SharePage() {
  const navigate = useNavigate();
  const { userInfo } = useSession();
  const [card, setCard] = useState({ title: '邀请好友', desc: '' });
  const [hint, setHint] = useState(false);
  const [poster, setPoster] = useState<string | null>(null);
  const [drawing, setDrawing] = useState(false);
  const myPhone = userInfo?.suPhone ?? '';
  const link = `${window.location.origin}/register?inviterAgentPhone=${encodeURIComponent(myPhone)}&v=${SHARE_VERSION}`;
  const inWeChat = useMemo(() => isWeChat(), []);
  const shareData = { title: card.title, desc: card.desc || DEFAULT_DESC, link, imgUrl: `${window.location.origin}/share-logo.png` };

  // Inside WeChat: the card is set up front, so the menu's 「发送给朋友」 carries it; a failure only loses the card.
  useEffect(() => {
    if (!inWeChat || !myPhone) return;
    wechatBridge.share(shareData, (outcome) => toast(outcome === 'shared' ? '分享成功' : '已取消分享')).catch(() => undefined);
  }, [inWeChat, myPhone, card.title, card.desc]);

  async function share() {
    if (inWeChat) {
      setHint(true);
      return;
    }
    try {
      await wechatBridge.share(shareData, (outcome) => toast(outcome === 'shared' ? '分享成功' : '已取消分享'));
    } catch {
      // No share sheet here: the link is what the agent can send.
      if (await copyText(link)) toast('邀请链接已复制，粘贴发送给好友');
    }
  }

  async function copyLink() {
    toast((await copyText(link)) ? '复制成功' : '复制失败，请长按链接手动复制');
  }

  async function makePoster() {
    if (drawing) return;
    setDrawing(true);
    try {
      const { drawInvitePoster } = await import('./invite-poster.js');
      setPoster(
        await drawInvitePoster({
          agentName: userInfo?.agentName ?? '',
          title: card.title,
          desc: card.desc || DEFAULT_DESC,
          link,
          logoUrl: '/share-logo.png',
        }),
      );
    } catch {
      toast('海报生成失败，请点击重试');
    } finally {
      setDrawing(false);
    }
  }

  return (
    <div className="page">
      <div className="share-banner">
        <h2>{card.title}</h2>
        <p>{card.desc || DEFAULT_DESC}</p>
        <div className="share-actions">
          <button type="button" className="share-button" onClick={() => void share()}>
            分享给好友
          </button>
          <button type="button" className="share-button" onClick={() => void makePoster()} aria-busy={drawing}>
            {drawing ? '生成中...' : '生成海报'}
          </button>
        </div>
      </div>
      <section className="card share-link" aria-label="邀请链接">
        <span className="share-link-text" data-testid="invite-link">
          {link}
        </span>
        <button type="button" className="share-link-copy" onClick={() => void copyLink()}>
          复制链接
        </button>
      </section>
      {poster && (
        <section className="card share-poster" aria-label="邀请海报">
          <img src={poster} alt={`${userInfo?.agentName ?? ''}的邀请海报，含注册二维码`} />
          <p>长按图片保存到相册，或发送给好友</p>
        </section>
      )}
      {hint && (
        <div className="share-hint" role="dialog" aria-modal="true" aria-label="分享提示">
          <span className="share-hint-arrow" aria-hidden="true">
            ↗
          </span>
          <p>点击右上角 ··· 分享给好友</p>
          <button type="button" className="share-button" onClick={() => setHint(false)}>
            知道了
          </button>
        </div>
      )}
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
