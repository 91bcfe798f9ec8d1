import { Link } from 'react-router';
import { RightOutline } from 'antd-mobile-icons';
import { useSession } from '../../lib/session.js';
import { NotifyPrefs } from './notify-prefs.js';
import './settings.css';

/** /seeting (spec 3 §2): the account entries. */
export default function SettingsPage() {
  const { userInfo } = useSession();
  const entries = [
    { to: '/center', label: '完善个人信息' },
    { to: '/edidPass', label: '修改密码' },
    { to: '/payPass', label: userInfo?.payPassword ? '修改支付密码' : '设置支付密码' },
    { to: '/eceiving', label: '收款账户' },
    { to: '/agreement', label: '用户协议与隐私政策' },
  ];
  return (
    <div className="page settings-page">
      <nav className="card settings-list" aria-label="设置">
        {entries.map((e) => (
          <Link key={e.to} to={e.to} className="settings-entry">
            <span>{e.label}</span>
            <RightOutline aria-hidden="true" />
          </Link>
        ))}
      </nav>
      <NotifyPrefs />
    </div>
  );
}
