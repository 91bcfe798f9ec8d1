import { Dialog } from '../../components/ui.js';
import { logout } from '../../lib/auth.js';
import { useSession } from '../../lib/session.js';

/** The my page: who is logged in, and logout. Tiles and order counts come with the shopping release. */
export default function MyPage() {
  const { userInfo } = useSession();
  if (!userInfo) return null;
  return (
    <div className="page my-page">
      <div className="my-header">
        <div className="avatar">{userInfo.agentName.slice(0, 1)}</div>
        <div>
          <div className="my-name">
            {userInfo.agentName}（{userInfo.gradeName}）
          </div>
          <div className="my-phone">{userInfo.suPhone}</div>
        </div>
      </div>
      <div className="card">
        <button
          type="button"
          className="plain-button"
          onClick={async () => {
            if (await Dialog.confirm({ content: '确定退出登录吗？' })) await logout();
          }}
        >
          退出登录
        </button>
      </div>
    </div>
  );
}
