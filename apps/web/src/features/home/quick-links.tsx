import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast.js';
import { CalendarIcon, CardIcon, PictureIcon, ShieldIcon } from './icons.js';

/**
 * Sign-in (spec 1 §2 /home: only when sign-in is enabled; hidden until the point setting says so; a tap
 * re-checks it), anti-fake, authorization and material centre.
 */
export function QuickLinks({ signOn, signShown }: { signOn: () => Promise<boolean>; signShown: boolean }) {
  const navigate = useNavigate();
  const links = [
    { title: '每日签到', icon: <CalendarIcon />, go: async () => ((await signOn()) ? navigate('/sign') : toast('签到未开启')) },
    { title: '防伪查询', icon: <ShieldIcon />, go: () => navigate('/check') },
    { title: '授权查询', icon: <CardIcon />, go: () => navigate('/authorization') },
    { title: '素材中心', icon: <PictureIcon />, go: () => navigate('/source') },
  ].filter((l) => signShown || l.title !== '每日签到');
  return (
    <nav className="quick-links" aria-label="快捷入口">
      {links.map((l) => (
        <button key={l.title} type="button" className="quick-link" onClick={() => void l.go()}>
          <span className="quick-link-icon">{l.icon}</span>
          {l.title}
        </button>
      ))}
    </nav>
  );
}
